// The codex adapter's protocol endpoint (process protocol v1, DESIGN §4), through the kit's
// serveProtocol (runner/src/protocol/serve-protocol.ts):
//   hello → implementation codex 0.147.0, operations ["load-agent-plugin"], profiles ["agent-plugins-1.0"]
//   run   → result | skipped (pinned Codex missing, package not representable) | errored
//   stop  → exit once the current request is answered

import { serveProtocol } from "../../runner/src/protocol/serve-protocol.js";
import type { HelloReply, RunReply } from "../../runner/src/types/protocol.js";
import { startBlockingProxy, type BlockingProxy } from "./blocking-proxy.js";
import { CODEX_VERSION, findCodex, type CodexBinary } from "./codex-binary.js";
import { loadAgentPlugin } from "./load-plugin.js";

const COMMAND_TIMEOUT_MS = Number(process.env["PAPC_CODEX_COMMAND_TIMEOUT_MS"] ?? 5000);
const KEEP = process.env["PAPC_CODEX_KEEP"] === "1";

function helloReply(): HelloReply {
  return {
    protocol: 1,
    implementation: { name: "codex", version: CODEX_VERSION, language: "Rust", homepage: "https://github.com/openai/codex" },
    operations: ["load-agent-plugin"],
    profiles: ["agent-plugins-1.0"],
  };
}

let codex: Promise<CodexBinary> | undefined;
let proxy: Promise<BlockingProxy> | undefined;

serveProtocol({
  name: "codex-adapter",
  hello: helloReply,
  async run(seq, c, log): Promise<RunReply> {
    const found = await (codex ??= findCodex());
    if ("missing" in found) return { seq, skipped: { reason: found.missing } };
    const { url, attempts } = await (proxy ??= startBlockingProxy());
    const started = Date.now();
    const before = attempts.length;
    const outcome = await loadAgentPlugin(c.source, { binary: found.binary, proxy: url, commandTimeoutMs: COMMAND_TIMEOUT_MS, keep: KEEP, log });
    const blocked = attempts.slice(before);
    log(`${c.id}: ${outcome.kind} in ${Date.now() - started} ms${outcome.kind === "result" ? ` ${JSON.stringify(outcome.timings)}` : ""}${blocked.length > 0 ? `; refused outside requests: ${blocked.join(", ")}` : ""}`);
    if (outcome.kind === "skipped") return { seq, skipped: { reason: outcome.reason } };
    if (outcome.kind === "errored") return outcome.detail === undefined ? { seq, errored: { message: outcome.message } } : { seq, errored: { message: outcome.message, detail: outcome.detail } };
    return { seq, result: outcome.result as unknown as Record<string, unknown> };
  },
  async close() {
    if (proxy) await (await proxy).close();
  },
});
