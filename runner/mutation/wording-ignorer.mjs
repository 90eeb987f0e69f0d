// A Stryker ignorer plugin ("wording"): mutants that only change the wording of a diagnostic
// message or of a hook failure's detail are reported as Ignored, with the reason below, instead
// of being run. No conformance case can kill them: SPEC KIT-EXPECT-DIAGNOSTICS says messages are
// never compared, and dispatch cases check a failure's code and hook id, never its detail.
// Everything else that survives is triaged by hand in EQUIVALENT.md.
//
// What counts as wording (and nothing else):
//   - the value of an object property named `message` or `detail`;
//   - an argument passed to a parameter named `message` or `detail` of a function or arrow
//     function declared in the same file, or of `invalid` (manifest-types.ts, imported widely);
//   - the first argument of `new Error(...)` or of a class declared in the file that extends Error.
// A mutant *around* such a value (dropping the call, changing which code is pushed) is still run.

const WORDING_NAMES = new Set(["message", "detail"]);
/** Message builders imported from manifest-types.ts: name → index of the message parameter. */
const IMPORTED_BUILDERS = new Map([["invalid", 0]]);
const REASON = "wording of a message or detail: never compared (SPEC KIT-EXPECT-DIAGNOSTICS)";

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

function isWordingArgument(path) {
  const parent = path.parentPath;
  if (!parent || !(parent.isCallExpression() || parent.isNewExpression())) return false;
  const index = parent.node.arguments.indexOf(path.node);
  const callee = parent.node.callee;
  if (index < 0 || callee.type !== "Identifier") return false;
  if (parent.isNewExpression()) return index === 0 && isErrorClass(path, callee.name);
  const params = localParams(path, callee.name);
  if (params) return WORDING_NAMES.has(paramName(params[index]));
  const imported = path.scope.getBinding(callee.name)?.path;
  return Boolean(
    imported?.isImportSpecifier() &&
      IMPORTED_BUILDERS.get(callee.name) === index &&
      imported.parentPath.node.source.value.endsWith("/manifest-types.js"),
  );
}

// The instrumenter replaces a function's body with mutant switches on leaving it, before calls
// further down the file are visited, so parameter names are read once, from the untouched
// program, when the traversal enters it.
let wordingArguments = new WeakSet();

function collectWordingArguments(program) {
  const found = new WeakSet();
  program.traverse({
    "CallExpression|NewExpression"(call) {
      for (const argument of call.get("arguments")) if (isWordingArgument(argument)) found.add(argument.node);
    },
  });
  return found;
}

export const wordingIgnorer = {
  shouldIgnore(path) {
    if (path.isProgram()) wordingArguments = collectWordingArguments(path);
    const parent = path.parentPath;
    if (parent?.isObjectProperty() && parent.node.value === path.node && WORDING_NAMES.has(propertyName(parent.node))) return REASON;
    if (wordingArguments.has(path.node)) return REASON;
    return undefined;
  },
};

export const strykerPlugins = [{ kind: "Ignore", name: "wording", value: wordingIgnorer }];
