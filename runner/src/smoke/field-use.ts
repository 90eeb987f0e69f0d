// Which fields of a validate (or validate-cli) reply the suite checks, and how many cases of that
// operation check each: a reply that leaves a field out gets those cases skipped (KIT-UNOBSERVED),
// never judged. `papc smoke` warns, per announced operation, when its replies lack a field that
// many cases of that operation check, before the implementer runs them.

import type { LoadedCase } from "../types/case.js";
import type { ValidateResult } from "../../shared/protocol.js";

/** A field at least this many cases check is worth a warning when replies leave it out. */
export const MANY_CASES = 10;

export type ReportingOperation = "validate" | "validate-cli";
export const REPORTING_OPERATIONS: readonly ReportingOperation[] = ["validate", "validate-cli"];

/** Per operation: field → number of its cases that check it ("structural", "report.valid", "report.packages", …). */
export function validateFieldUse(cases: readonly LoadedCase[]): Map<ReportingOperation, Map<string, number>> {
  const use = new Map<ReportingOperation, Map<string, number>>(REPORTING_OPERATIONS.map((op) => [op, new Map()]));
  for (const c of cases) {
    const counts = use.get(c.operation as ReportingOperation);
    if (!counts) continue;
    const fields = new Set<string>();
    if (c.expect.structural !== undefined) fields.add("structural");
    if (c.expect.valid !== undefined) fields.add("report.valid");
    if (c.expect.diagnostics !== undefined) fields.add("report.diagnostics");
    for (const key of Object.keys(c.expect.report ?? {})) fields.add(`report.${key}`);
    for (const f of fields) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  return use;
}

function has(reply: ValidateResult, field: string): boolean {
  if (field === "structural") return (reply.structural ?? reply.report?.structural) !== undefined;
  const key = field.slice("report.".length);
  return reply.report !== undefined && (reply.report as unknown as Record<string, unknown>)[key] !== undefined;
}

export interface MissingField {
  operation: ReportingOperation;
  field: string;
  cases: number;
}

/** Per operation with replies: the fields that many of its cases check and none of its replies has, most used first. */
export function missingFields(
  replies: ReadonlyMap<ReportingOperation, readonly ValidateResult[]>,
  use: ReadonlyMap<ReportingOperation, ReadonlyMap<string, number>>,
): MissingField[] {
  const missing: MissingField[] = [];
  for (const [operation, got] of replies) {
    if (got.length === 0) continue;
    for (const [field, cases] of use.get(operation) ?? []) {
      if (cases >= MANY_CASES && !got.some((r) => has(r, field))) missing.push({ operation, field, cases });
    }
  }
  return missing.sort((a, b) => b.cases - a.cases || (a.field < b.field ? -1 : 1));
}
