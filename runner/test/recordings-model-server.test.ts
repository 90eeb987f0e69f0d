// The scripted model servers the recorder drives the harnesses with: SSE framing of both wire
// APIs, turn sequencing per agent, side requests, fallbacks and the request log.
// Requirements: KIT-MODEL-SERVER-LOG (SPEC.md; listed in cases/EXCLUSIONS.yaml with this file).

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { afterEach, describe, expect, it } from "vitest";
import { parseSse, sseFrame, type SseEvent } from "../src/recordings/model-server/sse.js";
import { startModelServer, type ModelServer } from "../src/recordings/model-server/server.js";
import type { ScenarioTurn } from "../src/types/scenario.js";

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; type: string; events: SseEvent[] }> {
  const res = await fetch(`${server!.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", events: res.status === 200 ? parseSse(text) : [] };
}

const TOOLS = [{ name: "Bash" }];
const names = (events: SseEvent[]): string[] => events.map((e) => e.event);
const data = (e: SseEvent | undefined): Record<string, any> => e?.data as Record<string, any>;

describe("SSE framing", () => {
  it("writes one event per frame with its JSON on one data line, and reads it back", () => {
    const frame = sseFrame({ event: "message_stop", data: { type: "message_stop", text: "a\nb" } });
    expect(frame).toBe('event: message_stop\ndata: {"type":"message_stop","text":"a\\nb"}\n\n');
    expect(parseSse(frame + frame)).toEqual([
      { event: "message_stop", data: { type: "message_stop", text: "a\nb" } },
      { event: "message_stop", data: { type: "message_stop", text: "a\nb" } },
    ]);
  });
});

describe("Anthropic Messages server (Claude Code)", () => {
  const turns: ScenarioTurn[] = [{ tool: "shell", arguments: { command: "echo hello", description: "Print hello" } }, { text: "It printed hello." }];

  it("answers HEAD /api/hello, then streams a tool_use turn, a text turn, and plain text once the turns are used up", async () => {
    server = await startModelServer({ provider: "claude-code", turns });
    expect((await fetch(`${server.origin}/api/hello`, { method: "HEAD" })).status).toBe(200);

    const first = await post("/v1/messages?beta=true", { model: "claude-x", stream: true, tools: TOOLS, messages: [] });
    expect(first.type).toBe("text/event-stream");
    expect(names(first.events)).toEqual(["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"]);
    expect(data(first.events[0]).message).toMatchObject({ role: "assistant", model: "claude-x", content: [] });
    expect(data(first.events[1]).content_block).toEqual({ type: "tool_use", id: "toolu_papc_1", name: "Bash", input: {} });
    expect(data(first.events[2]).delta).toEqual({ type: "input_json_delta", partial_json: '{"command":"echo hello","description":"Print hello"}' });
    expect(data(first.events[4]).delta.stop_reason).toBe("tool_use");

    const second = await post("/v1/messages?beta=true", { stream: true, tools: TOOLS, messages: [] });
    expect(data(second.events[1]).content_block).toEqual({ type: "text", text: "" });
    expect(data(second.events[2]).delta).toEqual({ type: "text_delta", text: "It printed hello." });
    expect(data(second.events[4]).delta.stop_reason).toBe("end_turn");

    const third = await post("/v1/messages", { stream: true, tools: TOOLS, messages: [] });
    expect(data(third.events[2]).delta).toEqual({ type: "text_delta", text: "Done." });
    expect(server.remaining("root")).toBe(0);
  });

  it("answers side requests (no tools) with plain text without consuming a turn", async () => {
    server = await startModelServer({ provider: "claude-code", turns });
    const side = await post("/v1/messages", { stream: true, messages: [] });
    expect(data(side.events[2]).delta.type).toBe("text_delta");
    const main = await post("/v1/messages", { stream: true, tools: TOOLS, messages: [] });
    expect(data(main.events[1]).content_block.name).toBe("Bash");
    expect(server.requests().map((r) => [r.kind, r.answer])).toEqual([
      ["side", "text"],
      ["main", "tool:shell"],
    ]);
  });

  it("routes a subagent's requests (cc_is_subagent in the system prompt) to the subagent's turns", async () => {
    server = await startModelServer({
      provider: "claude-code",
      turns: [{ tool: "subagent", arguments: { prompt: "Run echo hello" } }, { agent: "subagent", text: "sub answer" }, { text: "root answer" }],
    });
    const root1 = await post("/v1/messages", { tools: TOOLS, system: [{ type: "text", text: "x-anthropic-billing-header: cc_version=2.1.233;" }] });
    expect(JSON.parse(data(root1.events[2]).delta.partial_json)).toEqual({
      description: "Run a subtask",
      prompt: "Run echo hello",
      subagent_type: "general-purpose",
      run_in_background: false,
    });
    const root2 = await post("/v1/messages", { tools: TOOLS, system: [] });
    expect(data(root2.events[2]).delta.text).toBe("root answer");
    const sub = await post("/v1/messages", { tools: TOOLS, system: [{ type: "text", text: "cc_version=2.1.233; cc_is_subagent=true;" }] });
    expect(data(sub.events[2]).delta.text).toBe("sub answer");
    expect(server.requests().map((r) => r.agent)).toEqual(["root", "root", "subagent"]);
  });

  it("logs every request body without credentials and writes the log on request; unknown paths get 404", async () => {
    server = await startModelServer({ provider: "claude-code", turns: [] });
    await post("/v1/messages", { tools: TOOLS, messages: [{ role: "user", content: "hook context reached the model" }] }, { "x-api-key": "secret" });
    expect((await fetch(`${server.origin}/v1/other`, { method: "POST", body: "{}" })).status).toBe(404);
    const log = server.requests();
    expect(log[0]).toMatchObject({ seq: 1, method: "POST", url: "/v1/messages", kind: "main", answer: "fallback" });
    expect(JSON.stringify(log[0]!.body)).toContain("hook context reached the model");
    expect(log[0]!.headers["x-api-key"]).toBeUndefined();
    expect(log[1]).toMatchObject({ kind: "other", answer: "status:404" });
    const dir = await tmpDir({ unsafeCleanup: true });
    await server.writeLog(join(dir.path, "requests.json"));
    expect(JSON.parse(await readFile(join(dir.path, "requests.json"), "utf8"))).toEqual(log);
    await dir.cleanup();
  });
});

describe("OpenAI Responses server (Codex)", () => {
  it("streams response.created, output_item.added/done and response.completed with usage for each item kind", async () => {
    server = await startModelServer({
      provider: "codex",
      turns: [{ tool: "shell", arguments: { command: "echo hello" } }, { tool: "apply_patch", arguments: { patch: "*** Begin Patch\n*** End Patch\n" } }, { text: "Finished." }],
    });
    const body = { model: "gpt-5.5", stream: true, tools: [{ type: "function", name: "exec_command" }], input: [] };
    const shell = await post("/v1/responses", body);
    expect(names(shell.events)).toEqual(["response.created", "response.output_item.added", "response.output_item.done", "response.completed"]);
    expect(shell.events.map((e) => data(e).type)).toEqual(names(shell.events));
    const item = data(shell.events[2]).item;
    expect(item).toMatchObject({ type: "function_call", name: "exec_command", call_id: "call_papc_1" });
    expect(JSON.parse(item.arguments)).toEqual({ cmd: "echo hello" });
    expect(data(shell.events[1]).item.status).toBe("in_progress");
    expect(data(shell.events[3]).response).toMatchObject({ status: "completed", output: [item], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } });

    const patch = await post("/v1/responses", body);
    expect(data(patch.events[2]).item).toMatchObject({ type: "custom_tool_call", name: "apply_patch", input: "*** Begin Patch\n*** End Patch\n" });
    const text = await post("/v1/responses", body);
    expect(data(text.events[2]).item).toMatchObject({ type: "message", role: "assistant", content: [{ type: "output_text", text: "Finished." }] });
    const after = await post("/v1/responses", body);
    expect(data(after.events[2]).item.content[0].text).toBe("Done.");
  });

  it("spawns a subagent, serves its requests (x-openai-subagent) from its own turns, and waits on the agent the harness returned", async () => {
    server = await startModelServer({
      provider: "codex",
      turns: [{ tool: "subagent", arguments: { prompt: "Run echo hello" } }, { agent: "subagent", tool: "shell", arguments: { command: "echo hello" } }, { tool: "subagent_wait" }],
    });
    const tools = [{ type: "function", name: "exec_command" }];
    const spawn = await post("/v1/responses", { tools, input: [] });
    expect(data(spawn.events[2]).item).toMatchObject({ type: "function_call", namespace: "multi_agent_v1", name: "spawn_agent", arguments: '{"message":"Run echo hello"}' });
    const sub = await post("/v1/responses", { tools, input: [] }, { "x-openai-subagent": "collab_spawn" });
    expect(data(sub.events[2]).item.name).toBe("exec_command");
    const input = [{ type: "function_call_output", call_id: "call_papc_1", output: '{"agent_id":"agent-42","nickname":"Hubble"}' }];
    const wait = await post("/v1/responses", { tools, input });
    expect(JSON.parse(data(wait.events[2]).item.arguments)).toEqual({ targets: ["agent-42"], timeout_ms: 30000 });
    expect(server.requests().map((r) => `${r.agent}:${r.answer}`)).toEqual(["root:tool:subagent", "subagent:tool:shell", "root:tool:subagent_wait"]);
  });

  it("answers a request without tools with text and leaves the turns alone", async () => {
    server = await startModelServer({ provider: "codex", turns: [{ text: "main" }] });
    const side = await post("/v1/responses", { input: [] });
    expect(data(side.events[2]).item.content[0].text).toBe("Done.");
    expect(server.remaining("root")).toBe(1);
  });
});
