// A Stryker ignorer plugin ("wording"): mutants that only change the wording of a message or of
// a hook failure's detail are reported as Ignored, with the reason below, instead of being run.
// No conformance case can kill them: SPEC KIT-EXPECT-DIAGNOSTICS says messages are never
// compared, and dispatch cases check a failure's code and hook id, never its detail.
// Everything else that survives is triaged by hand in EQUIVALENT.md.
//
// The validator needs none of this: its findings are typed values worded in
// reference/src/validate/messages/, which is not mutated (stryker.config.mjs). What is left is
// the wording the dispatcher, the Agent Plugins loader, the lifecycle and frontmatter.ts still
// write where they find a problem.
//
// What counts as wording (and nothing else):
//   - the value of an object property named `message`, `detail` or `pointer`;
//   - an argument passed to a parameter so named of a function or arrow function declared in
//     the same file;
//   - the first argument of `new Error(...)` or of a class declared in the file that extends Error.
// A mutant *around* such a value (dropping the call, changing which code is pushed) is still run.

/** The reasons this ignorer gives (module-summary-reporter.mjs counts its mutants by them). */
export const WORDING = "wording of a message or detail: never compared (SPEC KIT-EXPECT-DIAGNOSTICS)";
export const POINTER = "pointer of a diagnostic: papc's extension of report schema 1, never compared (SPEC 4.2)";
/** Property and parameter names whose value is only wording, with the reason. */
const WORDING_NAMES = new Map([
  ["message", WORDING],
  ["detail", WORDING],
  ["pointer", POINTER],
]);

function propertyName(node) {
  if (node.computed) return undefined;
  if (node.key.type === "Identifier") return node.key.name;
  if (node.key.type === "StringLiteral") return node.key.value;
  return undefined;
}

/** The parameter list of the function `name` refers to at `path`, when declared in this file. */
function localParams(path, name) {
  const binding = path.scope.getBinding(name);
  if (!binding) return undefined;
  const decl = binding.path;
  if (decl.isFunctionDeclaration()) return decl.node.params;
  if (decl.isVariableDeclarator()) {
    const init = decl.node.init;
    if (init && (init.type === "ArrowFunctionExpression" || init.type === "FunctionExpression")) return init.params;
  }
  return undefined;
}

function paramName(param) {
  if (!param) return undefined;
  if (param.type === "Identifier") return param.name;
  if (param.type === "AssignmentPattern" && param.left.type === "Identifier") return param.left.name;
  return undefined;
}

/** Whether `name` at `path` is Error or a class of this file extending Error. */
function isErrorClass(path, name) {
  if (name === "Error") return true;
  const binding = path.scope.getBinding(name);
  const decl = binding?.path;
  return Boolean(decl?.isClassDeclaration() && decl.node.superClass?.type === "Identifier" && decl.node.superClass.name === "Error");
}

/** The reason when `path` is an argument that only words a message or pointer, else undefined. */
function wordingArgument(path) {
  const parent = path.parentPath;
  if (!parent || !(parent.isCallExpression() || parent.isNewExpression())) return undefined;
  const index = parent.node.arguments.indexOf(path.node);
  const callee = parent.node.callee;
  if (index < 0 || callee.type !== "Identifier") return undefined;
  if (parent.isNewExpression()) return index === 0 && isErrorClass(path, callee.name) ? WORDING : undefined;
  const params = localParams(path, callee.name);
  return params ? WORDING_NAMES.get(paramName(params[index])) : undefined;
}

// The instrumenter replaces a function's body with mutant switches on leaving it, before calls
// further down the file are visited, so parameter names are read once, from the untouched
// program, when the traversal enters it.
let wordingArguments = new WeakMap();

function collectWordingArguments(program) {
  const found = new WeakMap();
  program.traverse({
    "CallExpression|NewExpression"(call) {
      for (const argument of call.get("arguments")) {
        const reason = wordingArgument(argument);
        if (reason) found.set(argument.node, reason);
      }
    },
  });
  return found;
}

export const wordingIgnorer = {
  shouldIgnore(path) {
    if (path.isProgram()) wordingArguments = collectWordingArguments(path);
    const parent = path.parentPath;
    if (parent?.isObjectProperty() && parent.node.value === path.node) {
      const reason = WORDING_NAMES.get(propertyName(parent.node));
      if (reason) return reason;
    }
    return wordingArguments.get(path.node);
  },
};

export const strykerPlugins = [{ kind: "Ignore", name: "wording", value: wordingIgnorer }];
