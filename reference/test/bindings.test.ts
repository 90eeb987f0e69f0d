// The binding availability and type tables (SPEC.md 3.10), checked cell by cell against
// the table as SPEC.md writes it, plus the admitted combinations and provider support.

import { describe, expect, it } from "vitest";
import { FIELD_TYPES, fieldAvailable, typesMatch } from "../src/validate/bindings.js";
import { admittedEffects, isAdmitted, isControlling, unsupportedReason, whyUnsupported } from "../src/validate/hook-combinations.js";
import type { BindingField, HookEffect, HookPhase, HookSubject, InputType } from "../src/manifest-types.js";

const SUBJECT_PHASES: [HookSubject, HookPhase][] = [
  ["session", "end"],
  ["user_prompt", "before"],
  ["tool_call", "before"],
  ["tool_call", "after"],
  ["workflow", "completion_attempt"],
];

// Rows: fields; columns: the five admitted subject/phase pairs in the order above.
const AVAILABLE: Record<BindingField, [boolean, boolean, boolean, boolean, boolean]> = {
  "session.id": [true, true, true, true, true],
  "session.cwd": [true, true, true, true, true],
  "actor.kind": [true, true, true, true, true],
  "actor.id": [true, true, true, true, true],
  "session.permission_mode": [false, true, true, true, true],
  "transcript.path": [true, false, false, false, true],
  "session.end_reason": [true, false, false, false, false],
  "prompt.text": [false, true, false, false, false],
  "tool.call_id": [false, false, true, true, false],
  "tool.name": [false, false, true, true, false],
  "workflow.already_continued": [false, false, false, false, true],
  "workflow.last_message": [false, false, false, false, true],
};

describe("binding fields", () => {
  for (const [field, row] of Object.entries(AVAILABLE) as [BindingField, boolean[]][]) {
    it(`${field} is available exactly where the table says`, () => {
      expect(SUBJECT_PHASES.map(([subject, phase]) => fieldAvailable(subject, phase, field))).toEqual(row);
    });
  }

  it("types: string fields bind string inputs, path fields path inputs, the boolean field boolean inputs, integers nothing", () => {
    const inputs: InputType[] = ["string", "path", "integer", "boolean"];
    const matrix = Object.fromEntries((Object.keys(FIELD_TYPES) as BindingField[]).map((field) => [field, inputs.filter((input) => typesMatch(field, input))]));
    expect(matrix).toEqual({
      "session.id": ["string"],
      "session.cwd": ["path"],
      "session.permission_mode": ["string"],
      "actor.kind": ["string"],
      "actor.id": ["string"],
      "transcript.path": ["path"],
      "session.end_reason": ["string"],
      "prompt.text": ["string"],
      "tool.call_id": ["string"],
      "tool.name": ["string"],
      "workflow.already_continued": ["boolean"],
      "workflow.last_message": ["string"],
    });
  });
});

describe("hook combinations", () => {
  const EFFECTS: HookEffect[] = ["observe", "add_context", "allow_deny", "rewrite_input", "replace_output", "continue_workflow"];
  it("admits exactly the table of SPEC.md 3.10", () => {
    const admitted = SUBJECT_PHASES.map(([subject, phase]) => [`${subject}/${phase}`, EFFECTS.filter((effect) => isAdmitted(subject, phase, effect))]);
    expect(Object.fromEntries(admitted)).toEqual({
      "session/end": ["observe"],
      "user_prompt/before": ["observe", "add_context", "allow_deny"],
      "tool_call/before": ["observe", "add_context", "allow_deny", "rewrite_input"],
      "tool_call/after": ["observe", "add_context", "replace_output"],
      "workflow/completion_attempt": ["observe", "continue_workflow"],
    });
    // Pairs outside the table admit nothing.
    expect(EFFECTS.some((effect) => isAdmitted("session", "before", effect))).toBe(false);
    expect(EFFECTS.some((effect) => isAdmitted("user_prompt", "after", effect))).toBe(false);
    expect(EFFECTS.some((effect) => isAdmitted("workflow", "end", effect))).toBe(false);
    expect(admittedEffects("tool_call", "after")).toEqual(["observe", "add_context", "replace_output"]);
    expect(admittedEffects("session", "before")).toEqual([]);
  });

  it("fail_closed controls only pre-action enforcement and completion", () => {
    expect(isControlling("before", "allow_deny")).toBe(true);
    expect(isControlling("before", "rewrite_input")).toBe(true);
    expect(isControlling("completion_attempt", "continue_workflow")).toBe(true);
    expect(isControlling("before", "add_context")).toBe(false);
    expect(isControlling("after", "replace_output")).toBe(false);
    expect(isControlling("end", "observe")).toBe(false);
  });

  it("provider support follows SPEC.md 3.11", () => {
    const base = { failure_policy: "report", error_visibility: "user" } as const;
    const replace = { ...base, subject: "tool_call", phase: "after", effect: "replace_output" } as const;
    expect(whyUnsupported("claude", replace)).toBeUndefined();
    expect(whyUnsupported("codex", replace)).toEqual({ kind: "no-mapping", provider: "codex", subject: "tool_call", phase: "after", effect: "replace_output" });
    const end = { ...base, subject: "session", phase: "end", effect: "observe" } as const;
    expect(whyUnsupported("claude", end)).toBeUndefined();
    expect(whyUnsupported("claude", { ...end, error_visibility: "model_and_user" })).toEqual({ kind: "session-end-audience" });
    expect(whyUnsupported("codex", { ...end, error_visibility: "model_and_user" })).toEqual({ kind: "session-end-audience" });
    const stop = { subject: "workflow", phase: "completion_attempt", effect: "continue_workflow", error_visibility: "model_and_user" } as const;
    expect(whyUnsupported("claude", { ...stop, failure_policy: "report" })).toEqual({ kind: "stop-audience", provider: "claude" });
    expect(whyUnsupported("claude", { ...stop, failure_policy: "fail_open" })).toEqual({ kind: "stop-audience", provider: "claude" });
    expect(whyUnsupported("claude", { ...stop, failure_policy: "fail_closed" })).toBeUndefined();
    expect(whyUnsupported("codex", { ...stop, failure_policy: "report" })).toEqual({ kind: "stop-audience", provider: "codex" });
    expect(whyUnsupported("codex", { ...stop, failure_policy: "fail_open" })).toEqual({ kind: "stop-audience", provider: "codex" });
    expect(whyUnsupported("codex", { ...stop, failure_policy: "fail_closed" })).toBeUndefined();
    expect(whyUnsupported("claude", { ...stop, failure_policy: "report", error_visibility: "user" })).toBeUndefined();
  });

  it("words the reasons a provider does not support a hook (messages/hooks.ts)", () => {
    const base = { failure_policy: "report", error_visibility: "user" } as const;
    expect(unsupportedReason("codex", { ...base, subject: "tool_call", phase: "after", effect: "replace_output" })).toBe(
      "codex has no mapping for tool_call/after with effect replace_output",
    );
    expect(unsupportedReason("claude", { ...base, subject: "session", phase: "end", effect: "observe", error_visibility: "model_and_user" })).toBe(
      "model-visible diagnostics cannot be delivered after SessionEnd",
    );
    const stop = { subject: "workflow", phase: "completion_attempt", effect: "observe", failure_policy: "report", error_visibility: "model_and_user" } as const;
    expect(unsupportedReason("claude", stop)).toMatch(/^Claude's Stop context resumes the turn/);
    expect(unsupportedReason("codex", stop)).toMatch(/^Codex's Stop carries no model context/);
    expect(unsupportedReason("claude", { ...stop, error_visibility: "user" })).toBeUndefined();
  });
});
