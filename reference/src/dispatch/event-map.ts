// Native event ↔ portable subject/phase (SPEC 5.1). Events not listed
// here (SessionStart, SubagentStart, …) map to nothing: no portable hook matches them.

import type { HookPhase, HookSubject } from "../manifest-types.js";
import type { Harness } from "./types.js";

export interface SubjectPhase {
  subject: HookSubject;
  phase: HookPhase;
}

const COMMON: Record<string, SubjectPhase> = {
  SessionEnd: { subject: "session", phase: "end" },
  UserPromptSubmit: { subject: "user_prompt", phase: "before" },
  PreToolUse: { subject: "tool_call", phase: "before" },
  PostToolUse: { subject: "tool_call", phase: "after" },
  Stop: { subject: "workflow", phase: "completion_attempt" },
};

const EVENTS: Record<Harness, Record<string, SubjectPhase>> = {
  // Claude Code reports a failed tool call as its own event; Codex has none (a failed shell
  // call is an ordinary PostToolUse there).
  "claude-code": { ...COMMON, PostToolUseFailure: { subject: "tool_call", phase: "after" } },
  codex: { ...COMMON },
};

/** Events whose native response can carry `additionalContext`. */
export const CONTEXT_EVENTS: ReadonlySet<string> = new Set(["UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure"]);

export function subjectPhaseOf(harness: Harness, event: string): SubjectPhase | undefined {
  return Object.hasOwn(EVENTS[harness], event) ? EVENTS[harness][event] : undefined;
}

/** The native events a hook of this subject/phase is projected onto, in byte order. */
export function nativeEventsFor(harness: Harness, subject: HookSubject, phase: HookPhase): string[] {
  return Object.entries(EVENTS[harness])
    .filter(([, sp]) => sp.subject === subject && sp.phase === phase)
    .map(([event]) => event)
    .sort();
}
