// Parsing a handler's stdout into one portable result, with the draft's limits
// (seed 000 §Hooks; issue 4 contract step 4). Details describe the problem, never the output.

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

const malformed = (detail: string): ParseResult => ({ ok: false, failure: { code: "hook_result_malformed", detail } });
const tooLarge = (detail: string): ParseResult => ({ ok: false, failure: { code: "hook_output_too_large", detail } });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isKind(value: unknown): value is ResultKind {
  return typeof value === "string" && Object.hasOwn(FIELDS, value);
}

/** A text field: a string without NUL of at most 16 KiB; `nonBlank` for reasons a harness must show. */
function textProblem(kind: ResultKind, field: string, value: unknown, nonBlank: boolean): ParseResult | undefined {
  if (typeof value !== "string") return malformed(`${kind}.${field} must be a string`);
  if (value.includes("\u0000")) return malformed(`${kind}.${field} contains NUL`);
  // Stryker disable next-line StringLiteral: Buffer treats an empty encoding as UTF-8
  if (Buffer.byteLength(value, "utf8") > MAX_TEXT_BYTES) return tooLarge(`${kind}.${field} exceeds ${MAX_TEXT_BYTES} UTF-8 bytes`);
  // Codex ignores a block/deny whose reason is empty after trimming (it fails open), so a
  // portable reason must say something.
  if (nonBlank && value.trim() === "") return malformed(`${kind}.${field} must not be empty`);
  return undefined;
}

export function parseResult(stdout: Buffer): ParseResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(stdout);
  } catch {
    return malformed("stdout is not UTF-8");
  }
  // Stryker disable next-line MethodExpression,StringLiteral: blank stdout also fails JSON.parse below with the same code
  if (text.trim() === "") return malformed("stdout is empty (a handler must print a result; abstain is the no-op)");
  let value: unknown;
  try {
    // Stryker disable BlockStatement: without the catch's return, value stays undefined and isObject fails with the same code
    value = JSON.parse(text); // surrounding JSON whitespace is allowed, anything else is not
  } catch {
    // Stryker restore BlockStatement
    return malformed("stdout is not exactly one JSON value");
  }
  if (!isObject(value)) return malformed("stdout is not a JSON object");
  const kind = value["kind"];
  if (!isKind(kind)) return malformed("kind is missing or not a portable result kind");
  const expected = FIELDS[kind];
  const keys = Object.keys(value).filter((key) => key !== "kind");
  if (keys.length !== expected.length || !expected.every((field) => keys.includes(field))) {
    // Stryker disable next-line ArrayDeclaration,StringLiteral: the field list only words the detail
    const list = ["kind", ...expected].join(", ");
    return malformed(`a ${kind} result has exactly the fields ${list}`);
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
      if (!isObject(input)) return malformed("rewrite_input.input must be a JSON object");
      // Stryker disable next-line StringLiteral: Buffer treats an empty encoding as UTF-8
      if (Buffer.byteLength(JSON.stringify(input), "utf8") > MAX_REWRITE_BYTES) return tooLarge(`rewrite_input.input exceeds ${MAX_REWRITE_BYTES} bytes of JSON`);
      return { ok: true, result: { kind, input } };
    }
    case "replace_output":
      return { ok: true, result: { kind, output: value["output"] } };
  }
}
