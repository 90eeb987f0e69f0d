// Checking `case.args` of a compose request (ComposeArgs); a malformed request is answered
// with an errored reply naming what is wrong, never with a result.

import type { ComposeArgs } from "../../../runner/shared/protocol.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type ParsedArgs = { ok: true; args: ComposeArgs } | { ok: false; message: string };

export function parseComposeArgs(args: unknown): ParsedArgs {
  const fail = (message: string): ParsedArgs => ({ ok: false, message: `compose: ${message}` });
  if (!isRecord(args)) return fail("needs case.args (packages, event, results)");
  const { packages, event, results } = args;
  if (!Array.isArray(packages) || !packages.every((p) => typeof p === "string" && p !== "")) {
    return fail("case.args.packages must be an array of package directories (non-empty strings)");
  }
  if (!isRecord(event) || typeof event["hook"] !== "string" || event["hook"] === "") {
    return fail("case.args.event must be an object with a host hook name in `hook`");
  }
  const toolName = event["tool_name"];
  if (toolName !== undefined && typeof toolName !== "string") return fail("case.args.event.tool_name must be a string");
  if (results !== undefined && !isRecord(results)) return fail("case.args.results must map hook identities to results");
  const parsed: ComposeArgs = { packages: packages as string[], event: toolName === undefined ? { hook: event["hook"] } : { hook: event["hook"], tool_name: toolName } };
  if (results !== undefined) parsed.results = results as Record<string, unknown>;
  return { ok: true, args: parsed };
}
