// Checking `case.args` of a compose request (ComposeArgs); a malformed request is answered
// with an errored reply naming what is wrong, never with a result.
//
// Mutation testing: no conformance case can expect these refusals. SPEC 1.9 gives a compose
// result no exit status (unlike the lifecycle result's `exit: 2` for unusable arguments) and
// names no answer to malformed args; the only refusal the protocol has is an errored reply, which
// is always the outcome `error` (SPEC 1.4), never a pass. (plugin-host answers some of them with a
// result.) The directives below mark the mutants that only loosen a check or change the refusal.

import type { ComposeArgs } from "../../../runner/shared/protocol.js";
import { type ComposeArgsProblem, composeArgsMessage } from "./messages/index.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type ParsedArgs = { ok: true; args: ComposeArgs } | { ok: false; message: string };

export function parseComposeArgs(args: unknown): ParsedArgs {
  // Stryker disable next-line ArrowFunction,ObjectLiteral,BooleanLiteral: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
  const fail = (problem: ComposeArgsProblem): ParsedArgs => ({ ok: false, message: composeArgsMessage(problem) });
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
  if (!isRecord(args)) return fail({ kind: "compose-args-not-object" });
  const { packages, event, results } = args;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,StringLiteral,BlockStatement: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
  if (!Array.isArray(packages) || !packages.every((p) => typeof p === "string" && p !== "")) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
    return fail({ kind: "compose-args-packages" });
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BlockStatement: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
  if (!isRecord(event) || typeof event["hook"] !== "string" || event["hook"] === "") {
    // Stryker disable next-line ObjectLiteral,StringLiteral: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
    return fail({ kind: "compose-args-event" });
  }
  const toolName = event["tool_name"];
  // Stryker disable next-line ConditionalExpression,BlockStatement: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
  if (toolName !== undefined && typeof toolName !== "string") {
    // Stryker disable next-line ObjectLiteral,StringLiteral: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
    return fail({ kind: "compose-args-tool-name" });
  }
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: malformed compose args: SPEC 1.9 has no exit to expect, an errored reply is outcome error (1.4)
  if (results !== undefined && !isRecord(results)) return fail({ kind: "compose-args-results" });
  // Stryker disable next-line ConditionalExpression: an event whose tool_name is undefined matches as one without (hooks.ts compares tool_name with undefined)
  const parsed: ComposeArgs = { packages: packages as string[], event: toolName === undefined ? { hook: event["hook"] } : { hook: event["hook"], tool_name: toolName } };
  // Stryker disable next-line ConditionalExpression: results set to undefined are read as none (compose.ts: args.results ?? {})
  if (results !== undefined) parsed.results = results as Record<string, unknown>;
  return { ok: true, args: parsed };
}
