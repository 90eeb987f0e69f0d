// A Stryker ignorer plugin ("wording"): mutants that only change the wording of a diagnostic
// message or of a hook failure's detail are reported as Ignored, with the reason below, instead
// of being run. No conformance case can kill them: SPEC KIT-EXPECT-DIAGNOSTICS says messages are
// never compared, and dispatch cases check a failure's code and hook id, never its detail.
// Everything else that survives is triaged by hand in EQUIVALENT.md.
//
// Likewise a diagnostic's `pointer`, papc's extension of report schema 1 that no case compares.
//
// What counts as wording (and nothing else):
//   - the value of an object property named `message`, `detail` or `pointer`;
//   - an argument passed to a parameter so named of a function or arrow function declared in
//     the same file, or of `invalid` (manifest-types.ts) and `pointerFrom` (json-pointer.ts);
//   - the first argument of `new Error(...)` or of a class declared in the file that extends Error;
//   - an arrow function whose body is only a `pointerFrom(...)` call (the `at` helpers).
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
/** Builders imported from other files of the reference: name → reason of each parameter. */
const IMPORTED_BUILDERS = new Map([
  ["invalid", { from: "/manifest-types.js", params: [WORDING, POINTER] }],
  ["pointerFrom", { from: "/json-pointer.js", params: [POINTER] }],
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
  if (params) return WORDING_NAMES.get(paramName(params[index]));
  return importedBuilderReason(parent, index);
}

/** The reason of parameter `index` when `call` calls a builder imported from its file. */
function importedBuilderReason(call, index) {
  const callee = call.node.callee;
  if (callee.type !== "Identifier") return undefined;
  const imported = call.scope.getBinding(callee.name)?.path;
  const builder = IMPORTED_BUILDERS.get(callee.name);
  if (!builder || !imported?.isImportSpecifier() || !imported.parentPath.node.source.value.endsWith(builder.from)) return undefined;
  return builder.params[index];
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
    if (path.isArrowFunctionExpression() && path.get("body").isCallExpression() && importedBuilderReason(path.get("body"), 0) === POINTER) return POINTER;
    return wordingArguments.get(path.node);
  },
};

export const strykerPlugins = [{ kind: "Ignore", name: "wording", value: wordingIgnorer }];
