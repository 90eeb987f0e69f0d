// The codex adapter's protocol endpoint (process protocol v1, DESIGN §4): newline-delimited JSON
// requests on stdin, one reply line each on stdout, handled one at a time in arrival order.
// stdout carries replies only; everything for people goes to stderr.
//   hello → implementation codex 0.147.0, operations ["load-agent-plugin"], profiles ["agent-plugins-1.0"]
//   run   → result | skipped (pinned Codex missing, package not representable) | errored
//   stop  → exit once the current request is answered

import { createInterface } from "node:readline";
import type { CasePayload, ErroredReply, HelloReply, RunReply } from "../../runner/src/types/protocol.js";
import { startBlockingProxy, type BlockingProxy } from "./blocking-proxy.js";
import { CODEX_VERSION, findCodex, type CodexBinary } from "./codex-binary.js";
import { loadAgentPlugin } from "./load-plugin.js";

const COMMAND_TIMEOUT_MS = Number(process.env["PAPC_CODEX_COMMAND_TIMEOUT_MS"] ?? 5000);
const KEEP = process.env["PAPC_CODEX_KEEP"] === "1";

function log(text: string): void {
  process.stderr.write(`[codex-adapter] ${text}\n`);
}

function reply(message: object): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function helloReply(): HelloReply {
  return {
    protocol: 1,
    implementation: { name: "codex", version: CODEX_VERSION, language: "Rust", homepage: "https://github.com/openai/codex" },
    operations: ["load-agent-plugin"],
    profiles: ["agent-plugins-1.0"],
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function errored(seq: number, message: string, detail?: Record<string, unknown>): ErroredReply {
  return detail === undefined ? { seq, errored: { message } } : { seq, errored: { message, detail } };
}

let codex: Promise<CodexBinary> | undefined;
let proxy: Promise<BlockingProxy> | undefined;

async function handleRun(seq: number, payload: unknown): Promise<RunReply> {
  try {
    if (!isRecord(payload)) return errored(seq, "run request has no case object");
    const c = payload as unknown as CasePayload;
    if (c.operation !== "load-agent-plugin") return errored(seq, `operation ${JSON.stringify(c.operation)} is not supported (supported: load-agent-plugin)`);
    if (typeof c.source !== "string" || c.source === "") return errored(seq, "load-agent-plugin needs case.source (the plugin root)");
    const found = await (codex ??= findCodex());
    if ("missing" in found) return { seq, skipped: { reason: found.missing } };
    const { url, attempts } = await (proxy ??= startBlockingProxy());
    const started = Date.now();
    const before = attempts.length;
    const outcome = await loadAgentPlugin(c.source, { binary: found.binary, proxy: url, commandTimeoutMs: COMMAND_TIMEOUT_MS, keep: KEEP, log });
    const blocked = attempts.slice(before);
    log(`${c.id}: ${outcome.kind} in ${Date.now() - started} ms${outcome.kind === "result" ? ` ${JSON.stringify(outcome.timings)}` : ""}${blocked.length > 0 ? `; refused outside requests: ${blocked.join(", ")}` : ""}`);
    if (outcome.kind === "skipped") return { seq, skipped: { reason: outcome.reason } };
    if (outcome.kind === "errored") return errored(seq, outcome.message, outcome.detail);
    return { seq, result: outcome.result as unknown as Record<string, unknown> };
  } catch (error) {
    const detail: Record<string, unknown> = {};
    if (error instanceof Error && error.stack !== undefined) detail["stack"] = error.stack;
    return errored(seq, `codex adapter failed: ${error instanceof Error ? error.message : String(error)}`, detail);
  }
}

async function serve(): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      log(`ignoring a line that is not JSON: ${line.slice(0, 200)}`);
      continue;
    }
    if (!isRecord(request)) continue;
    const cmd = request["cmd"];
    if (cmd === "hello") reply(helloReply());
    else if (cmd === "run") {
      const seq = typeof request["seq"] === "number" ? request["seq"] : -1;
      reply(await handleRun(seq, request["case"]));
    } else if (cmd === "stop") break;
    else log(`ignoring unknown cmd ${JSON.stringify(cmd)}`);
  }
  lines.close();
  if (proxy) await (await proxy).close();
}

serve().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
