// A short `codex app-server` session over stdio (JSON-RPC, one JSON object per line):
// initialize → initialized → plugin/list {} → plugin/read {pluginName, marketplacePath} →
// hooks/list {cwds}. plugin/list carries each plugin's `localVersion` and `interface`, and
// plugin/read its parsed `description` and `apps`; both read the marketplace's copy of the
// package, not the installed one. hooks/list gives the hooks Codex will run, each with the
// `pluginId` of the plugin it came from (a Codex-format plugin's hooks do appear there).

import { SessionFailed, startLineSession } from "../shared/line-session.js";
import { codexEnvironment, type CodexEnv } from "./codex-cli.js";
import { isRecord } from "../shared/values.js";

export interface AppServerView {
  /** plugin/list: the plugin's summary (name, localVersion, installed, enabled, interface, …), if listed. */
  summary?: Record<string, unknown>;
  /** plugin/read: the plugin detail (description, skills, mcpServers, hooks, apps, …), or the error Codex gave. */
  detail?: Record<string, unknown>;
  readError?: string;
  /** hooks/list: every hook Codex knows of, as HookMetadata ({eventName, pluginId, command, …}). */
  hooks: Record<string, unknown>[];
  /** hooks/list's warnings and errors, as Codex wrote them. */
  hookProblems: string[];
  ms: number;
}

export class AppServerError extends Error {}

interface RpcReply {
  id?: number;
  result?: unknown;
  error?: { code?: number; message?: string };
}

/** How hooks/list is polled until it settles. */
const HOOKS_POLL = { agreeing: 3, intervalMs: 120, maxCalls: 15 };

/**
 * hooks/list's `data`, once it has settled. Codex loads plugin hooks in the background after the
 * app-server starts: for a moment hooks/list answers without them (observed with 0.147.0: the
 * first call gave no hooks and the next, 150 ms later, the plugin's; in about 1 session of 6 on a
 * loaded machine, never later than that). So it is called until three answers in a row agree,
 * 120 ms apart; an answer that never settles is an error, not a guess.
 */
async function settledHooks(call: (method: string, params: unknown) => Promise<RpcReply>, cwd: string): Promise<unknown[]> {
  const answers: string[] = [];
  for (let n = 0; n < HOOKS_POLL.maxCalls; n++) {
    if (n > 0) await new Promise((resolve) => setTimeout(resolve, HOOKS_POLL.intervalMs));
    const reply = await call("hooks/list", { cwds: [cwd] });
    if (reply.error) throw new AppServerError(`app-server hooks/list failed: ${reply.error.message ?? "?"}`);
    const data = isRecord(reply.result) && Array.isArray(reply.result["data"]) ? reply.result["data"] : [];
    answers.push(JSON.stringify(data));
    const last = answers.slice(-HOOKS_POLL.agreeing);
    if (last.length === HOOKS_POLL.agreeing && last.every((a) => a === last[0])) return data;
  }
  throw new AppServerError(`app-server hooks/list did not settle in ${HOOKS_POLL.maxCalls} calls ${HOOKS_POLL.intervalMs} ms apart`);
}

export async function readPluginViaAppServer(env: CodexEnv, pluginName: string, marketplaceFile: string, timeoutMs: number): Promise<AppServerView> {
  const started = Date.now();
  const session = startLineSession(env.binary, ["app-server"], {
    cwd: env.home,
    env: codexEnvironment(env),
    timeoutMs,
    keyOf: (m) => (typeof m["id"] === "number" ? String(m["id"]) : undefined),
    what: "codex app-server",
    graceMs: 0,
  });
  let nextId = 0;
  // a JSON-RPC error reply is an answer; a session that ended is not
  const call = async (method: string, params: unknown): Promise<RpcReply> => {
    const id = ++nextId;
    try {
      return (await session.request({ jsonrpc: "2.0", id, method, params }, String(id))) as RpcReply;
    } catch (error) {
      if (error instanceof SessionFailed) throw new AppServerError(error.message);
      throw error;
    }
  };
  try {
    const init = await call("initialize", { clientInfo: { name: "papc-codex-adapter", version: "0.1.0" } });
    if (init.error) throw new AppServerError(`app-server initialize failed: ${init.error.message ?? "?"}`);
    session.notify({ jsonrpc: "2.0", method: "initialized" });
    const list = await call("plugin/list", {});
    if (list.error) throw new AppServerError(`app-server plugin/list failed: ${list.error.message ?? "?"}`);
    const view: AppServerView = { hooks: [], hookProblems: [], ms: 0 };
    const marketplaces = isRecord(list.result) && Array.isArray(list.result["marketplaces"]) ? list.result["marketplaces"] : [];
    for (const m of marketplaces) {
      if (!isRecord(m) || m["path"] !== marketplaceFile || !Array.isArray(m["plugins"])) continue;
      view.summary = m["plugins"].find((p): p is Record<string, unknown> => isRecord(p) && p["name"] === pluginName);
    }
    const read = await call("plugin/read", { pluginName, marketplacePath: marketplaceFile });
    if (read.error) view.readError = read.error.message ?? "plugin/read failed";
    else if (isRecord(read.result) && isRecord(read.result["plugin"])) view.detail = read.result["plugin"];
    const sets = await settledHooks(call, env.home);
    for (const set of sets) {
      if (!isRecord(set)) continue;
      if (Array.isArray(set["hooks"])) view.hooks.push(...set["hooks"].filter(isRecord));
      for (const key of ["warnings", "errors"]) if (Array.isArray(set[key])) view.hookProblems.push(...set[key].map((w) => JSON.stringify(w)));
    }
    view.ms = Date.now() - started;
    return view;
  } finally {
    await session.close();
  }
}
