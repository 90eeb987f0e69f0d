// Totals by outcome, by area and by requirement, and the run's exit code.

import { FAILING_OUTCOMES, type CaseRecord, type ReportFooter, type Tally } from "../types/run-report.js";

export function footerFor(records: readonly CaseRecord[], startedMs: number, stopped?: string): ReportFooter {
  return footerAt(records, { finished_at: new Date().toISOString(), duration_ms: Math.round(performance.now() - startedMs) }, stopped);
}

/** The footer of these records, with the run's timing given (a merged report's). */
export function footerAt(records: readonly CaseRecord[], timing: Pick<ReportFooter, "finished_at" | "duration_ms">, stopped?: string): ReportFooter {
  const totals: Tally = {};
  const byArea: Record<string, Tally> = {};
  const byRequirement: Record<string, Tally> = {};
  const bump = (t: Tally, r: CaseRecord): void => {
    t[r.outcome] = (t[r.outcome] ?? 0) + 1;
  };
  for (const r of records) {
    bump(totals, r);
    bump((byArea[r.area] ??= {}), r);
    for (const id of r.spec) bump((byRequirement[id] ??= {}), r);
  }
  const stale = records.filter((r) => r.stale_baseline).map((r) => r.id);
  return {
    type: "footer",
    totals,
    by_area: sortKeys(byArea),
    by_requirement: sortKeys(byRequirement),
    stale_baselines: stale,
    exit_code: stopped === undefined ? exitCodeOf(records) : 1,
    ...(stopped === undefined ? {} : { stopped }),
    ...timing,
  };
}

export function exitCodeOf(records: readonly CaseRecord[]): 0 | 1 {
  return records.some((r) => FAILING_OUTCOMES.includes(r.outcome) || r.stale_baseline) ? 1 : 0;
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
}
