// Hook bindings (SPEC.md 3.10): which event fields exist for which subject/phase, their
// primitive types, and the checks of one hook's bindings against its tool's inputs.

import type { BindingField, HookPhase, HookSubject, InputType, ManifestHook, ManifestTool } from "../manifest-types.js";
import type { HookProblem } from "./messages/hooks.js";

export type FieldType = "string" | "path" | "boolean";

export const FIELD_TYPES: Record<BindingField, FieldType> = {
  "session.id": "string",
  "session.cwd": "path",
  "session.permission_mode": "string",
  "actor.kind": "string",
  "actor.id": "string",
  "transcript.path": "path",
  "session.end_reason": "string",
  "prompt.text": "string",
  "tool.call_id": "string",
  "tool.name": "string",
  "workflow.already_continued": "boolean",
  "workflow.last_message": "string",
};

/** Whether `field` exists for hooks of this subject and phase (published reference's table). */
export function fieldAvailable(subject: HookSubject, phase: HookPhase, field: BindingField): boolean {
  switch (field) {
    case "session.id":
    case "session.cwd":
    case "actor.kind":
    case "actor.id":
      return true;
    case "session.permission_mode":
      return phase !== "end";
    case "transcript.path":
      return subject === "session" || subject === "workflow";
    case "session.end_reason":
      // Stryker disable next-line ConditionalExpression,LogicalOperator: subject and phase determine each other among admitted pairs (end only with session, completion_attempt only with workflow), and a pair not admitted already makes the package invalid
      return subject === "session" && phase === "end";
    case "prompt.text":
      return subject === "user_prompt";
    case "tool.call_id":
    case "tool.name":
      return subject === "tool_call";
    case "workflow.already_continued":
    case "workflow.last_message":
      // Stryker disable next-line ConditionalExpression,LogicalOperator: subject and phase determine each other among admitted pairs (end only with session, completion_attempt only with workflow), and a pair not admitted already makes the package invalid
      return subject === "workflow" && phase === "completion_attempt";
  }
}

/** Whether a field of this type may be bound to an input of that type (exact match; never integer). */
export function typesMatch(field: BindingField, input: InputType): boolean {
  return FIELD_TYPES[field] === input;
}

/**
 * Checks the bindings of hook number `index` against its tool (undefined when the hook's
 * tool does not exist: then only the field availability and duplicate rules apply).
 */
export function checkBindings(hook: ManifestHook, index: number, tool: ManifestTool | undefined): HookProblem[] {
  const findings: HookProblem[] = [];
  const id = hook.id;
  const inputs = new Map((tool?.inputs ?? []).map((input) => [input.name, input]));
  const bound = new Set<string>();
  for (const [bindingIndex, binding] of (hook.bindings ?? []).entries()) {
    if (bound.has(binding.input)) findings.push({ code: "invalid_plugin_package", kind: "hook-binding-repeated", hook: index, id, binding: bindingIndex, input: binding.input });
    bound.add(binding.input);
    if (!fieldAvailable(hook.subject, hook.phase, binding.field)) {
      const { subject, phase } = hook;
      findings.push({ code: "invalid_plugin_package", kind: "hook-binding-field-unavailable", hook: index, id, binding: bindingIndex, field: binding.field, subject, phase });
    }
    if (!tool) continue;
    const input = inputs.get(binding.input);
    if (!input) {
      findings.push({ code: "invalid_plugin_package", kind: "hook-binding-input-unknown", hook: index, id, binding: bindingIndex, input: binding.input, tool: tool.id });
      continue;
    }
    if (!typesMatch(binding.field, input.type)) {
      const { field } = binding;
      findings.push({ code: "invalid_plugin_package", kind: "hook-binding-type", hook: index, id, binding: bindingIndex, field, input: input.name, inputType: input.type });
    }
  }
  if (tool) {
    for (const input of tool.inputs ?? []) {
      if ((input.required ?? true) && !bound.has(input.name)) {
        findings.push({ code: "invalid_plugin_package", kind: "hook-input-unbound", hook: index, id, input: input.name, tool: tool.id });
      }
    }
  }
  return findings;
}
