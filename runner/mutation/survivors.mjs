// Lists surviving and uncovered mutants from Stryker's JSON report, grouped by file, with the
// original source line: the to-do list for new conformance cases (or EQUIVALENT.md).
//   node runner/mutation/survivors.mjs [report.json] [path-prefix]
import { readFileSync } from "node:fs";
import { relative, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const KIT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const file = process.argv[2] ?? resolve(KIT_ROOT, "reports/mutation/mutation.json");
const prefix = process.argv[3] ?? "";
const report = JSON.parse(readFileSync(file, "utf8"));
for (const [name, data] of Object.entries(report.files).sort()) {
  const rel = name.startsWith("/") ? relative(KIT_ROOT, name) : name;
  if (!rel.startsWith(prefix)) continue;
  const lines = data.source.split("\n");
  const left = data.mutants
    .filter((m) => m.status === "Survived" || m.status === "NoCoverage")
    .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  if (left.length === 0) continue;
  console.log(`\n## ${rel} (${left.length})`);
  for (const m of left) {
    const { start, end } = m.location;
    const original = start.line === end.line ? lines[start.line - 1].slice(start.column - 1, end.column - 1) : `${lines[start.line - 1].slice(start.column - 1)}…`;
    const short = (s) => (s.length > 90 ? `${s.slice(0, 87)}...` : s).replace(/\s+/g, " ");
    console.log(`${m.status === "Survived" ? "S" : "N"} ${rel}:${start.line}:${start.column} #${m.id} ${m.mutatorName}: ${short(original)} -> ${short(m.replacement ?? "")}`);
  }
}
