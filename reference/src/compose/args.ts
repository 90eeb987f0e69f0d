// Checking `case.args` of a compose request (ComposeArgs); a malformed request is answered
// with an errored reply naming what is wrong, never with a result.

import type { ComposeArgs } from "../../../runner/shared/protocol.js";
import { type ComposeArgsProblem, composeArgsMessage } from "./messages/index.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type ParsedArgs = { ok: true; args: ComposeArgs } | { ok: false; message: string };

export function parseComposeArgs(args: unknown): ParsedArgs {
  const fail = (problem: ComposeArgsProblem): ParsedArgs => ({ ok: false, message: composeArgsMessage(problem) });
  if (!isRecord(args)) return fail({ kind: "compose-args-not-object" });
  const { packages, event, results } = args;
  if (!Array.isArray(packages) || !packages.every((p) => typeof p === "string" && p !== "")) {
    return fail({ kind: "compose-args-packages" });
  }
  if (!isRecord(event) || typeof event["hook"] !== "string" || event["hook"] === "") {
    return fail({ kind: "compose-args-event" });
  }
  const toolName = event["tool_name"];
  if (toolName !== undefined && typeof toolName !== "string") return fail({ kind: "compose-args-tool-name" });
  if (results !== undefined && !isRecord(results)) return fail({ kind: "compose-args-results" });
  const parsed: ComposeArgs = { packages: packages as string[], event: toolName === undefined ? { hook: event["hook"] } : { hook: event["hook"], tool_name: toolName } };
  if (results !== undefined) parsed.results = results as Record<string, unknown>;
  return { ok: true, args: parsed };
}
