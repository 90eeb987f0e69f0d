// What each fired hook contributes (SPEC 10.3;
// HOST-RESULT-ADMITTED): its given result (abstain when none is given) if that result is
// well formed and admitted by the hook's effect; otherwise a failure, which fail_closed turns
// into a denial on a before hook and a continuation on a completion hook, and report or
// fail_open ignore.

import { admits } from "../dispatch/effect-compat.js";
import { parseResult } from "../dispatch/portable-result.js";
import type { FailureCode, PortableResult } from "../dispatch/types.js";
import type { FiredHook } from "./hooks.js";

export interface HookAnswer {
  hook: string;
  /** What counts for the decision: the admitted result, a fail_closed denial or continuation, or abstain. */
  result: PortableResult;
  failure?: FailureCode;
}

export function answerOf(fired: FiredHook, given: unknown): HookAnswer {
  const { identity, hook } = fired;
  // Stryker disable next-line ObjectLiteral,StringLiteral: combine (decision.ts) counts only the kinds it looks for, so a result of no kind counts as abstain
  const abstain: PortableResult = { kind: "abstain" };
  let failure: FailureCode;
  if (given === undefined) return { hook: identity, result: abstain };
  // Stryker disable next-line StringLiteral: Buffer treats an empty encoding as UTF-8
  const parsed = parseResult(Buffer.from(JSON.stringify(given), "utf8"));
  if (!parsed.ok) failure = parsed.failure.code;
  else if (admits(hook.effect, parsed.result.kind)) return { hook: identity, result: parsed.result };
  else failure = "hook_result_incompatible";
  // fail_closed as in dispatch (PAP-DISPATCH-FAIL-CLOSED): a gate denies, a completion hook asks for another pass
  const reason = `${identity} failed: ${failure}`;
  // Stryker disable next-line ConditionalExpression: fail_closed is valid only on before and completion_attempt hooks (PAP-SEM-HOOK-FAIL-CLOSED), and cases give valid packages (HOST-INVALID-PACKAGE)
  const completion = hook.phase === "completion_attempt" ? "continue_workflow" : undefined;
  const closed = hook.failure_policy !== "fail_closed" ? undefined : hook.phase === "before" ? "deny" : completion;
  // Stryker disable next-line ConditionalExpression: {kind: undefined} counts as abstain in combine (decision.ts)
  const result: PortableResult = closed === undefined ? abstain : { kind: closed, reason };
  return { hook: identity, result, failure };
}
