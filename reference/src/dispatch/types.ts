// Vocabulary shared by the dispatcher modules (SPEC chapter 5).

/** Harness names as papc uses them in cases, recordings and the protocol. */
export type Harness = "claude-code" | "codex";
export const HARNESSES: readonly Harness[] = ["claude-code", "codex"];

export function isHarness(value: unknown): value is Harness {
  return value === "claude-code" || value === "codex";
}

export type FailureCode =
  | "hook_binding_missing"
  | "hook_handler_failed"
  | "hook_handler_timeout"
  | "hook_output_too_large"
  | "hook_result_malformed"
  | "hook_result_incompatible"
  | "hook_conflict"
  | "hook_not_trusted";

/** One failure of one hook: its stable code, a kind and what the detail says (worded in messages/failures.ts). */
export type { Failure } from "./messages/failures.js";

/** The portable stdout of a handler (seed 000 §Hooks), after parsing and limits. */
export type PortableResult =
  | { kind: "observe" }
  | { kind: "abstain" }
  | { kind: "allow" }
  | { kind: "add_context"; context: string }
  | { kind: "deny"; reason: string }
  | { kind: "rewrite_input"; input: Record<string, unknown> }
  | { kind: "replace_output"; output: unknown }
  | { kind: "continue_workflow"; reason: string };

export type ResultKind = PortableResult["kind"];

/** A native event payload: the JSON object the harness wrote on stdin. */
export type NativePayload = Record<string, unknown>;

export const KiB = 1024;
export const MiB = 1024 * 1024;
