// The one list of payload fields that differ from run to run. The recorder stores, per
// recording, the pointers of these that its payload has; `record --check` ignores them.

import type { Provider } from "../types/recording.js";

export interface VolatileField {
  /** JSON Pointer into the payload. */
  pointer: string;
  /** Only for this harness (default: both). */
  provider?: Provider;
  /** Only when the payload's tool_name is one of these. */
  toolNames?: readonly string[];
  why: string;
}

export const VOLATILE_FIELDS: readonly VolatileField[] = [
  { pointer: "/session_id", why: "a new session id per run" },
  { pointer: "/transcript_path", why: "under the run's temporary HOME / CODEX_HOME, named by session id (Codex: and date)" },
  { pointer: "/agent_transcript_path", why: "the subagent's transcript, named by its id" },
  { pointer: "/cwd", why: "the run's temporary working directory" },
  { pointer: "/tool_use_id", why: "the call id the scripted model generated" },
  { pointer: "/tool_call_id", why: "the call id the scripted model generated" },
  { pointer: "/turn_id", why: "Codex: a new turn id per run" },
  { pointer: "/prompt_id", why: "Claude Code: a new prompt id per run" },
  { pointer: "/agent_id", why: "a new subagent id per run" },
  { pointer: "/duration_ms", why: "how long the tool ran" },
  { pointer: "/tool_response/agentId", provider: "claude-code", why: "Agent tool result: the subagent's id" },
  { pointer: "/tool_response/totalDurationMs", provider: "claude-code", why: "Agent tool result: run time" },
  { pointer: "/tool_response/totalTokens", provider: "claude-code", why: "Agent tool result: token count" },
  { pointer: "/tool_response/usage", provider: "claude-code", why: "Agent tool result: token usage" },
  { pointer: "/tool_response/totalToolUseCount", provider: "claude-code", why: "Agent tool result: tool calls" },
  { pointer: "/tool_response", provider: "codex", toolNames: ["apply_patch"], why: 'carries the wall time ("Wall time: 0 seconds")' },
  { pointer: "/tool_response", provider: "codex", toolNames: ["spawn_agent", "wait_agent", "multi_agent_v1wait_agent"], why: "carries the new agent's id (and nickname)" },
  { pointer: "/tool_input/targets", provider: "codex", toolNames: ["wait_agent", "multi_agent_v1wait_agent"], why: "the spawned agent's id" },
];

/** The volatile pointers that exist in this payload. */
export function volatilePointers(provider: Provider, payload: Record<string, unknown>): string[] {
  const toolName = typeof payload.tool_name === "string" ? payload.tool_name : undefined;
  return VOLATILE_FIELDS.filter((f) => (!f.provider || f.provider === provider) && (!f.toolNames || (toolName !== undefined && f.toolNames.includes(toolName))))
    .map((f) => f.pointer)
    .filter((p, i, all) => all.indexOf(p) === i && hasPointer(payload, p));
}

export function parsePointer(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function hasPointer(value: unknown, pointer: string): boolean {
  let node = value;
  for (const key of parsePointer(pointer)) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

export const VOLATILE_MARK = "<volatile>";

/** A deep copy of the payload with the value at each pointer replaced by "<volatile>" (for comparison). */
export function maskPointers(payload: unknown, pointers: readonly string[]): unknown {
  const copy = JSON.parse(JSON.stringify(payload)) as unknown;
  for (const pointer of pointers) {
    const keys = parsePointer(pointer);
    const last = keys.pop();
    let node = copy;
    for (const key of keys) node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    if (last !== undefined && node !== null && typeof node === "object" && Object.hasOwn(node, last)) {
      (node as Record<string, unknown>)[last] = VOLATILE_MARK;
    }
  }
  return copy;
}
