// `npm run mutation`: the mutation run of the reference, one Stryker run per chunk of files,
// one after another. Each run stores its results in the shared incremental file
// (reports/mutation/stryker-incremental.json) before the next starts, so an interrupted run
// keeps every finished chunk and a re-run only tests what changed. The last run's report
// (index.html, mutation.json, summary.md) holds every file: Stryker carries the incremental
// results of files outside a run's --mutate scope into its report.
//
//   node runner/mutation/run-modules.mjs                 all chunks, incremental
//   node runner/mutation/run-modules.mjs dispatcher      only the chunks of one module
//   node runner/mutation/run-modules.mjs -- --force      extra Stryker options for every run
//
// Expects a built kit (npm run mutation runs tsc first).

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";

const KIT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const V = (names) => names.map((n) => `reference/src/${n}.ts`).join(",");

// The cases each module's mutants are tested with (PAPC_MUTATION_OPERATIONS). Validator mutants
// are not tested with dispatch cases: those re-validate their package through the whole
// validator, so they cover nearly every validator mutant, and each spawns handler processes
// (~80 ms): a surviving validator mutant would cost a minute instead of seconds. The loader
// shares frontmatter.ts and json-pointer.ts with the validator, hence its cases there too.
const VALIDATOR_CASES = "validate,load-agent-plugin";

/** Chunks of a few hundred mutants each (a validator mutant costs ~2-5 s; see README.md). */
export const CHUNKS = [
  { module: "dispatcher", operations: "dispatch", mutate: "reference/src/dispatch/**/*.ts" },
  { module: "validator", operations: VALIDATOR_CASES, mutate: V(["validate", "structural", "report", "contract", "identity", "limits", "json-pointer", "providers", "cycles"]) },
  { module: "validator", operations: VALIDATOR_CASES, mutate: V(["package-tree", "discovery", "source-dirs", "members"]) },
  { module: "validator", operations: VALIDATOR_CASES, mutate: V(["manifest-decode", "manifest-types", "tools", "hooks", "hook-combinations", "bindings"]) },
  { module: "validator", operations: VALIDATOR_CASES, mutate: V(["skills", "frontmatter", "resolution", "references", "instructions", "agents"]) },
  { module: "loader", operations: "load-agent-plugin", mutate: "reference/src/agent-plugins/**/*.ts" },
];

const dash = process.argv.indexOf("--");
const wanted = (dash === -1 ? process.argv.slice(2) : process.argv.slice(2, dash)).filter(Boolean);
const extra = dash === -1 ? [] : process.argv.slice(dash + 1);
const unknown = wanted.filter((m) => !CHUNKS.some((c) => c.module === m));
if (unknown.length > 0) {
  console.error(`run-modules: unknown module ${unknown.join(", ")} (known: ${[...new Set(CHUNKS.map((c) => c.module))].join(", ")})`);
  process.exit(2);
}
const chunks = CHUNKS.filter((c) => wanted.length === 0 || wanted.includes(c.module));

// Every case writes and removes a fixture tree: on a tmpfs that takes half the time. A run-own
// directory, removed at the end: mutants that skip a clean-up (and workers Stryker kills after
// a timeout) leave fixture and dispatcher temp directories behind.
const ownTmp = !process.env.TMPDIR && existsSync("/dev/shm") ? mkdtempSync("/dev/shm/papc-mutation-") : undefined;
const tmpEnv = ownTmp ? { TMPDIR: ownTmp } : {};

let failed = 0;
for (const [i, chunk] of chunks.entries()) {
  const started = Date.now();
  console.log(`\n=== mutation chunk ${i + 1}/${chunks.length} (${chunk.module}): ${chunk.mutate}`);
  const run = await execa("npx", ["stryker", "run", "runner/mutation/stryker.config.mjs", "--mutate", chunk.mutate, ...extra], {
    cwd: KIT_ROOT,
    env: { ...tmpEnv, PAPC_MUTATION_OPERATIONS: chunk.operations },
    stdio: "inherit",
    reject: false,
  });
  console.log(`=== chunk ${i + 1} ${run.exitCode === 0 ? "done" : `failed (exit ${run.exitCode})`} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (run.exitCode !== 0) failed++;
}
if (ownTmp) rmSync(ownTmp, { recursive: true, force: true });
process.exit(failed > 0 ? 1 : 0);
