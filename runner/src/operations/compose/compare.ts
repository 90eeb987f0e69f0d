// Compares a compose case's expectations (SPEC 1.9) with the composition an implementation
// reports: order, tools, fired hooks, conflicts and failures exactly (their order is specified),
// rejected packages as a set of {package, code}, and the decision by its named keys.

import type { ComposeExpectation } from "../../types/case.js";
import type { ComposeResult } from "../../../shared/protocol.js";
import type { DiffLine } from "../../types/run-report.js";
import { diffField } from "../../compare/diff-lines.js";
import { pathDiff } from "../../compare/path-diff.js";

const EXACT = ["order", "tools", "fired", "conflicts", "failures"] as const;

export function compareCompose(expect: ComposeExpectation, result: ComposeResult): DiffLine[] {
  const diff: DiffLine[] = [];
  for (const key of EXACT) {
    const want = expect[key];
    if (want !== undefined) diff.push(...pathDiff(key, want, result[key]));
  }
  if (expect.rejected) {
    const byPackage = (list: { package: string; code: string }[]) =>
      list.map((r) => ({ package: r.package, code: r.code })).sort((a, b) => (a.package < b.package ? -1 : a.package > b.package ? 1 : 0));
    const want = byPackage(expect.rejected);
    const got = byPackage(result.rejected);
    if (JSON.stringify(want) !== JSON.stringify(got)) diff.push(...diffField("rejected", want, got));
  }
  if (expect.decision) {
    // a key the case names must match; `input`/`output` compare as whole JSON values
    const got = result.decision as unknown as Record<string, unknown>;
    for (const [key, want] of Object.entries(expect.decision)) {
      if (JSON.stringify(canonical(want)) !== JSON.stringify(canonical(got[key]))) diff.push(...diffField(`decision.${key}`, want, got[key]));
    }
  }
  return diff;
}

/** JSON with object keys sorted, so key order never decides equality. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
