// The census of the markings: every mutant a `// Stryker disable` directive marks equivalent is
// run after all, to see which markings hold. A marking whose mutant a case kills is loose (its
// directive covers more than its reason argues for); the census score is each module's score with
// every marked mutant scored as it really fares, in place of the honest score's assumption that
// every one of them survives.
//
//   npm run mutation -- --census                  every module
//   node runner/mutation/census.mjs [module...]   (what run-modules.mjs --census runs)
//   node runner/mutation/census.mjs [module...] --from mutation.json...
//                                                 the figures again from a census's Stryker reports
//                                                 (it keeps them in reports/mutation/census-runs/)
//
// How: a copy of the kit in a temporary folder whose directives are made plain comments (same
// lines, so the stored locations still hold), and one Stryker run per chunk that mutates only the
// marked mutants' ranges (`file:line:column-line:column`), with a fresh incremental file. The
// figures are read from the stored results (reports/mutation/stryker-incremental.json, or the
// committed baseline) and the census runs; they go to reports/mutation/census.json and census.md
// (`run-modules.mjs --save-baseline` commits census.json with the baseline).

import { execa } from "execa";
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CHUNKS } from "./chunks.mjs";
import { MODULES, summarize } from "./module-summary-reporter.mjs";
import { CENSUS_JSON, KIT_ROOT, readCensus, readStoredResults } from "./stored-results.mjs";

const CENSUS_MD = resolve(KIT_ROOT, "reports/mutation/census.md");
const CENSUS_RUNS = resolve(KIT_ROOT, "reports/mutation/census-runs");
/** Stryker's directive syntax (its instrumenter's strykerCommentDirectiveRegex), made inert by the copy. */
const DIRECTIVE = /\/\/(\s?)Stryker (disable|restore)/g;

const moduleOf = (file) => MODULES.find((m) => m.test(file))?.name ?? "other";
/** A directive made inert, as the census's copy has it. */
const inert = (text) => text.replace(DIRECTIVE, "// census, was: Stryker-$2");
// (a mutant's replacement can hold a directive: a switch case's comments come with the case)
const key = (file, m) =>
  `${file}@${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${inert(m.replacement ?? "")}`;

/** The mutants a directive marks (Ignored with the directive's reason; static ones are Stryker's own). */
export function markedMutants(report) {
  const marked = [];
  for (const [file, data] of Object.entries(report.files)) {
    for (const m of data.mutants) {
      if (m.status === "Ignored" && !(m.statusReason ?? "").startsWith("Static mutant")) marked.push({ file, mutant: m });
    }
  }
  return marked;
}

/**
 * Into `dir`: a copy of the kit's files (tracked and untracked, not ignored) with inert
 * directives, node_modules hard-linked (so `dir` is on the kit's file system: beside it).
 */
async function censusCopy(dir) {
  const { stdout } = await execa("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: KIT_ROOT });
  for (const file of new Set(stdout.split("\0").filter(Boolean))) {
    const from = join(KIT_ROOT, file);
    if (!existsSync(from) || !lstatSync(from).isFile()) continue;
    const to = join(dir, file);
    mkdirSync(dirname(to), { recursive: true });
    if (file.startsWith("reference/src/") && file.endsWith(".ts")) {
      writeFileSync(to, inert(readFileSync(from, "utf8")));
    } else copyFileSync(from, to);
    chmodSync(to, lstatSync(from).mode & 0o777);
  }
  // a real directory of hard links (Stryker links its sandbox to it); the built dispatcher for the project cases
  await execa("cp", ["-al", join(KIT_ROOT, "node_modules"), join(dir, "node_modules")]);
  for (const built of ["dist/reference", "dist/runner/shared"]) {
    mkdirSync(dirname(join(dir, built)), { recursive: true });
    await execa("cp", ["-a", join(KIT_ROOT, built), join(dir, built)]);
  }
}

/**
 * The temporary folder of the mutants: a folder inside `dir`, so that what a mutant makes beside it (a
 * temp-name prefix mutated to "" makes mkdtemp(tmpdir()) create a sibling of TMPDIR) is still
 * removed with `dir`. Given as TMPDIR and as PAPC_TMPDIR, where cases make their fixtures
 * (runner/src/fixtures/case-folder-base.ts; without it, /dev/shm itself).
 */
export function mutantTmpEnv(dir) {
  const inner = join(dir, "t");
  mkdirSync(inner, { recursive: true });
  return { TMPDIR: inner, PAPC_TMPDIR: inner };
}

/** Stryker's mutate range of a stored mutant: lines from 1, columns from 0 (the report's columns are from 1). */
const range = (file, m) => `${file}:${m.location.start.line}:${m.location.start.column - 1}-${m.location.end.line}:${m.location.end.column - 1}`;

/** Into `fates`: the status of every mutant a census run's Stryker report (mutation.json) holds. */
function addFates(fates, reportFile) {
  for (const [file, data] of Object.entries(JSON.parse(readFileSync(reportFile, "utf8")).files))
    for (const m of data.mutants) if (m.status !== "Ignored") fates.set(key(file, m), m.status);
}

/** The fates of the `marked` mutants, from one Stryker run per chunk in a copy with inert directives. */
async function runCensus(marked) {
  const fates = new Map();
  let runs = 0;
  rmSync(CENSUS_RUNS, { recursive: true, force: true });
  // beside the kit, not in it (npm test's vitest would collect the copy's tests)
  const copy = mkdtempSync(join(dirname(KIT_ROOT), ".papc-census-"));
  const tmp = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "papc-census-tmp-"));
  try {
    await censusCopy(copy);
    for (const chunk of CHUNKS) {
      const mine = marked.filter(({ file }) => chunk.files.includes(file));
      if (mine.length === 0) continue;
      const started = Date.now();
      console.log(`\n=== census (${chunk.module}): ${mine.length} marked mutants in ${new Set(mine.map((x) => x.file)).size} files`);
      const run = await execa(
        "npx",
        [
          "stryker",
          "run",
          "runner/mutation/stryker.config.mjs",
          "--mutate",
          mine.map(({ file, mutant }) => range(file, mutant)).join(","),
          "--incrementalFile",
          "reports/mutation/census-incremental.json",
          "--force",
        ],
        { cwd: copy, env: { ...mutantTmpEnv(tmp), PAPC_MUTATION_OPERATIONS: chunk.operations, PAPC_STRYKER_TMP: join(tmp, "stryker") }, stdio: "inherit", reject: false },
      );
      console.log(`=== census (${chunk.module}) ${run.exitCode === 0 ? "done" : `failed (exit ${run.exitCode})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      if (run.exitCode !== 0) throw new Error(`census: Stryker failed for the ${chunk.module} chunk`);
      // kept (reports/mutation/census-runs/), so the figures can be made again with --from
      const saved = join(CENSUS_RUNS, `${String(++runs).padStart(2, "0")}-${chunk.module}.json`);
      mkdirSync(CENSUS_RUNS, { recursive: true });
      copyFileSync(join(copy, "reports/mutation/mutation.json"), saved);
      addFates(fates, saved);
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  }
  return fates;
}

/** Per module: the stored counts, the marked mutants' fates and the census score. */
export function censusFigures(stored, marked, fates) {
  const byModule = new Map(
    summarize(stored).map((m) => [m.name, { module: m.name, counts: m.counts, marked: 0, killed: 0, timedOut: 0, survived: 0, noCoverage: 0, missing: 0, loose: [] }]),
  );
  for (const { file, mutant } of marked) {
    const entry = byModule.get(moduleOf(file));
    if (entry === undefined) continue;
    entry.marked++;
    const status = fates.get(key(file, mutant));
    // A marked mutant is mostly equivalent, so it runs every case that covers it, under the full
    // load of the workers: a timeout is that load far more often than a hang, and no evidence
    // of a kill. Counted apart, neither loose nor detected.
    if (status === "Timeout") entry.timedOut++;
    else if (status === "Killed") {
      entry.killed++;
      entry.loose.push({ file, line: mutant.location.start.line, mutator: mutant.mutatorName, replacement: mutant.replacement, reason: mutant.statusReason });
    } else if (status === "Survived") entry.survived++;
    else if (status === "NoCoverage") entry.noCoverage++;
    else entry.missing++;
  }
  return [...byModule.values()]
    .filter((e) => e.marked > 0)
    .map((e) => {
      const c = e.counts;
      const detected = c.Killed + c.Timeout + e.killed;
      const all = c.Killed + c.Timeout + c.Survived + c.NoCoverage + e.marked;
      return { ...e, counts: undefined, censusScore: Math.round((10000 * detected) / all) / 100 };
    });
}

function table(figures) {
  return [
    "| module | marked | killed (loose) | timed out | survived | no coverage | not re-run | census score | taken |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...figures.map(
      (f) => `| ${f.module} | ${f.marked} | ${f.killed} | ${f.timedOut ?? 0} | ${f.survived} | ${f.noCoverage} | ${f.missing} | ${f.censusScore.toFixed(2)} % | ${f.date} |`,
    ),
  ];
}

function markdown(figures) {
  const lines = [
    "# Census of the equivalent markings",
    "",
    "Every mutant a `// Stryker disable` directive marks was run after all (runner/mutation/census.mjs). Census score: the module's score with those mutants scored as they fared. A killed marked mutant is a loose marking: its directive covers a mutant a case kills. A timed-out one is not counted as detected: an equivalent mutant runs every case that covers it, and a timeout under the workers' load is no evidence of a kill.",
    "",
    ...table(figures),
    "",
  ];
  for (const f of figures.filter((x) => x.loose.length > 0)) {
    lines.push(`## ${f.module}: loose markings`, "");
    for (const l of f.loose) lines.push(`- ${l.file}:${l.line} ${l.mutator} → \`${(l.replacement ?? "").replace(/\s+/g, " ").slice(0, 60)}\`: ${l.reason}`);
    lines.push("");
  }
  return lines.join("\n");
}

async function main() {
  const from = process.argv.indexOf("--from");
  const own = from === -1 ? process.argv.slice(2) : process.argv.slice(2, from);
  const wanted = own.filter((a) => !a.startsWith("--"));
  const known = new Set(CHUNKS.map((c) => c.module));
  const unknown = wanted.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    console.error(`census: unknown module ${unknown.join(", ")} (modules: ${[...known].join(", ")})`);
    return 2;
  }
  const stored = readStoredResults();
  const marked = markedMutants(stored).filter(({ file }) => wanted.length === 0 || wanted.includes(moduleOf(file)));
  let fates = new Map();
  // --from: the census again from the Stryker reports of its runs, without running anything
  if (from === -1) fates = await runCensus(marked);
  else for (const report of process.argv.slice(from + 1)) addFates(fates, report);
  const figures = censusFigures(stored, marked, fates);
  const when = new Date().toISOString().slice(0, 10);
  mkdirSync(dirname(CENSUS_JSON), { recursive: true });
  // modules not in this run keep their last census
  const earlier = readCensus(CENSUS_JSON).filter((m) => !figures.some((f) => f.module === m.module));
  const modules = [...earlier, ...figures.map((f) => ({ ...f, date: when }))];
  writeFileSync(CENSUS_JSON, `${JSON.stringify({ modules }, null, 2)}\n`);
  writeFileSync(CENSUS_MD, markdown(modules));
  console.log(`\n${table(modules).join("\n")}\ncensus written: reports/mutation/census.json, census.md`);
  return figures.some((f) => f.missing > 0) ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main());
