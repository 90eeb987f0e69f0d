// Parsing a handler's stdout into one portable result, with the draft's limits
// (seed 000 §Hooks; SPEC 5.4). A failure says what is wrong, never what was printed.

import type { Failure, PortableResult, ResultKind } from "./types.js";
import { KiB, MiB } from "./types.js";

export const MAX_TEXT_BYTES = 16 * KiB;
export const MAX_REWRITE_BYTES = 1 * MiB;

/** The exact field set of every kind (besides `kind`). */
const FIELDS: Record<ResultKind, readonly string[]> = {
  observe: [],
  abstain: [],
  allow: [],
  add_context: ["context"],
  deny: ["reason"],
  rewrite_input: ["input"],
  replace_output: ["output"],
  continue_workflow: ["reason"],
};

export type ParseResult = { ok: true; result: PortableResult } | { ok: false; failure: Failure };

const failed = (failure: Failure): ParseResult => ({ ok: false, failure });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isKind(value: unknown): value is ResultKind {
  return typeof value === "string" && Object.hasOwn(FIELDS, value);
}

/** A text field: a string without NUL of at most 16 KiB; `nonBlank` for reasons a harness must show. */
function textProblem(resultKind: ResultKind, field: string, value: unknown, nonBlank: boolean): ParseResult | undefined {
  if (typeof value !== "string") return failed({ code: "hook_result_malformed", kind: "result-text-type", resultKind, field });
  if (value.includes("\u0000")) return failed({ code: "hook_result_malformed", kind: "result-text-nul", resultKind, field });
  // Stryker disable next-line StringLiteral: Buffer treats an empty encoding as UTF-8
  if (Buffer.byteLength(value, "utf8") > MAX_TEXT_BYTES) {
    return failed({ code: "hook_output_too_large", kind: "result-text-size", resultKind, field, maxBytes: MAX_TEXT_BYTES });
  }
  // Codex ignores a block/deny whose reason is empty after trimming (it fails open), so a
  // portable reason must say something.
  if (nonBlank && value.trim() === "") return failed({ code: "hook_result_malformed", kind: "result-text-blank", resultKind, field });
  return undefined;
}

export function parseResult(stdout: Buffer): ParseResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(stdout);
  } catch {
    return failed({ code: "hook_result_malformed", kind: "result-not-utf8" });
  }
  // Stryker disable next-line MethodExpression,StringLiteral: blank stdout also fails JSON.parse below with the same code
  if (text.trim() === "") {
    return failed({ code: "hook_result_malformed", kind: "result-empty" });
  }
  let value: unknown;
  try {
    // Stryker disable BlockStatement: without the catch's return, value stays undefined and isObject fails with the same code
    value = JSON.parse(text); // surrounding JSON whitespace is allowed, anything else is not
  } catch {
    // Stryker restore BlockStatement
    return failed({ code: "hook_result_malformed", kind: "result-not-json" });
  }
  if (!isObject(value)) return failed({ code: "hook_result_malformed", kind: "result-not-object" });
  const kind = value["kind"];
  if (!isKind(kind)) return failed({ code: "hook_result_malformed", kind: "result-kind-unknown" });
  const expected = FIELDS[kind];
  const keys = Object.keys(value).filter((key) => key !== "kind");
  if (keys.length !== expected.length || !expected.every((field) => keys.includes(field))) {
    return failed({ code: "hook_result_malformed", kind: "result-fields", resultKind: kind, fields: expected });
  }
  switch (kind) {
    case "observe":
    case "abstain":
    case "allow":
      return { ok: true, result: { kind } };
    case "add_context":
      return textProblem(kind, "context", value["context"], false) ?? { ok: true, result: { kind, context: value["context"] as string } };
    case "deny":
    case "continue_workflow":
      return textProblem(kind, "reason", value["reason"], true) ?? { ok: true, result: { kind, reason: value["reason"] as string } };
    case "rewrite_input": {
      const input = value["input"];
      if (!isObject(input)) return failed({ code: "hook_result_malformed", kind: "result-input-type" });
      // Stryker disable next-line StringLiteral: Buffer treats an empty encoding as UTF-8
      if (Buffer.byteLength(JSON.stringify(input), "utf8") > MAX_REWRITE_BYTES) {
        return failed({ code: "hook_output_too_large", kind: "result-input-size", maxBytes: MAX_REWRITE_BYTES });
      }
      return { ok: true, result: { kind, input } };
    }
    case "replace_output":
      return { ok: true, result: { kind, output: value["output"] } };
  }
}
