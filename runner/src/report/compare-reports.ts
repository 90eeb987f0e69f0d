// `papc report compare A B`: what changed between two runs, by case id and hash.

import type { CaseRecord, RunReport } from "../types/run-report.js";
import { count } from "../common/plural.js";

export interface Comparison {
  regressions: { id: string; before: string; after: string }[];
  fixes: { id: string; before: string; after: string }[];
  other_changes: { id: string; before: string; after: string }[];
  /** Same id, different content: the case itself changed between the runs. */
  changed_cases: string[];
  added: string[];
  removed: string[];
  same_suite: boolean;
}

const GOOD = new Set(["pass", "expected-fail", "not-applicable", "skip"]);

export function compareReports(a: RunReport, b: RunReport): Comparison {
  const before = new Map(a.cases.map((c) => [c.id, c]));
  const after = new Map(b.cases.map((c) => [c.id, c]));
  const cmp: Comparison = { regressions: [], fixes: [], other_changes: [], changed_cases: [], added: [], removed: [], same_suite: a.header.suite.hash === b.header.suite.hash };
  for (const [id, y] of after) {
    const x = before.get(id);
    if (!x) {
      cmp.added.push(id);
      continue;
    }
    if (x.hash !== y.hash) cmp.changed_cases.push(id);
    const was = label(x);
    const now = label(y);
    if (was === now) continue;
    const row = { id, before: was, after: now };
    // Losing a pass is a regression, also to skip or not-applicable: coverage went down.
    if (x.outcome === "pass" && !y.stale_baseline && y.outcome !== "pass") cmp.regressions.push(row);
    else if (!GOOD.has(x.outcome) && y.outcome === "pass") cmp.fixes.push(row);
    else if (GOOD.has(x.outcome) && !GOOD.has(y.outcome)) cmp.regressions.push(row);
    else cmp.other_changes.push(row);
  }
  for (const id of before.keys()) if (!after.has(id)) cmp.removed.push(id);
  return cmp;
}

function label(c: CaseRecord): string {
  return c.stale_baseline ? "pass (stale baseline)" : c.outcome;
}

/** Entries listed per section in the text view; --json lists every one. */
export const LISTED_MAX = 50;

export function renderComparison(cmp: Comparison, aName: string, bName: string): string {
  // the counts first, then the lists, each cut at LISTED_MAX
  const counts = [
    count(cmp.regressions.length, "regression"),
    count(cmp.fixes.length, "fix", "fixes"),
    count(cmp.other_changes.length, "other change"),
    `${count(cmp.changed_cases.length, "case")} whose content changed`,
    `${cmp.added.length} added`,
    `${cmp.removed.length} removed`,
  ];
  const lines = [`compare ${aName} → ${bName}${cmp.same_suite ? "" : " (the suites differ)"}`, counts.join(", ")];
  const section = (title: string, items: string[]): void => {
    if (items.length === 0) return;
    lines.push("", `${title} (${items.length}):`, ...items.slice(0, LISTED_MAX).map((t) => `  ${t}`));
    if (items.length > LISTED_MAX) lines.push(`  … and ${items.length - LISTED_MAX} more (--json lists them all)`);
  };
  const moves = (rows: { id: string; before: string; after: string }[]): string[] => rows.map((r) => `${r.id}: ${r.before} → ${r.after}`);
  section("regressions", moves(cmp.regressions));
  section("fixes", moves(cmp.fixes));
  section("other changes", moves(cmp.other_changes));
  section("cases whose content changed", cmp.changed_cases);
  section("added", cmp.added);
  section("removed", cmp.removed);
  return `${lines.join("\n")}\n`;
}
