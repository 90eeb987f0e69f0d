// The chunks of the mutation run: which reference files each Stryker run mutates, and with which
// cases (PAPC_MUTATION_OPERATIONS). Shared by run-modules.mjs and census.mjs.

import { readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const KIT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Validator modules: in reference/src/validate/, or at reference/src/'s root for the ones every capability shares. */
const SHARED = new Set(["manifest-types", "frontmatter"]);
const V = (names) => names.map((n) => (SHARED.has(n) ? `reference/src/${n}.ts` : `reference/src/validate/${n}.ts`));
/** The .ts files below a directory of the kit, as kit-relative paths. */
// The mutated files under `dir`: its TypeScript files but its messages/ folders, which only word
// findings and are not mutated (stryker.config.mjs; a chunk's --mutate list overrides it).
const tree = (dir) =>
  readdirSync(resolve(KIT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => relative(KIT_ROOT, join(e.parentPath ?? e.path, e.name)))
    .filter((f) => !f.split("/").includes("messages"))
    .sort();

// The cases each module's mutants are tested with (PAPC_MUTATION_OPERATIONS). Validator mutants
// are not tested with dispatch cases: those re-validate their package through the whole
// validator, so they cover nearly every validator mutant, and each spawns handler processes
// (~80 ms): a surviving validator mutant would cost a minute instead of seconds. The loader
// shares frontmatter.ts with the validator, hence its cases there too.
const VALIDATOR_CASES = "validate,load-agent-plugin";
// the projection and the provider naming only it and the lifecycle use (the dispatch cases never reach it)
const PROJECTION = ["reference/src/dispatch/project.ts", "reference/src/dispatch/report-provider.ts"];

/** Chunks of a few hundred mutants each (a validator mutant costs ~2-5 s; see README.md). */
export const CHUNKS = [
  // (dispatch under a trust store, an untrusted hook or a package that no longer validates, is
  // reached only by the multi-step cases: with them the chunk took over 40 minutes, so those few
  // mutants stay uncovered here and the lifecycle chunk tests the gate that drives them)
  { module: "dispatcher", operations: "dispatch", files: tree("reference/src/dispatch").filter((f) => !PROJECTION.includes(f)) },
  // the projection is judged by the project cases, whose commands run the built dispatcher (dist/ in the sandbox)
  { module: "projection", operations: "project", files: PROJECTION },
  {
    module: "validator",
    operations: VALIDATOR_CASES,
    files: V(["validate", "diagnostic-codes", "structural", "report", "contract", "identity", "limits", "providers", "cycles"]),
  },
  { module: "validator", operations: VALIDATOR_CASES, files: V(["package-tree", "discovery", "source-dirs", "members"]) },
  { module: "validator", operations: VALIDATOR_CASES, files: V(["manifest-decode", "manifest-types", "tools", "hooks", "hook-combinations", "bindings"]) },
  { module: "validator", operations: VALIDATOR_CASES, files: V(["skills", "frontmatter", "resolution", "references", "instructions", "agents"]) },
  { module: "loader", operations: "load-agent-plugin", files: tree("reference/src/agent-plugins") },
  // the multi-step cases (operation "steps" as loaded) exercise the lifecycle module
  { module: "lifecycle", operations: "steps", files: tree("reference/src/lifecycle") },
  // the composing host (SPEC chapter 10), judged by the compose cases
  { module: "composition", operations: "compose", files: tree("reference/src/compose") },
];

// Every file Stryker is configured to mutate (stryker.config.mjs) belongs to exactly one chunk:
// a new module left out of the lists above would otherwise go untested without a word.
/** The validator files in no chunk and in two (each must be in exactly one). */
export function chunkProblems() {
  const inChunks = CHUNKS.flatMap((c) => c.files);
  // (messages/ folders are not mutated: stryker.config.mjs)
  const validator = [...tree("reference/src/validate"), ...[...SHARED].map((n) => `reference/src/${n}.ts`)];
  const missing = validator.filter((f) => !inChunks.includes(f));
  const twice = inChunks.filter((f, i) => inChunks.indexOf(f) !== i);
  return missing.length > 0 || twice.length > 0
    ? `the chunks must hold every validator file once (in none: ${missing.join(", ") || "-"}; twice: ${twice.join(", ") || "-"})`
    : undefined;
}
