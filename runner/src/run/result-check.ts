// Per operation: the schema a result must satisfy and how it is compared with `expect`.

import { check, describeErrors } from "../schemas/registry.js";
import { compareValidate } from "../compare/compare-validate.js";
import type { LoadedCase } from "../types/case.js";
import type { ValidateResult } from "../types/protocol.js";
import type { DiffLine } from "../types/run-report.js";

export type Verdict = { ok: true; diff: DiffLine[] } | { ok: false; message: string };

export function judge(c: LoadedCase, result: Record<string, unknown>): Verdict {
  switch (c.operation) {
    case "validate": {
      const shape = check("protocol/validate-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the validate result schema: ${describeErrors(shape.errors)}` };
      return { ok: true, diff: compareValidate(c.expect, result as unknown as ValidateResult) };
    }
    default:
      // The case schema admits later operations; until their comparator exists a case using
      // one is a suite bug, never a silent pass.
      return { ok: false, message: `papc cannot yet compare results of operation "${c.operation}"` };
  }
}
