// Whether a parsed result may stand for the hook's declared effect, on this harness and event
// (SPEC 5.4, PAP-DISPATCH-RESULT-EFFECT; SPEC 3.11 for what each harness can render).

import type { HookEffect } from "../manifest-types.js";
import type { Failure, Harness, PortableResult, ResultKind } from "./types.js";

const ALLOWED: Record<HookEffect, readonly ResultKind[]> = {
  observe: ["observe"],
  add_context: ["add_context"],
  allow_deny: ["allow", "deny"],
  rewrite_input: ["rewrite_input"],
  replace_output: ["replace_output"],
  continue_workflow: ["continue_workflow"],
};

/** Whether a hook of this effect may answer with this result kind (SPEC 5.4), whatever the harness. */
export function admits(effect: HookEffect, kind: ResultKind): boolean {
  return kind === "abstain" || ALLOWED[effect].includes(kind); // abstain: the explicit no-op of every effect
}

export function incompatibility(effect: HookEffect, result: PortableResult, harness: Harness, event: string): Failure | undefined {
  // Stryker disable next-line StringLiteral: admits() admits abstain too; this early return alone is redundant
  if (result.kind === "abstain") return undefined;
  if (!admits(effect, result.kind)) {
    return { code: "hook_result_incompatible", kind: "result-effect", resultKind: result.kind, effect };
  }
  // Output replacement exists only on Claude Code's PostToolUse (its failure event takes context only).
  if (result.kind === "replace_output" && (harness !== "claude-code" || event !== "PostToolUse")) {
    return { code: "hook_result_incompatible", kind: "result-replace-unsupported", harness, event };
  }
  return undefined;
}
