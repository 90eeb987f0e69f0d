// validate (SPEC 1.3): the implementation validates the package at `source` and reports.

import type { CaseExpectation } from "../../types/case.js";
import { ownKeys, type ExecReading, type OperationOf, type Polarity, type Verdict } from "../../registry/operation-definition.js";
import type { DiffLine } from "../../types/run-report.js";
import type { ValidateResult } from "../../../shared/protocol.js";
import { jsonStdout } from "../../protocol/exec-stdout.js";
import { compareValidate, unobservedValidateFields } from "./compare.js";
import { validateScaffold } from "./scaffold.js";
import { validateCaseSchema } from "./case-schema.js";

export const VALIDATE_EXPECT = ["valid", "structural", "diagnostics", "report", "fixture"] as const;

/**
 * Accepting when the expected verdict is "valid" (exit 0, valid true, structural accept),
 * rejecting when it is not (exit 1 or 2, valid false, structural reject).
 */
export function validityPolarity(e: CaseExpectation): Polarity {
  if (e.valid === true || e.exit === 0) return "accepting";
  if (e.valid === false || (e.exit !== undefined && e.exit !== 0)) return "rejecting";
  if (e.structural === "accept") return "accepting";
  if (e.structural === "reject") return "rejecting";
  return "other";
}

/** A validate result checked against the case, with what it left unobserved; `extra` adds comparisons. */
export function judgeValidated(expect: CaseExpectation, validated: ValidateResult, extra: DiffLine[] = []): Verdict {
  const unobserved = unobservedValidateFields(expect, validated);
  const diff = [...compareValidate(expect, validated), ...extra];
  return unobserved.length > 0 ? { ok: true, diff, unobserved } : { ok: true, diff };
}

/** A validator's report on stdout as the result; `structural` lifted from it (SPEC 1.3). */
export function reportResult(exit: number, stdout: string, stderr?: string): ExecReading {
  const parsed = jsonStdout(exit, stdout);
  if (parsed.kind !== "result") return parsed;
  const report = parsed.result;
  const result: Record<string, unknown> = stderr === undefined ? { exit, report } : { exit, report, stderr };
  if (report && typeof report === "object" && typeof report.structural === "string") result.structural = report.structural;
  return { kind: "result", result };
}

export const validate: OperationOf<"validate"> = {
  name: "validate",
  usedIn: { case: true, step: true },
  keys: { given: [], expect: ownKeys<"validate">()(VALIDATE_EXPECT) },
  caseSchema: validateCaseSchema,
  scaffold: validateScaffold,
  readsOnly: true,
  resultSchema: "protocol/validate-result.schema.json",
  async judge(c, result) {
    return judgeValidated(c.expect, result as unknown as ValidateResult);
  },
  polarity: validityPolarity,
  stopsInStep: (e) => e.valid === false,
  readExec(exit, stdout) {
    // A validator may print nothing on a usage error (PAP-CLI-USAGE-REPORT): the report is unobserved.
    if (exit === 2 && stdout.trim() === "") return { kind: "result", result: { exit } };
    return reportResult(exit, stdout);
  },
};
