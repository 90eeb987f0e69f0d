// What one hook contributes to the composed response: its result, or — when it failed — what
// its failure_policy and error_visibility make of the failure (SPEC 5.5).

import { isControlling } from "../validate/hook-combinations.js";
import { bounded } from "./bounded.js";
import { failedReason, failureDetail, failureLine } from "./messages/failures.js";
import type { HookPolicy } from "./package-load.js";
import type { Failure, PortableResult } from "./types.js";

export type Action =
  | { kind: "none" }
  | { kind: "allow" }
  | { kind: "context"; text: string }
  | { kind: "deny"; reason: string }
  | { kind: "rewrite"; input: Record<string, unknown> }
  | { kind: "replace"; output: unknown }
  | { kind: "continue"; reason: string };

export interface HookOutcome {
  hookId: string;
  action: Action;
  /** The user diagnostic of a failure: "hook `<id>`: <code> (<detail>)". */
  diagnostic?: string;
  /** A model_and_user report/fail_open failure: "hook `<id>` failed: <code>", for events that can carry it. */
  modelNote?: string;
}

const MAX_DETAIL = 200;

/** The user diagnostic of a failure, its detail bounded. */
export function diagnosticLine(hookId: string, failure: Failure): string {
  return failureLine(hookId, failure.code, bounded(failureDetail(failure), MAX_DETAIL));
}

/** The model-facing reason of a failure: generic for `user`, with the code for `model_and_user`. */
export function modelReason(hook: HookPolicy, failure: Failure): string {
  return failedReason(hook.id, hook.error_visibility === "model_and_user" ? failure.code : undefined);
}

export function fromResult(hookId: string, result: PortableResult): HookOutcome {
  switch (result.kind) {
    case "observe":
    // Stryker disable next-line ConditionalExpression: abstain falling through to allow: none and allow are both no-ops in compose.ts and never rendered (PAP-NATIVE-ALLOW-SILENT)
    case "abstain":
      // Stryker disable next-line StringLiteral: an action of unknown kind is a no-op in compose.ts, like none
      return { hookId, action: { kind: "none" } };
    case "allow":
      // Stryker disable next-line StringLiteral: an action of unknown kind is a no-op in compose.ts, like allow (never rendered, PAP-NATIVE-ALLOW-SILENT)
      return { hookId, action: { kind: "allow" } };
    case "add_context":
      return { hookId, action: result.context === "" ? { kind: "none" } : { kind: "context", text: result.context } };
    case "deny":
      return { hookId, action: { kind: "deny", reason: result.reason } };
    case "rewrite_input":
      return { hookId, action: { kind: "rewrite", input: result.input } };
    case "replace_output":
      return { hookId, action: { kind: "replace", output: result.output } };
    case "continue_workflow":
      return { hookId, action: { kind: "continue", reason: result.reason } };
  }
}

export function fromFailure(hook: HookPolicy, failure: Failure): HookOutcome {
  // Stryker disable next-line StringLiteral: an action of unknown kind is a no-op in compose.ts, like none
  const outcome: HookOutcome = { hookId: hook.id, action: { kind: "none" }, diagnostic: diagnosticLine(hook.id, failure) };
  if (hook.failure_policy === "fail_closed" && isControlling(hook.phase, hook.effect)) {
    // Pre-action enforcement denies; completion control asks for another pass.
    const reason = modelReason(hook, failure);
    outcome.action = hook.effect === "continue_workflow" ? { kind: "continue", reason } : { kind: "deny", reason };
  } else if (hook.error_visibility === "model_and_user") {
    // report / fail_open: the action stays as it was; the model may still be told.
    outcome.modelNote = modelReason(hook, failure);
  }
  return outcome;
}
