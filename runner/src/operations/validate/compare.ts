// Compares a `validate` result with a case's expectations. Only stated fields are compared;
// diagnostics match by the fields a pattern names (code, path, phase, severity), never by message.

import type { DiagnosticPattern, ValidateExpectation } from "../../types/case.js";
import type { ValidateResult } from "../../../shared/protocol.js";
import type { DiffLine } from "../../types/run-report.js";
import { diffField } from "../../compare/diff-lines.js";
import { matchesSubset, projectOnto } from "../../compare/match.js";
import { pathDiff } from "../../compare/path-diff.js";

export function compareValidate(expect: ValidateExpectation, result: ValidateResult): DiffLine[] {
  const diff: DiffLine[] = [];
  const field = (path: string, expected: unknown, actual: unknown): void => {
    if (!matchesSubset(expected, actual)) diff.push(...diffField(path, expected, projectOnto(expected, actual)));
  };
  if (expect.exit !== undefined) field("exit", expect.exit, result.exit);
  const structural = result.structural ?? result.report?.structural;
  // a CLI validator that prints plain report schema 1 has no structural verdict: unobserved, not a difference
  if (expect.structural !== undefined && structural !== undefined) field("structural", expect.structural, structural);
  const report = result.report;
  if (report === undefined) return diff; // exit 2 without a report: the checks below are unobserved
  if (expect.valid !== undefined) field("valid", expect.valid, report.valid);
  if (expect.diagnostics) diff.push(...compareDiagnostics(expect.diagnostics, report.diagnostics));
  // the report: one line per differing field, named by its path, records paired by identity
  if (expect.report !== undefined) diff.push(...pathDiff("report", expect.report, report));
  return diff;
}

/** Shared with load-agent-plugin, whose diagnostics have the same code/path/severity fields. */
export function compareDiagnostics<D extends { message: string }>(expect: NonNullable<ValidateExpectation["diagnostics"]>, actual: D[]): DiffLine[] {
  const diff: DiffLine[] = [];
  const matching = (p: DiagnosticPattern): D[] => actual.filter((d) => matchesSubset(p, d));
  // What the implementation did report, reduced to the compared fields, shown beside a miss.
  const seen = (p: DiagnosticPattern): unknown[] => actual.map((d) => projectOnto(p, d));
  for (const [i, p] of (expect.includes ?? []).entries()) {
    if (matching(p).length === 0) {
      // one line: the pattern missed, and what was reported instead, reduced to the same fields
      const reported = seen(p);
      diff.push({
        type: "remove",
        path: `diagnostics.includes[${i}] (missing)`,
        expected: JSON.stringify(p),
        actual: reported.length === 0 ? "(no diagnostics reported)" : `reported instead: ${reported.map((d) => JSON.stringify(d)).join(", ")}`,
      });
    }
  }
  for (const [i, p] of (expect.excludes ?? []).entries()) {
    const found = matching(p);
    if (found.length > 0)
      diff.push(
        ...diffField(
          `diagnostics.excludes[${i}]`,
          [],
          found.map((d) => ({ ...(projectOnto(p, d) as object), message: d.message })),
        ),
      );
  }
  if (expect.count !== undefined && actual.length !== expect.count) {
    diff.push(...diffField("diagnostics.count", expect.count, actual.length));
  }
  return diff;
}

/** Fields the case checks that the result does not report (a skip when nothing else differs, KIT-UNOBSERVED). */
export function unobservedValidateFields(expect: ValidateExpectation, result: ValidateResult): string[] {
  const missing: string[] = [];
  if (expect.structural !== undefined && (result.structural ?? result.report?.structural) === undefined) missing.push("structural");
  if (result.report === undefined) {
    for (const key of ["valid", "diagnostics", "report"] as const) if (expect[key] !== undefined) missing.push(key === "report" ? "the report" : `report ${key}`);
  }
  return missing;
}
