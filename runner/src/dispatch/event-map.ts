// Which hooks a native event reaches (SPEC 5.1) and the type of each binding field (SPEC 3.10):
// the defaults a dispatch case's hooks take from its event.

import type { BindingField, HookPhase, HookSubject, InputType } from "../types/case.js";

export interface SubjectPhase {
  subject: HookSubject;
  phase: HookPhase;
}

const EVENTS: Record<string, SubjectPhase> = {
  SessionEnd: { subject: "session", phase: "end" },
  UserPromptSubmit: { subject: "user_prompt", phase: "before" },
  PreToolUse: { subject: "tool_call", phase: "before" },
  PostToolUse: { subject: "tool_call", phase: "after" },
  PostToolUseFailure: { subject: "tool_call", phase: "after" },
  Stop: { subject: "workflow", phase: "completion_attempt" },
};

/** The subject and phase a native event maps to; undefined for events no portable hook matches. */
export function subjectPhaseOf(eventName: string): SubjectPhase | undefined {
  return Object.hasOwn(EVENTS, eventName) ? EVENTS[eventName] : undefined;
}

const PATH_FIELDS: readonly BindingField[] = ["session.cwd", "transcript.path"];

/** The input type a binding field fills: path for the two path fields, boolean for already_continued. */
export function inputTypeOf(field: BindingField): InputType {
  if (PATH_FIELDS.includes(field)) return "path";
  return field === "workflow.already_continued" ? "boolean" : "string";
}
