// Which hooks a native event reaches (SPEC table 5.1, read from SPEC.md) and the type of each
// binding field (SPEC 3.10): the defaults a dispatch case's hooks take from its event.

import { kitEventTable } from "../spec/event-table.js";
import type { BindingField, HookPhase, HookSubject, InputType } from "../types/case.js";

export interface SubjectPhase {
  subject: HookSubject;
  phase: HookPhase;
}

/** The subject and phase a native event maps to (SPEC table 5.1); undefined for events no portable hook matches. */
export function subjectPhaseOf(eventName: string): SubjectPhase | undefined {
  const row = kitEventTable().get(eventName);
  return row ? { subject: row.subject as HookSubject, phase: row.phase as HookPhase } : undefined;
}

const PATH_FIELDS: readonly BindingField[] = ["session.cwd", "transcript.path"];

/** The input type a binding field fills: path for the two path fields, boolean for already_continued. */
export function inputTypeOf(field: BindingField): InputType {
  if (PATH_FIELDS.includes(field)) return "path";
  return field === "workflow.already_continued" ? "boolean" : "string";
}
