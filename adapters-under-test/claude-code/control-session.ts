// One Claude Code session driven over its stream-json control protocol, with no user message, so
// no model is ever called (`claude -p --input-format stream-json --output-format stream-json
// --verbose`): control_request {subtype} lines in, control_response lines out, matched by
// request_id; closing stdin ends the session. What it answers:
//   initialize      commands[]: every skill and command, a plugin's as "<plugin>:<skill>"
//   reload_plugins  plugins[{name, path, source, version?}], error_count
//   mcp_status      mcpServers[{name: "plugin:<plugin>:<server>", status, config: {type, command, args, url, headers}}]
// The session starts every enabled MCP server; the caller disables the plugin's servers by name
// beforehand (disabled-servers.ts), so nothing of the package runs.

import { SessionFailed, startLineSession } from "../shared/line-session.js";
import { claudeEnvironment, type ClaudeEnv } from "./claude-cli.js";
import { isRecord } from "../shared/values.js";

export interface SessionView {
  initialize: Record<string, unknown>;
  reload: Record<string, unknown>;
  mcpStatus: Record<string, unknown>;
  ms: number;
}

export class SessionError extends Error {}

export async function observeSession(env: ClaudeEnv, options: { cwd: string; extraArgs: string[]; debugFile: string; timeoutMs: number }): Promise<SessionView> {
  const started = Date.now();
  const args = ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose", "--debug-file", options.debugFile, ...options.extraArgs];
  const session = startLineSession(env.binary, args, {
    cwd: options.cwd,
    env: claudeEnvironment(env),
    timeoutMs: options.timeoutMs,
    keyOf: (m) => (m["type"] === "control_response" && isRecord(m["response"]) ? String(m["response"]["request_id"]) : undefined),
    what: "the claude session",
    // closing stdin ends the session; it writes the rest of its debug log on the way out
    graceMs: 3000,
  });
  let next = 0;
  const request = async (subtype: string): Promise<Record<string, unknown>> => {
    const id = `papc-${++next}`;
    let reply: Record<string, unknown>;
    try {
      const message = await session.request({ type: "control_request", request_id: id, request: { subtype } }, id);
      reply = isRecord(message["response"]) ? message["response"] : {};
    } catch (error) {
      if (error instanceof SessionFailed) throw new SessionError(`control request ${subtype}: ${error.message}`);
      throw error;
    }
    if (reply["subtype"] !== "success" || !isRecord(reply["response"]))
      throw new SessionError(`control request ${subtype} failed: ${String(reply["error"] ?? JSON.stringify(reply).slice(0, 200))}`);
    return reply["response"];
  };
  try {
    const initialize = await request("initialize");
    const reload = await request("reload_plugins");
    const mcpStatus = await request("mcp_status");
    return { initialize, reload, mcpStatus, ms: Date.now() - started };
  } finally {
    await session.close();
  }
}
