// `papc report compare A B`: what changed between two runs, by case id and hash.

import type { CaseRecord, RunReport } from "../types/run-report.js";

export interface Comparison {
  regressions: { id: string; before: string; after: string }[];
  fixes: { id: string; before: string; after: string }[];
  otherChanges: { id: string; before: string; after: string }[];
  /** Same id, different content: the case itself changed between the runs. */
  changedCases: string[];
  added: string[];
  removed: string[];
  sameSuite: boolean;
}

const GOOD = new Set(["pass", "expected-fail", "not-applicable", "skip"]);

export function compareReports(a: RunReport, b: RunReport): Comparison {
  const before = new Map(a.cases.map((c) => [c.id, c]));
  const after = new Map(b.cases.map((c) => [c.id, c]));
  const cmp: Comparison = { regressions: [], fixes: [], otherChanges: [], changedCases: [], added: [], removed: [], sameSuite: a.header.suite.hash === b.header.suite.hash };
  for (const [id, y] of after) {
    const x = before.get(id);
    if (!x) {
      cmp.added.push(id);
      continue;
    }
    if (x.hash !== y.hash) cmp.changedCases.push(id);
    const was = label(x);
    const now = label(y);
    if (was === now) continue;
    const row = { id, before: was, after: now };
    // Losing a pass is a regression, also to skip or not-applicable: coverage went down.
    if (x.outcome === "pass" && !y.stale_baseline && y.outcome !== "pass") cmp.regressions.push(row);
    else if (!GOOD.has(x.outcome) && y.outcome === "pass") cmp.fixes.push(row);
    else if (GOOD.has(x.outcome) && !GOOD.has(y.outcome)) cmp.regressions.push(row);
    else cmp.otherChanges.push(row);
  }
  for (const id of before.keys()) if (!after.has(id)) cmp.removed.push(id);
  return cmp;
}

function label(c: CaseRecord): string {
  return c.stale_baseline ? "pass (stale baseline)" : c.outcome;
}

export function renderComparison(cmp: Comparison, aName: string, bName: string): string {
  const lines = [`compare ${aName} → ${bName}${cmp.sameSuite ? "" : " (the suites differ)"}`];
  const section = (title: string, rows: { id: string; before: string; after: string }[]): void => {
    if (rows.length === 0) return;
    lines.push("", `${title} (${rows.length}):`, ...rows.map((r) => `  ${r.id}: ${r.before} → ${r.after}`));
  };
  section("regressions", cmp.regressions);
  section("fixes", cmp.fixes);
  section("other changes", cmp.otherChanges);
  if (cmp.changedCases.length) lines.push("", `cases whose content changed (${cmp.changedCases.length}):`, ...cmp.changedCases.map((id) => `  ${id}`));
  if (cmp.added.length) lines.push("", `added (${cmp.added.length}):`, ...cmp.added.map((id) => `  ${id}`));
  if (cmp.removed.length) lines.push("", `removed (${cmp.removed.length}):`, ...cmp.removed.map((id) => `  ${id}`));
  lines.push("", `${cmp.regressions.length} regressions, ${cmp.fixes.length} fixes`);
  return `${lines.join("\n")}\n`;
}
