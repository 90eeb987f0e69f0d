// Anthropic Messages API as Claude Code 2.1.233 uses it: HEAD /api/hello, then
// POST /v1/messages?beta=true with stream: true, answered as SSE.

import type { ScenarioTurn, ToolCallTurn } from "../../types/scenario.js";
import type { Dialect, ReplyContext } from "./dialect.js";
import type { SseEvent } from "./sse.js";
import { isToolCall, stringArg } from "./turns.js";

/** The neutral tool as Claude Code's native tool name and input. */
export function claudeTool(turn: ToolCallTurn): { name: string; input: Record<string, unknown> } {
  switch (turn.tool) {
    case "shell":
      return { name: "Bash", input: { command: stringArg(turn, "command"), description: stringArg(turn, "description") || "Run the command" } };
    case "subagent":
      return {
        name: "Agent",
        input: {
          description: stringArg(turn, "description") || "Run a subtask",
          prompt: stringArg(turn, "prompt"),
          subagent_type: stringArg(turn, "subagent_type") || "general-purpose",
          // in the foreground: the parent waits, so the turns stay in order
          run_in_background: false,
        },
      };
    default:
      throw new Error(`Claude Code has no tool for the neutral tool "${turn.tool}"`);
  }
}

function message(ctx: ReplyContext, blockStart: SseEvent, delta: SseEvent, stopReason: string): SseEvent[] {
  const model = typeof ctx.body.model === "string" ? ctx.body.model : "claude-scripted";
  return [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: {
          id: `msg_papc_${ctx.seq}`,
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      },
    },
    blockStart,
    delta,
    { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
    { event: "message_delta", data: { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 1 } } },
    { event: "message_stop", data: { type: "message_stop" } },
  ];
}

export function anthropicText(text: string, ctx: ReplyContext): SseEvent[] {
  return message(
    ctx,
    { event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } },
    { event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } } },
    "end_turn",
  );
}

export function anthropicToolUse(name: string, input: Record<string, unknown>, ctx: ReplyContext): SseEvent[] {
  return message(
    ctx,
    { event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: `toolu_papc_${ctx.seq}`, name, input: {} } } },
    { event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(input) } } },
    "tool_use",
  );
}

export const anthropicDialect: Dialect = {
  name: "anthropic",
  kind: (method, path) => (method === "HEAD" && path === "/api/hello" ? "hello" : method === "POST" && path === "/v1/messages" ? "model" : "unknown"),
  isMainLoop: (body) => Array.isArray(body.tools) && body.tools.length > 0,
  // Claude Code marks a subagent's requests in the billing line of the system prompt.
  agentOf: (body) => (JSON.stringify(body.system ?? "").includes("cc_is_subagent=true") ? "subagent" : "root"),
  reply(turn: ScenarioTurn | undefined, ctx, fallbackText) {
    if (!turn) return anthropicText(fallbackText, ctx);
    if (!isToolCall(turn)) return anthropicText(turn.text, ctx);
    const { name, input } = claudeTool(turn);
    return anthropicToolUse(name, input, ctx);
  },
};
