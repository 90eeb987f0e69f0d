// The per-module mutation scores of the committed baseline (runner/mutation/baseline/), as the one
// Markdown table README.md and runner/mutation/README.md show between their
// `<!-- mutation-scores -->` markers: generated, never typed.
//   node runner/mutation/score-table.mjs           print the table
//   node runner/mutation/score-table.mjs --write   write it into both files
//   node runner/mutation/score-table.mjs --check   exit 1 when a file's table is not the baseline's
// `run-modules.mjs --save-baseline` writes them too. "honest" is the score with every mutant
// marked equivalent by a directive counted as a survivor instead; "census" the score with those
// mutants run after all (census.mjs; runner/mutation/baseline/census.json, when one was taken).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { censusCell, summarize, TARGETS } from "./module-summary-reporter.mjs";
import { BASELINE_CENSUS, KIT_ROOT, readBaseline, readCensus } from "./stored-results.mjs";

export const TABLE_FILES = ["README.md", "runner/mutation/README.md"];
const START = "<!-- mutation-scores:start -->";
const END = "<!-- mutation-scores:end -->";

const pct = (x) => (x === null ? "n/a" : `${x.toFixed(2)} %`);

/** The table of the baseline's per-module scores. */
export function scoreTable(report = readBaseline(), census = readCensus(BASELINE_CENSUS)) {
  const rows = summarize(report).map((m) => {
    const target = TARGETS[m.name];
    const met = target === undefined ? "–" : `${target} % ${m.score !== null && m.score >= target ? "met" : "**missed**"}`;
    return `| ${m.name} | ${pct(m.score)} | ${pct(m.unmarkedScore)} | ${censusCell(census, m.name, pct)} | ${pct(m.coveredScore)} | ${m.counts.Killed + m.counts.Timeout} | ${m.counts.Survived} | ${m.counts.NoCoverage} | ${m.counts.marked} | ${met} |`;
  });
  return [
    "| module | score | honest score | census score | covered score | killed | survived | no coverage | marked equivalent | target |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n");
}

/** `text` with the part between the markers replaced by `table`; throws when the markers are missing. */
export function withTable(text, table, file) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${file} has no ${START} … ${END} block`);
  return `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
}

function main() {
  const mode = process.argv[2];
  const table = scoreTable();
  if (mode === undefined) {
    process.stdout.write(`${table}\n`);
    return 0;
  }
  if (mode !== "--write" && mode !== "--check") {
    process.stderr.write("usage: score-table.mjs [--write | --check]\n");
    return 2;
  }
  let stale = 0;
  for (const file of TABLE_FILES) {
    const path = resolve(KIT_ROOT, file);
    const text = readFileSync(path, "utf8");
    const fresh = withTable(text, table, file);
    if (fresh === text) continue;
    if (mode === "--write") writeFileSync(path, fresh);
    else {
      stale++;
      process.stderr.write(`${file}: the mutation score table is not the baseline's; run node runner/mutation/score-table.mjs --write\n`);
    }
  }
  return stale > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
