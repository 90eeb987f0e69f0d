// Which subject/phase/effect combinations draft 0.1 admits (SPEC.md 3.10), and which of them
// each pinned provider supports (3.11). The admitted set is the union over both providers.

import type { ErrorVisibility, FailurePolicy, HookEffect, HookPhase, HookSubject } from "../manifest-types.js";
import { type HookUnsupported, unsupportedText } from "./messages/hooks.js";

export type Provider = "claude" | "codex";

/** Effects per provider and subject/phase (the published reference's table). */
const EFFECTS: Record<string, Record<Provider, readonly HookEffect[]>> = {
  "session/end": { claude: ["observe"], codex: ["observe"] },
  "user_prompt/before": { claude: ["observe", "add_context", "allow_deny"], codex: ["observe", "add_context", "allow_deny"] },
  "tool_call/before": {
    claude: ["observe", "add_context", "allow_deny", "rewrite_input"],
    codex: ["observe", "add_context", "allow_deny", "rewrite_input"],
  },
  "tool_call/after": { claude: ["observe", "add_context", "replace_output"], codex: ["observe", "add_context"] },
  "workflow/completion_attempt": { claude: ["observe", "continue_workflow"], codex: ["observe", "continue_workflow"] },
};

/** Native events per provider (for messages and the dispatcher later). */
export const NATIVE_EVENTS: Record<string, Record<Provider, string>> = {
  "session/end": { claude: "SessionEnd", codex: "SessionEnd" },
  "user_prompt/before": { claude: "UserPromptSubmit", codex: "UserPromptSubmit" },
  "tool_call/before": { claude: "PreToolUse", codex: "PreToolUse" },
  "tool_call/after": { claude: "PostToolUse|PostToolUseFailure", codex: "PostToolUse" },
  "workflow/completion_attempt": { claude: "Stop", codex: "Stop" },
};

function key(subject: HookSubject, phase: HookPhase): string {
  return `${subject}/${phase}`;
}

export function providerAdmits(provider: Provider, subject: HookSubject, phase: HookPhase, effect: HookEffect): boolean {
  return EFFECTS[key(subject, phase)]?.[provider].includes(effect) ?? false;
}

/** Effects admitted for a subject/phase: the union over the pinned providers (none for a pair not admitted). */
export function admittedEffects(subject: HookSubject, phase: HookPhase): HookEffect[] {
  return [...new Set(Object.values(EFFECTS[key(subject, phase)] ?? {}).flat())];
}

/** Admitted by draft 0.1: at least one pinned provider maps the combination. */
export function isAdmitted(subject: HookSubject, phase: HookPhase, effect: HookEffect): boolean {
  return admittedEffects(subject, phase).includes(effect);
}

/** Pre-action enforcement or completion control: the only places fail_closed means something. */
export function isControlling(phase: HookPhase, effect: HookEffect): boolean {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: allow_deny and rewrite_input are admitted only in a before phase, continue_workflow only in completion_attempt
  return (phase === "before" && (effect === "allow_deny" || effect === "rewrite_input")) || (phase === "completion_attempt" && effect === "continue_workflow");
}

export interface SupportInput {
  subject: HookSubject;
  phase: HookPhase;
  effect: HookEffect;
  failure_policy: FailurePolicy;
  error_visibility: ErrorVisibility;
}

/** Why `provider` does not support this (admitted) hook (worded in messages/hooks.ts), or undefined when it does. */
export function whyUnsupported(provider: Provider, hook: SupportInput): HookUnsupported | undefined {
  if (!providerAdmits(provider, hook.subject, hook.phase, hook.effect)) {
    return { kind: "no-mapping", provider, subject: hook.subject, phase: hook.phase, effect: hook.effect };
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: subject and phase determine each other among admitted pairs (end only with session, completion_attempt only with workflow), and a pair not admitted already makes the package invalid
  if (hook.subject === "session" && hook.phase === "end" && hook.error_visibility === "model_and_user") {
    return { kind: "session-end-audience" };
  }
  if (
    // Stryker disable next-line ConditionalExpression: subject and phase determine each other among admitted pairs (end only with session, completion_attempt only with workflow), and a pair not admitted already makes the package invalid
    hook.subject === "workflow" &&
    // Stryker disable next-line ConditionalExpression: subject and phase determine each other among admitted pairs (end only with session, completion_attempt only with workflow), and a pair not admitted already makes the package invalid
    hook.phase === "completion_attempt" &&
    hook.error_visibility === "model_and_user" &&
    (hook.failure_policy === "report" || hook.failure_policy === "fail_open")
  ) {
    return { kind: "stop-audience", provider };
  }
  return undefined;
}

/** Why `provider` does not support this (admitted) hook, worded, or undefined when it does. */
export function unsupportedReason(provider: Provider, hook: SupportInput): string | undefined {
  const why = whyUnsupported(provider, hook);
  return why === undefined ? undefined : unsupportedText(why);
}
