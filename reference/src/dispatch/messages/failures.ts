// Why one hook failed: the typed failure the dispatcher's modules build (its failure code from
// SPEC.md 5.4, a kind and the values the wording needs) and that wording. A failure reaches the
// user as "hook `<id>`: <code> (<detail>)" and, when its policy says so, the model as
// "hook `<id>` failed[: <code>]" (../policy.ts). Details describe the problem, never what the
// handler printed. No case compares a detail, so this folder is not mutation-tested; the code
// and kind are, where a failure is built.

import type { BindingField, HookEffect } from "../../manifest-types.js";
import { phrase, type Wordings, wordBy } from "../../wording.js";
import type { StartStage } from "../handler-run.js";
import type { FailureCode, Harness, ResultKind } from "../types.js";
import { type LoadProblem, loadText } from "./load.js";

/** A text field of a portable result: add_context's `context`, deny's and continue_workflow's `reason`. */
type TextField = { resultKind: ResultKind; field: string };

export type Failure =
  | { code: "hook_binding_missing"; kind: "binding-missing"; field: BindingField; input: string }
  | { code: "hook_handler_failed"; kind: "handler-python-missing" }
  /** The handler never ran: its stdin file could not be opened, or the OS refused to start it (`error` is the OS's text). */
  | { code: "hook_handler_failed"; kind: "handler-not-started"; stage: StartStage; error: string }
  | { code: "hook_handler_failed"; kind: "handler-signal"; signal: string }
  | { code: "hook_handler_failed"; kind: "handler-exit-status"; status: number | null }
  | { code: "hook_handler_failed"; kind: "handler-no-result" }
  | { code: "hook_handler_timeout"; kind: "handler-timeout"; timeoutMs: number }
  | { code: "hook_output_too_large"; kind: "handler-output-too-large"; maxBytes: number }
  | { code: "hook_result_malformed"; kind: "result-not-utf8" }
  | { code: "hook_result_malformed"; kind: "result-empty" }
  | { code: "hook_result_malformed"; kind: "result-not-json" }
  | { code: "hook_result_malformed"; kind: "result-not-object" }
  | { code: "hook_result_malformed"; kind: "result-kind-unknown" }
  /** The result's fields besides `kind` are not exactly `fields`. */
  | { code: "hook_result_malformed"; kind: "result-fields"; resultKind: ResultKind; fields: readonly string[] }
  | ({ code: "hook_result_malformed"; kind: "result-text-type" } & TextField)
  | ({ code: "hook_result_malformed"; kind: "result-text-nul" } & TextField)
  | ({ code: "hook_output_too_large"; kind: "result-text-size"; maxBytes: number } & TextField)
  | ({ code: "hook_result_malformed"; kind: "result-text-blank" } & TextField)
  | { code: "hook_result_malformed"; kind: "result-input-type" }
  | { code: "hook_output_too_large"; kind: "result-input-size"; maxBytes: number }
  | { code: "hook_result_incompatible"; kind: "result-effect"; resultKind: ResultKind; effect: HookEffect }
  | { code: "hook_result_incompatible"; kind: "result-replace-unsupported"; harness: Harness; event: string }
  /** The consumer holds no current grant for the hook; `refusal` is the trust check's own text. */
  | { code: "hook_not_trusted"; kind: "trust-refused"; refusal: string }
  /** The package changed into one that does not validate (its approved version stands in). */
  | { code: "hook_not_trusted"; kind: "trust-package-invalid"; problem: LoadProblem }
  | { code: "hook_conflict"; kind: "conflict-rewrite"; hooks: readonly string[] }
  | { code: "hook_conflict"; kind: "conflict-replace"; hooks: readonly string[] };

/** `a`, `a` and `b`, `a`, `b` and `c`: the hooks of a conflict, each in backticks. */
function hookList(ids: readonly string[]): string {
  const quoted = ids.map((id) => `\`${id}\``);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}

const START_STAGES: Record<StartStage, (error: string) => string> = {
  "event-file": (error) => `cannot open the event file: ${error}`,
  spawn: (error) => error,
};

export const FAILURE_DETAILS: Wordings<Failure, "kind"> = {
  "binding-missing": (f) => `event field ${f.field} is missing or unusable for required input ${f.input}`,
  "handler-python-missing": () => "python3 is not on the dispatcher's PATH",
  "handler-not-started": (f) => `the handler could not be started: ${phrase(START_STAGES, f.stage)(f.error)}`,
  "handler-signal": (f) => `killed by signal ${f.signal}`,
  "handler-exit-status": (f) => `exit code ${String(f.status)}`,
  "handler-no-result": () => "no result",
  "handler-timeout": (f) => `no result within ${f.timeoutMs} ms; process group killed`,
  "handler-output-too-large": (f) => `stdout exceeds ${f.maxBytes} bytes`,
  "result-not-utf8": () => "stdout is not UTF-8",
  "result-empty": () => "stdout is empty (a handler must print a result; abstain is the no-op)",
  "result-not-json": () => "stdout is not exactly one JSON value",
  "result-not-object": () => "stdout is not a JSON object",
  "result-kind-unknown": () => "kind is missing or not a portable result kind",
  "result-fields": (f) => `a ${f.resultKind} result has exactly the fields ${["kind", ...f.fields].join(", ")}`,
  "result-text-type": (f) => `${f.resultKind}.${f.field} must be a string`,
  "result-text-nul": (f) => `${f.resultKind}.${f.field} contains NUL`,
  "result-text-size": (f) => `${f.resultKind}.${f.field} exceeds ${f.maxBytes} UTF-8 bytes`,
  "result-text-blank": (f) => `${f.resultKind}.${f.field} must not be empty`,
  "result-input-type": () => "rewrite_input.input must be a JSON object",
  "result-input-size": (f) => `rewrite_input.input exceeds ${f.maxBytes} bytes of JSON`,
  "result-effect": (f) => `result kind ${f.resultKind} is not allowed for effect ${f.effect}`,
  "result-replace-unsupported": (f) => `${f.harness} cannot replace tool output on ${f.event}`,
  "trust-refused": (f) => f.refusal,
  "trust-package-invalid": (f) => `the package no longer validates: ${loadText(f.problem)}`,
  "conflict-rewrite": (f) => `rewrite_input results differ between hooks ${hookList(f.hooks)}`,
  "conflict-replace": (f) => `replace_output results differ between hooks ${hookList(f.hooks)}; output not replaced`,
};

/** The detail of a failure. Throws for a kind that has no wording. */
export function failureDetail(failure: Failure): string {
  return wordBy(FAILURE_DETAILS, failure, "kind");
}

/** The user diagnostic of a failed hook; `detail` is its failureDetail(), bounded where the caller bounds it. */
export function failureLine(hookId: string, code: FailureCode, detail: string): string {
  return `hook \`${hookId}\`: ${code} (${detail})`;
}

/** The model-facing reason of a failed hook: it names the code only when given one (error_visibility model_and_user). */
export function failedReason(hookId: string, code: FailureCode | undefined): string {
  return code === undefined ? `hook \`${hookId}\` failed` : `hook \`${hookId}\` failed: ${code}`;
}

/** The model-facing reason of a denial for conflicting input rewrites. */
export function conflictReason(hookIds: readonly string[]): string {
  return `hooks ${hookList(hookIds)} returned conflicting input rewrites`;
}

/** The user line of an optional hook left out because it may not run (`detail`: its hook_not_trusted failure's). */
export function notRunLine(hookId: string, detail: string): string {
  return `pap-reference: hook ${hookId} not run: ${detail}`;
}
