// The one-line verdict a rendered report opens with. It never says "no failures" while the run
// has known failures (a baseline keeps a run green, it does not make the failures go away), and it
// says how many cases were not judged and why, grouped by the reason each skip gave.

import type { CaseRecord, RunReport } from "../types/run-report.js";
import { count } from "../common/plural.js";

/** What every rendered report says under its verdict, passing or not (seed 000, closing section). */
export const NOT_CERTIFICATION =
  "A run shows what these cases observed, nothing more: a green suite is not package certification, and it does not certify runtime availability or how native handlers behave.";

/** At most this many distinct reasons are quoted; the rest are counted. */
const MAX_REASONS = 4;

export function verdictLine(report: RunReport): string {
  if (report.footer.stopped !== undefined) {
    return `❌ the run stopped after ${report.cases.length} of ${count(report.header.suite.cases, "case")}: ${report.footer.stopped.replace(/\s*\n\s*/g, " ")}`;
  }
  const known = report.cases.filter((c) => c.outcome === "expected-fail").length;
  const notJudged = report.cases.filter((c) => c.outcome === "skip" || c.outcome === "not-applicable");
  const verdict =
    report.footer.exit_code !== 0
      ? "❌ not conforming on this suite"
      : known > 0
        ? `⚠️ ${known} known failure${known === 1 ? "" : "s"} (baseline)`
        : notJudged.length > 0
          ? "⚠️ no failures among the judged cases"
          : "✅ conforming on this suite";
  return notJudged.length === 0 ? verdict : `${verdict}; ${notJudgedLine(notJudged, report.cases.length)}`;
}

/** "17 of 214 cases not judged: 13 × <reason>; 4 × <reason>" */
export function notJudgedLine(cases: CaseRecord[], total: number): string {
  const byReason = new Map<string, number>();
  for (const c of cases) {
    const why = c.outcome === "not-applicable" ? "not applicable: the implementation does not announce this operation" : (c.message ?? "no reason given");
    byReason.set(why, (byReason.get(why) ?? 0) + 1);
  }
  const ranked = [...byReason].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = ranked.slice(0, MAX_REASONS).map(([why, n]) => `${n} × ${why.replace(/\s*\n\s*/g, " ")}`);
  const rest = ranked.slice(MAX_REASONS).reduce((sum, [, n]) => sum + n, 0);
  if (rest > 0) shown.push(`${rest} for ${ranked.length - MAX_REASONS} other reason${ranked.length - MAX_REASONS === 1 ? "" : "s"} (listed below)`);
  return `${cases.length} of ${count(total, "case")} not judged: ${shown.join("; ")}`;
}
