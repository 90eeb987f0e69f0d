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
//   node runner/mutation/run-modules.mjs --changed       CI: only the files whose source differs
//                                                        from the committed baseline, within
//                                                        PAPC_MUTATION_BUDGET_MINUTES (default 45)
//   node runner/mutation/run-modules.mjs --save-baseline after a run: commit the results as the baseline
//   node runner/mutation/run-modules.mjs --census [module] run the mutants directives mark (census.mjs)
//
// The baseline (runner/mutation/baseline/stryker-incremental.json.gz) is the incremental file
// of the last complete run, committed. With no incremental file of its own a run starts from it,
// so a clean clone re-tests only what changed since (.ci/run uses --changed).
//
// Expects a built kit (npm run mutation runs tsc first).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { execa } from "execa";
import { mutantTmpEnv } from "./census.mjs";
import { CHUNKS, chunkProblems } from "./chunks.mjs";
import { BASELINE, BASELINE_CENSUS, baselineText, CENSUS_JSON, INCREMENTAL, KIT_ROOT, readStoredResults } from "./stored-results.mjs";

// The SHA-256 of every mutated file when the baseline was saved. Stryker's incremental file
// omits files without testable mutants (limits.ts holds only static ones), so it cannot tell
// by itself whether such a file changed.
const BASELINE_SOURCES = resolve(KIT_ROOT, "runner/mutation/baseline/sources.json");
const sha256 = (file) =>
  createHash("sha256")
    .update(readFileSync(resolve(KIT_ROOT, file)))
    .digest("hex");
const chunkProblem = chunkProblems();
if (chunkProblem !== undefined) {
  console.error(`run-modules: ${chunkProblem}`);
  process.exit(2);
}

const dash = process.argv.indexOf("--");
const own = (dash === -1 ? process.argv.slice(2) : process.argv.slice(2, dash)).filter(Boolean);
const extra = dash === -1 ? [] : process.argv.slice(dash + 1);
const changedOnly = own.includes("--changed");
const wanted = own.filter((a) => !a.startsWith("--"));
const FLAGS = ["--changed", "--save-baseline", "--census"];
const unknownFlag = own.filter((a) => a.startsWith("--") && !FLAGS.includes(a));
const unknown = wanted.filter((m) => !CHUNKS.some((c) => c.module === m));
if (unknown.length > 0 || unknownFlag.length > 0) {
  console.error(`run-modules: unknown ${[...unknown, ...unknownFlag].join(", ")} (modules: ${[...new Set(CHUNKS.map((c) => c.module))].join(", ")}; flags: ${FLAGS.join(", ")})`);
  process.exit(2);
}

if (own.includes("--census")) {
  const census = await execa("node", [resolve(KIT_ROOT, "runner/mutation/census.mjs"), ...wanted], { stdio: "inherit", reject: false });
  process.exit(census.exitCode ?? 1);
}

if (own.includes("--save-baseline")) {
  if (!existsSync(INCREMENTAL)) {
    console.error(`run-modules: no ${relative(KIT_ROOT, INCREMENTAL)} to save; run the mutation first`);
    process.exit(2);
  }
  mkdirSync(dirname(BASELINE), { recursive: true });
  writeFileSync(BASELINE, gzipSync(readFileSync(INCREMENTAL), { level: 9 }));
  const sources = Object.fromEntries(CHUNKS.flatMap((c) => c.files).map((f) => [f, sha256(f)]));
  writeFileSync(BASELINE_SOURCES, JSON.stringify(sources, null, 2) + "\n");
  // the last census (census.mjs), when one was taken, goes with it
  if (existsSync(CENSUS_JSON)) writeFileSync(BASELINE_CENSUS, readFileSync(CENSUS_JSON));
  const { scoreTable, withTable, TABLE_FILES } = await import("./score-table.mjs");
  const table = scoreTable();
  for (const file of TABLE_FILES) writeFileSync(resolve(KIT_ROOT, file), withTable(readFileSync(resolve(KIT_ROOT, file), "utf8"), table, file));
  console.log(
    `baseline saved: ${relative(KIT_ROOT, BASELINE)} and ${relative(KIT_ROOT, BASELINE_SOURCES)} (and census.json when a census was taken), its scores written into ${TABLE_FILES.join(" and ")} (commit them)`,
  );
  process.exit(0);
}

if (!existsSync(INCREMENTAL) && existsSync(BASELINE)) {
  mkdirSync(dirname(INCREMENTAL), { recursive: true });
  writeFileSync(INCREMENTAL, baselineText());
  console.log(`starting from the committed baseline ${relative(KIT_ROOT, BASELINE)}`);
}

if (changedOnly && !existsSync(INCREMENTAL)) {
  console.log(`mutation --changed: no stored results and no baseline (${relative(KIT_ROOT, BASELINE)}); run npm run mutation first`);
  process.exit(0);
}

/**
 * Whether a file changed since the stored results: by the baseline's source hashes when there
 * are any (a clean clone), else by the sources in the incremental file (or missing from it).
 * Built once: the incremental file is megabytes of JSON.
 */
function changedSince() {
  if (existsSync(BASELINE_SOURCES)) {
    const hashes = JSON.parse(readFileSync(BASELINE_SOURCES, "utf8"));
    return (f) => hashes[f] !== sha256(f);
  }
  const stored = readStoredResults().files;
  return (f) => stored[f]?.source !== readFileSync(resolve(KIT_ROOT, f), "utf8");
}

const changed = changedOnly ? changedSince() : undefined;
const chunks = CHUNKS.filter((c) => wanted.length === 0 || wanted.includes(c.module))
  .map((c) => ({ ...c, mutate: changed ? c.files.filter(changed) : c.files }))
  .filter((c) => c.mutate.length > 0);
if (chunks.length === 0) {
  console.log("mutation: no mutated file changed since the stored results; nothing to run");
  await execa("node", [resolve(KIT_ROOT, "runner/mutation/module-summary-reporter.mjs"), INCREMENTAL], { stdio: "inherit" });
  process.exit(0);
}

// Every case writes and removes a fixture tree: on a tmpfs that takes half the time. A run-own
// directory, removed at the end: mutants that skip a clean-up (and workers Stryker kills after
// a timeout) leave fixture and dispatcher temp directories behind.
const ownTmp = !process.env.TMPDIR && existsSync("/dev/shm") ? mkdtempSync("/dev/shm/papc-mutation-") : undefined;
const tmpEnv = ownTmp ? mutantTmpEnv(ownTmp) : {};

// CI bound (--changed): a stale baseline must not hold the job past its time limit. A chunk cut
// short keeps nothing (Stryker writes the incremental file at the end) and fails the run.
const budgetMs = Number(process.env.PAPC_MUTATION_BUDGET_MINUTES ?? (changedOnly ? 45 : 0)) * 60_000;
const deadline = budgetMs > 0 ? Date.now() + budgetMs : undefined;

let failed = 0;
for (const [i, chunk] of chunks.entries()) {
  const started = Date.now();
  if (deadline !== undefined && started >= deadline) {
    console.log(`=== time budget spent: chunks ${i + 1}-${chunks.length} not run; refresh the baseline (npm run mutation, then --save-baseline)`);
    failed++;
    break;
  }
  console.log(`\n=== mutation chunk ${i + 1}/${chunks.length} (${chunk.module}): ${chunk.mutate.join(",")}`);
  const run = await execa("npx", ["stryker", "run", "runner/mutation/stryker.config.mjs", "--mutate", chunk.mutate.join(","), ...extra], {
    cwd: KIT_ROOT,
    env: { ...tmpEnv, PAPC_MUTATION_OPERATIONS: chunk.operations },
    stdio: "inherit",
    reject: false,
    ...(deadline !== undefined ? { timeout: deadline - started } : {}),
  });
  console.log(`=== chunk ${i + 1} ${run.exitCode === 0 ? "done" : `failed (exit ${run.exitCode})`} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (run.exitCode !== 0) failed++;
}
if (ownTmp) rmSync(ownTmp, { recursive: true, force: true });
process.exit(failed > 0 ? 1 : 0);
