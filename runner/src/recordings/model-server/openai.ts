// OpenAI Responses API as Codex 0.147.0 uses it: POST /v1/responses with stream: true,
// answered as SSE (response.created, output_item.added/done, response.completed).

import type { ScenarioTurn, ToolCallTurn } from "../../types/scenario.js";
import type { Dialect, ReplyContext } from "./dialect.js";
import type { SseEvent } from "./sse.js";
import { isToolCall, stringArg } from "./turns.js";

/** Codex offers its sub-agent tools in this namespace. */
export const MULTI_AGENT_NAMESPACE = "multi_agent_v1";

/** The output item a neutral tool call becomes for Codex. */
export function codexItem(turn: ToolCallTurn, ctx: ReplyContext): Record<string, unknown> {
  const call_id = `call_papc_${ctx.seq}`;
  const fn = (name: string, args: unknown, namespace?: string) => ({
    type: "function_call",
    id: `fc_papc_${ctx.seq}`,
    call_id,
    name,
    ...(namespace ? { namespace } : {}),
    arguments: JSON.stringify(args),
    status: "completed",
  });
  switch (turn.tool) {
    case "shell":
      return fn("exec_command", { cmd: stringArg(turn, "command") });
    case "apply_patch":
      // a freeform (custom) tool in 0.147.0: the patch text is the whole input
      return { type: "custom_tool_call", id: `ctc_papc_${ctx.seq}`, call_id, name: "apply_patch", input: stringArg(turn, "patch"), status: "completed" };
    case "subagent":
      return fn("spawn_agent", { message: stringArg(turn, "prompt") }, MULTI_AGENT_NAMESPACE);
    case "subagent_wait":
      return fn("wait_agent", { targets: [lastSpawnedAgent(ctx.body) ?? "unknown-agent"], timeout_ms: 30_000 }, MULTI_AGENT_NAMESPACE);
  }
}

/** The agent id Codex returned for the most recent spawn_agent call in the request's input. */
export function lastSpawnedAgent(body: Record<string, unknown>): string | undefined {
  const input = Array.isArray(body.input) ? (body.input as Record<string, unknown>[]) : [];
  for (const item of [...input].reverse()) {
    if (item.type !== "function_call_output" || typeof item.output !== "string") continue;
    try {
      const out = JSON.parse(item.output) as { agent_id?: unknown };
      if (typeof out.agent_id === "string") return out.agent_id;
    } catch {
      // not JSON: not a spawn result
    }
  }
  return undefined;
}

export function textItem(text: string, ctx: ReplyContext): Record<string, unknown> {
  return { type: "message", id: `msg_papc_${ctx.seq}`, role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] };
}

export function responseEvents(item: Record<string, unknown>, ctx: ReplyContext): SseEvent[] {
  const id = `resp_papc_${ctx.seq}`;
  const model = typeof ctx.body.model === "string" ? ctx.body.model : "scripted";
  const base = { id, object: "response", model };
  const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };
  const events: Record<string, unknown>[] = [
    { type: "response.created", response: { ...base, status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } },
    { type: "response.output_item.done", output_index: 0, item },
    { type: "response.completed", response: { ...base, status: "completed", output: [item], usage } },
  ];
  return events.map((data, i) => ({ event: data.type as string, data: { ...data, sequence_number: i } }));
}

export const openaiDialect: Dialect = {
  name: "openai",
  kind: (method, path) => (method === "POST" && path === "/v1/responses" ? "model" : "unknown"),
  isMainLoop: (body) => Array.isArray(body.tools) && body.tools.length > 0,
  // Codex sends this header on the requests of a spawned sub-agent.
  agentOf: (_body, headers) => (headers["x-openai-subagent"] ? "subagent" : "root"),
  reply(turn: ScenarioTurn | undefined, ctx, fallbackText) {
    const item = !turn ? textItem(fallbackText, ctx) : isToolCall(turn) ? codexItem(turn, ctx) : textItem(turn.text, ctx);
    return responseEvents(item, ctx);
  },
};
