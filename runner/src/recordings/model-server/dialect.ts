// What a scripted model server needs to know about one wire API.

import type { IncomingHttpHeaders } from "node:http";
import type { Agent, ScenarioTurn } from "../../types/scenario.js";
import type { SseEvent } from "./sse.js";

export type RequestKind = "hello" | "model" | "unknown";

export interface ReplyContext {
  /** 1-based count of model answers so far (this one included): ids derive from it. */
  seq: number;
  /** The request body. */
  body: Record<string, unknown>;
}

export interface Dialect {
  name: "anthropic" | "openai";
  kind(method: string, path: string): RequestKind;
  /** Main-loop requests offer tools; the rest (titles, summaries) get plain text. */
  isMainLoop(body: Record<string, unknown>): boolean;
  agentOf(body: Record<string, unknown>, headers: IncomingHttpHeaders): Agent;
  /** The streamed answer: a turn's tool call or text, or plain text for undefined. */
  reply(turn: ScenarioTurn | undefined, ctx: ReplyContext, fallbackText: string): SseEvent[];
}
