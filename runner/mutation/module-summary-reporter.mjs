// A Stryker reporter plugin ("module-summary"): after the run, prints the mutation score of
// each module of the reference (validator / dispatcher / loader) and writes it to
// reports/mutation/summary.md and reports/mutation/summary.json. Declared without
// importing @stryker-mutator/api: a plugin is { kind, name, injectableClass }.
//
// Also usable on its own, on a report Stryker already wrote (json reporter or incremental file):
//   node runner/mutation/module-summary-reporter.mjs [reports/mutation/mutation.json]

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BASELINE_CENSUS, CENSUS_JSON, KIT_ROOT, readCensus } from "./stored-results.mjs";

const OUT_DIR = resolve(KIT_ROOT, "reports/mutation");

/** The modules the mutation run scores, by path below the kit root. */
export const MODULES = [
  { name: "validator", test: (f) => /^reference\/src\/(validate\/)?[^/]+\.ts$/.test(f) },
  // The projection sits beside the dispatcher but is judged by the project cases (its own chunk
  // in run-modules.mjs), not the dispatch cases: reported apart.
  { name: "projection", test: (f) => f === "reference/src/dispatch/project.ts" || f === "reference/src/dispatch/report-provider.ts" },
  { name: "dispatcher", test: (f) => f.startsWith("reference/src/dispatch/") },
  { name: "loader", test: (f) => f.startsWith("reference/src/agent-plugins/") },
  { name: "lifecycle", test: (f) => f.startsWith("reference/src/lifecycle/") },
  { name: "composition", test: (f) => f.startsWith("reference/src/compose/") },
];
/** The score each module must reach (runner/mutation/README.md): 85 % for every module. */
export const TARGETS = { validator: 85, dispatcher: 85, projection: 85, loader: 85, lifecycle: 85, composition: 85 };

const STATUSES = ["Killed", "Timeout", "Survived", "NoCoverage", "RuntimeError", "CompileError", "Ignored", "Pending"];

/**
 * Why a mutant was ignored: Stryker's static mutants, or a `// Stryker disable` directive in the
 * reference (an equivalent mutant, marked).
 */
function ignoredKind(reason = "") {
  return reason.startsWith("Static mutant") ? "static" : "marked";
}

function emptyCounts() {
  return { ...Object.fromEntries(STATUSES.map((s) => [s, 0])), static: 0, marked: 0 };
}

function rel(file) {
  const r = file.startsWith("/") ? relative(KIT_ROOT, file) : file;
  return r.split("\\").join("/");
}

/** Per module and per file: counts by status, score (detected / valid) and covered score. */
export function summarize(report) {
  const modules = MODULES.map((m) => ({ name: m.name, counts: emptyCounts(), files: [] }));
  const other = { name: "other", counts: emptyCounts(), files: [] };
  for (const [file, data] of Object.entries(report.files).sort(([a], [b]) => rel(a).localeCompare(rel(b)))) {
    const path = rel(file);
    const mod = modules[MODULES.findIndex((m) => m.test(path))] ?? other;
    const counts = emptyCounts();
    for (const mutant of data.mutants) {
      counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
      if (mutant.status === "Ignored") counts[ignoredKind(mutant.statusReason)] += 1;
    }
    for (const s of [...STATUSES, "static", "marked"]) mod.counts[s] += counts[s];
    mod.files.push({ file: path, counts, ...scores(counts) });
  }
  const all = [...modules, ...(other.files.length > 0 ? [other] : [])].filter((m) => m.files.length > 0);
  return all.map((m) => ({ ...m, ...scores(m.counts) }));
}

function scores(c) {
  const detected = c.Killed + c.Timeout;
  const valid = detected + c.Survived + c.NoCoverage;
  const covered = detected + c.Survived;
  return {
    mutants: valid,
    score: valid === 0 ? null : round((100 * detected) / valid),
    coveredScore: covered === 0 ? null : round((100 * detected) / covered),
    // the honest score: as if every mutant marked equivalent by a directive had survived instead
    unmarkedScore: valid + c.marked === 0 ? null : round((100 * detected) / (valid + c.marked)),
  };
}

function round(x) {
  return Math.round(x * 100) / 100;
}

function fmt(x) {
  return x === null ? "n/a" : x.toFixed(2);
}

/** A module's census score in `census` (census.json's modules), with its day; "not taken" without one. */
export function censusCell(census, name, format) {
  const c = census.find((x) => x.module === name);
  return c === undefined ? "not taken" : `${format(c.censusScore)} (${c.date})`;
}

export function renderText(summary, censusOf = () => "not taken") {
  const head = ["module", "score %", "covered %", "honest %", "census %", "killed", "timeout", "survived", "no cov", "errors", "marked equiv.", "static", "target"];
  const rows = summary.map((m) => [
    m.name,
    fmt(m.score),
    fmt(m.coveredScore),
    fmt(m.unmarkedScore),
    censusOf(m.name),
    m.counts.Killed,
    m.counts.Timeout,
    m.counts.Survived,
    m.counts.NoCoverage,
    m.counts.RuntimeError + m.counts.CompileError,
    m.counts.marked,
    m.counts.static,
    TARGETS[m.name] === undefined ? "-" : `${TARGETS[m.name]} ${m.score !== null && m.score >= TARGETS[m.name] ? "ok" : "MISSED"}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(" | ");
  return ["Mutation score per module (conformance suite against the reference):", line(head), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map(line)].join("\n");
}

export function renderMarkdown(summary, censusOf = () => "not taken", when = new Date().toISOString()) {
  const out = [`# Mutation score of the reference`, ``, `Run: ${when}. Killed by the conformance suite (cases/) run against the reference, not by its unit tests.`, ``];
  out.push(
    `Score = (killed + timeout) / (killed + timeout + survived + no coverage). Ignored mutants are not scored: "marked equiv." are equivalent mutants marked by a \`// Stryker disable\` directive with a reason, "static" Stryker's static mutants (ignoreStatic). "honest" is the score if every marked mutant had survived instead; "census" the score with the marked mutants run and scored as they fared, in the last census of the markings (\`npm run mutation -- --census\`, census.md), with its day. Reasons: ignored.md.`,
    ``,
  );
  out.push(
    `| module | score % | covered % | honest % | census % | killed | timeout | survived | no coverage | marked equiv. | static |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  );
  for (const m of summary)
    out.push(
      `| ${m.name} | ${fmt(m.score)} | ${fmt(m.coveredScore)} | ${fmt(m.unmarkedScore)} | ${censusOf(m.name)} | ${m.counts.Killed} | ${m.counts.Timeout} | ${m.counts.Survived} | ${m.counts.NoCoverage} | ${m.counts.marked} | ${m.counts.static} |`,
    );
  out.push(``, `## Per file`, ``, `| file | score % | killed | timeout | survived | no coverage |`, `|---|---:|---:|---:|---:|---:|`);
  for (const m of summary)
    for (const f of m.files) out.push(`| ${f.file} | ${fmt(f.score)} | ${f.counts.Killed} | ${f.counts.Timeout} | ${f.counts.Survived} | ${f.counts.NoCoverage} |`);
  return out.join("\n") + "\n";
}

/**
 * Every Ignored mutant with Stryker's reason: the equivalent mutants marked in the reference
 * (`// Stryker disable …: reason`) and static ones (ignoreStatic).
 */
export function renderIgnored(report) {
  const byReason = new Map();
  for (const [file, data] of Object.entries(report.files)) {
    const lines = data.source.split("\n");
    for (const m of data.mutants) {
      if (m.status !== "Ignored") continue;
      const reason = (m.statusReason ?? "(no reason)").replace(/^Disabled by user comment: /, "");
      const { line, column } = m.location.start;
      const code = (lines[line - 1] ?? "").trim().slice(0, 100);
      if (!byReason.has(reason)) byReason.set(reason, []);
      byReason.get(reason).push(`${rel(file)}:${line}:${column} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? "").slice(0, 60)} — \`${code}\``);
    }
  }
  const out = [
    `# Ignored mutants and why`,
    ``,
    `Not run and not scored. Reasons come from the \`// Stryker disable\` comments in reference/src or from Stryker (static mutants).`,
    ``,
  ];
  for (const [reason, mutants] of [...byReason].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
    out.push(`## ${reason} (${mutants.length})`, ``, ...mutants.sort().map((m) => `- ${m}`), ``);
  }
  return out.join("\n");
}

function publish(report) {
  const summary = summarize(report);
  // the newest census (census.mjs): the working one in reports/mutation/, else the committed one
  const census = readCensus(CENSUS_JSON, BASELINE_CENSUS);
  const censusOf = (name) => censusCell(census, name, fmt);
  process.stdout.write(`\n${renderText(summary, censusOf)}\n\n`);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(resolve(OUT_DIR, "summary.json"), JSON.stringify(summary, null, 2) + "\n");
  writeFileSync(resolve(OUT_DIR, "summary.md"), renderMarkdown(summary, censusOf));
  writeFileSync(resolve(OUT_DIR, "ignored.md"), renderIgnored(report));
  process.stdout.write(`Per-module summary: ${relative(process.cwd(), resolve(OUT_DIR, "summary.md"))}\n`);
}

class ModuleSummaryReporter {
  static inject = [];
  onMutationTestReportReady(report) {
    publish(report);
  }
}

export const strykerPlugins = [{ kind: "Reporter", name: "module-summary", injectableClass: ModuleSummaryReporter }];

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? resolve(OUT_DIR, "mutation.json");
  publish(JSON.parse(readFileSync(file, "utf8")));
}
