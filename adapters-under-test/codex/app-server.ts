// A short `codex app-server` session over stdio (JSON-RPC, one JSON object per line):
// initialize → initialized → plugin/list {} → plugin/read {pluginName, marketplacePath}.
// plugin/list carries each plugin's `localVersion` and `interface`; plugin/read its parsed
// `description`. Both read the marketplace folder (our copy of the plugin root, byte-identical
// to the installed copy because symlinked packages are declined).

import { execa } from "execa";
import { createInterface } from "node:readline";
import { codexEnvironment, type CodexEnv } from "./codex-cli.js";

export interface AppServerView {
  /** plugin/list: the plugin's summary (name, localVersion, installed, enabled, interface, …), if listed. */
  summary?: Record<string, unknown>;
  /** plugin/read: the plugin detail (description, skills, mcpServers, hooks, apps, …), or the error Codex gave. */
  detail?: Record<string, unknown>;
  readError?: string;
  ms: number;
}

export class AppServerError extends Error {}

interface RpcReply {
  id?: number;
  result?: unknown;
  error?: { code?: number; message?: string };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export async function readPluginViaAppServer(env: CodexEnv, pluginName: string, marketplaceFile: string, timeoutMs: number): Promise<AppServerView> {
  const started = Date.now();
  const child = execa(env.binary, ["app-server"], {
    cwd: env.home,
    env: codexEnvironment(env),
    extendEnv: false,
    reject: false,
    buffer: false,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
    forceKillAfterDelay: 1000,
  });
  const pending = new Map<number, (reply: RpcReply) => void>();
  let nextId = 0;
  let failure: string | undefined;
  const failAll = (why: string): void => {
    failure ??= why;
    for (const settle of pending.values()) settle({ error: { message: why } });
    pending.clear();
  };
  createInterface({ input: child.stdout }).on("line", (line) => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return; // not ours
    }
    if (!isRecord(message) || typeof message["id"] !== "number") return; // notifications
    const settle = pending.get(message["id"]);
    if (settle) {
      pending.delete(message["id"]);
      settle(message as RpcReply);
    }
  });
  child.stdin.on("error", () => undefined);
  void child.then((r) => failAll(`codex app-server exited (${r.exitCode ?? r.signal ?? "?"})`));
  const timer = setTimeout(() => {
    failAll(`codex app-server gave no answer within ${timeoutMs} ms`);
    child.kill("SIGTERM");
  }, timeoutMs);
  const call = (method: string, params: unknown): Promise<RpcReply> =>
    new Promise((resolve) => {
      if (failure) return resolve({ error: { message: failure } });
      const id = ++nextId;
      pending.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  try {
    const init = await call("initialize", { clientInfo: { name: "papc-codex-adapter", version: "0.1.0" } });
    if (init.error) throw new AppServerError(`app-server initialize failed: ${init.error.message ?? "?"}`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "initialized" })}\n`);
    const list = await call("plugin/list", {});
    if (list.error) throw new AppServerError(`app-server plugin/list failed: ${list.error.message ?? "?"}`);
    const view: AppServerView = { ms: 0 };
    const marketplaces = isRecord(list.result) && Array.isArray(list.result["marketplaces"]) ? list.result["marketplaces"] : [];
    for (const m of marketplaces) {
      if (!isRecord(m) || m["path"] !== marketplaceFile || !Array.isArray(m["plugins"])) continue;
      view.summary = m["plugins"].find((p): p is Record<string, unknown> => isRecord(p) && p["name"] === pluginName);
    }
    const read = await call("plugin/read", { pluginName, marketplacePath: marketplaceFile });
    if (failure) throw new AppServerError(failure);
    if (read.error) view.readError = read.error.message ?? "plugin/read failed";
    else if (isRecord(read.result) && isRecord(read.result["plugin"])) view.detail = read.result["plugin"];
    view.ms = Date.now() - started;
    return view;
  } finally {
    clearTimeout(timer);
    child.stdin.end();
    child.kill("SIGTERM");
    await child.catch(() => undefined);
  }
}
