// Binding values from a native payload (SPEC 5.2, binding field → native key) and
// the tool's argv with `${input.<name>}` elements filled in or dropped.

import type { BindingField } from "../manifest-types.js";
import type { HookSpec } from "./package-load.js";
import type { Failure, NativePayload } from "./types.js";
import { MiB } from "./types.js";

const MAX_VALUE_BYTES = 1 * MiB;
const WHOLE_INPUT = /^\$\{input\.([^}]*)\}$/;

/** Native keys per field, first present wins (tool.call_id falls back to Codex-style tool_call_id). */
const KEYS: Record<Exclude<BindingField, "actor.kind">, readonly string[]> = {
  "session.id": ["session_id"],
  "session.cwd": ["cwd"],
  "session.permission_mode": ["permission_mode"],
  "actor.id": ["agent_id"],
  "transcript.path": ["transcript_path"],
  "session.end_reason": ["reason"],
  "prompt.text": ["prompt"],
  "tool.call_id": ["tool_use_id", "tool_call_id"],
  "tool.name": ["tool_name"],
  "workflow.already_continued": ["stop_hook_active"],
  "workflow.last_message": ["last_assistant_message"],
};

function present(payload: NativePayload, key: string): boolean {
  return Object.hasOwn(payload, key) && payload[key] !== null && payload[key] !== undefined;
}

function isCleanPath(value: string): boolean {
  return value.startsWith("/") && !value.split("/").includes("..");
}

/** The string a field binds, or undefined when it is absent or not a usable value. */
export function fieldValue(field: BindingField, payload: NativePayload): string | undefined {
  if (field === "actor.kind") return present(payload, "agent_id") ? "subagent" : "root";
  const key = KEYS[field].find((k) => present(payload, k));
  if (key === undefined) return undefined;
  const raw = payload[key];
  let value: string;
  if (field === "workflow.already_continued") {
    if (typeof raw !== "boolean") return undefined;
    value = raw ? "true" : "false";
  } else {
    if (typeof raw !== "string") return undefined;
    value = raw;
  }
  if (value.includes("\u0000") || Buffer.byteLength(value, "utf8") > MAX_VALUE_BYTES) return undefined;
  if ((field === "session.cwd" || field === "transcript.path") && !isCleanPath(value)) return undefined;
  return value;
}

export type BoundInputs = { ok: true; values: Map<string, string> } | { ok: false; failure: Failure };

/** Values of the hook's bound inputs; a missing value for a required input is a failure. */
export function bindInputs(hook: HookSpec, payload: NativePayload): BoundInputs {
  const values = new Map<string, string>();
  const required = new Map(hook.tool.inputs.map((input) => [input.name, input.required]));
  for (const binding of hook.bindings) {
    const value = fieldValue(binding.field, payload);
    if (value !== undefined) {
      values.set(binding.input, value);
      continue;
    }
    // Stryker disable next-line LogicalOperator,BooleanLiteral: the validator (3.10) rejects a binding whose input the tool does not declare, so the lookup never misses
    if (required.get(binding.input) ?? true) {
      return { ok: false, failure: { code: "hook_binding_missing", kind: "binding-missing", field: binding.field, input: binding.input } };
    }
  }
  return { ok: true, values };
}

/** The tool's argv: `${input.x}` becomes its value, or disappears when x has none. */
export function buildArgv(argv: readonly string[], values: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const element of argv) {
    const whole = WHOLE_INPUT.exec(element);
    if (!whole) {
      out.push(element);
      continue;
    }
    const value = values.get(whole[1] as string);
    if (value !== undefined) out.push(value);
  }
  return out;
}
