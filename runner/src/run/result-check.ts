// Per operation: the schema a result must satisfy and how it is compared with `expect`.

import { check, describeErrors } from "../schemas/registry.js";
import { compareDispatch } from "../compare/compare-dispatch.js";
import { compareValidate } from "../compare/compare-validate.js";
import { readHandlerRuns } from "../dispatch/handler-runs.js";
import type { LoadedCase } from "../types/case.js";
import type { DispatchResult, ValidateResult } from "../types/protocol.js";
import type { DiffLine } from "../types/run-report.js";

export type Verdict = { ok: true; diff: DiffLine[] } | { ok: false; message: string };

/** `root` is the fixture root and `args` what was sent: dispatch reads the handlers' captures there. */
export async function judge(c: LoadedCase, result: Record<string, unknown>, root: string, args: Record<string, unknown>): Promise<Verdict> {
  switch (c.operation) {
    case "validate": {
      const shape = check("protocol/validate-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the validate result schema: ${describeErrors(shape.errors)}` };
      return { ok: true, diff: compareValidate(c.expect, result as unknown as ValidateResult) };
    }
    case "dispatch": {
      const shape = check("protocol/dispatch-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the dispatch result schema: ${describeErrors(shape.errors)}` };
      const handlers = c.expect.handlers ?? {};
      const sleepers = Object.values(handlers).some((h) => h.sleeper_gone);
      const runs = await readHandlerRuns(root, Object.keys(handlers), sleepers);
      const environment = (args.environment ?? {}) as Record<string, string>;
      return { ok: true, diff: compareDispatch(c.expect, result as unknown as DispatchResult, { event: args.event, runs, environment }) };
    }
    default:
      // The case schema admits later operations; until their comparator exists a case using
      // one is a suite bug, never a silent pass.
      return { ok: false, message: `papc cannot yet compare results of operation "${c.operation}"` };
  }
}
