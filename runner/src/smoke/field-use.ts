// Which fields of a validate reply the suite checks, and how many cases check each: a reply
// that leaves a field out gets those cases skipped (KIT-UNOBSERVED), never judged. `papc smoke`
// warns when its replies lack a field that many cases check, before the implementer runs them.

import type { LoadedCase } from "../types/case.js";
import type { ValidateResult } from "../types/protocol.js";

/** A field at least this many cases check is worth a warning when replies leave it out. */
export const MANY_CASES = 10;

/** field → number of validate and validate-cli cases that check it ("structural", "report.valid", "report.packages", …). */
export function validateFieldUse(cases: readonly LoadedCase[]): Map<string, number> {
  const use = new Map<string, number>();
  const add = (field: string): void => void use.set(field, (use.get(field) ?? 0) + 1);
  for (const c of cases) {
    if (c.operation !== "validate" && c.operation !== "validate-cli") continue;
    const fields = new Set<string>();
    if (c.expect.structural !== undefined) fields.add("structural");
    if (c.expect.valid !== undefined) fields.add("report.valid");
    if (c.expect.diagnostics !== undefined) fields.add("report.diagnostics");
    for (const key of Object.keys(c.expect.report ?? {})) fields.add(`report.${key}`);
    fields.forEach(add);
  }
  return use;
}

function has(reply: ValidateResult, field: string): boolean {
  if (field === "structural") return (reply.structural ?? reply.report?.structural) !== undefined;
  const key = field.slice("report.".length);
  return reply.report !== undefined && (reply.report as unknown as Record<string, unknown>)[key] !== undefined;
}

/** Fields that many cases check and that no reply has, most used first. */
export function missingFields(replies: readonly ValidateResult[], use: ReadonlyMap<string, number>): { field: string; cases: number }[] {
  if (replies.length === 0) return [];
  return [...use]
    .filter(([field, n]) => n >= MANY_CASES && !replies.some((r) => has(r, field)))
    .map(([field, cases]) => ({ field, cases }))
    .sort((a, b) => b.cases - a.cases || (a.field < b.field ? -1 : 1));
}
