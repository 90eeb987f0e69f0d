// One run of a pinned harness against a scripted model server on 127.0.0.1: the part the
// recorder (record.ts) and the live suite (runner/src/live/run-live.ts) share. The caller
// makes the folders and says which native configuration the harness runs with; this starts the
// model server, starts the harness in the work folder with a sealed environment, and returns
// what happened and every request that reached the model.

import { execa } from "execa";
import type { ResolvedHarness } from "../harness/resolve.js";
import type { Provider } from "../types/recording.js";
import type { Agent, CodexSandbox, ScenarioTurn } from "../types/scenario.js";
import { claudeInvocation } from "./claude-code.js";
import { codexInvocation } from "./codex.js";
import type { Invocation, InvocationContext, NativeConfig, RunFolders } from "./harness-invocation.js";
import { startModelServer, type LoggedRequest, type ModelServer } from "./model-server/server.js";
import { containment, type LeftoverProcess } from "../../shared/process-cell.js";

const INVOCATIONS: Record<Provider, (ctx: InvocationContext) => Promise<Invocation>> = {
  "claude-code": claudeInvocation,
  codex: codexInvocation,
};

export interface HarnessRunOptions {
  harness: ResolvedHarness;
  prompt: string;
  turns: readonly ScenarioTurn[];
  folders: RunFolders;
  native: NativeConfig;
  timeoutMs: number;
  claudeOutput?: "json" | "stream-json";
  /** Codex's sandbox_mode for this run (default danger-full-access). */
  codexSandbox?: CodexSandbox;
  env?: Record<string, string>;
  /** Stop the harness once this many main-loop requests arrived (a hook that makes it loop). */
  maxMainRequests?: number;
  /** Aborted when the caller gives up on the run: the harness is killed as at its timeout. */
  signal?: AbortSignal;
  /** Called before the harness starts, e.g. to stamp a capture time. */
  onStart?: () => void;
  /** Called after the harness ended, while the model server still holds its log. */
  onEnd?: (server: ModelServer) => Promise<void>;
}

export interface HarnessRunResult {
  /** The exit status; undefined when the harness was killed (timeout, signal, loop guard). */
  exitCode?: number;
  signal?: string;
  timedOut: boolean;
  /** Set when the loop guard stopped the harness. */
  looped: boolean;
  /** stdout and stderr as they interleaved. */
  output: string;
  requests: LoggedRequest[];
  /** Main-loop turns of the scenario never requested, per agent. */
  remaining: Record<Agent, number>;
  invocation: Invocation;
  ms: number;
  /** Processes of the harness (MCP servers, shells, sub-agents) still running after it ended, outside its process group; killed then. */
  leftovers: LeftoverProcess[];
}

export async function runHarness(o: HarnessRunOptions): Promise<HarnessRunResult> {
  const started = Date.now();
  const provider = o.harness.pin.provider;
  let main = 0;
  let looped = false;
  let stop: (() => void) | undefined;
  const server = await startModelServer({
    provider,
    turns: o.turns,
    onRequest: (r) => {
      if (r.kind !== "main" || o.maxMainRequests === undefined) return;
      if (++main > o.maxMainRequests && !looped) {
        looped = true;
        stop?.();
      }
    },
  });
  try {
    const ctx: InvocationContext = {
      pin: o.harness.pin,
      binary: o.harness.binary,
      prompt: o.prompt,
      turns: o.turns,
      folders: o.folders,
      modelOrigin: server.origin,
      native: o.native,
    };
    if (o.claudeOutput) ctx.claudeOutput = o.claudeOutput;
    if (o.codexSandbox) ctx.codexSandbox = o.codexSandbox;
    if (o.env) ctx.env = o.env;
    const invocation = await INVOCATIONS[provider](ctx);
    o.onStart?.();
    // its own process group, in a cell: what it starts (MCP servers, shells, sub-agents) ends with it
    const cell = containment().newCell("harness");
    const child = cell.spawnInside(() =>
      execa(invocation.argv[0]!, invocation.argv.slice(1), {
        detached: true,
        cwd: o.folders.work,
        env: invocation.env,
        extendEnv: false,
        stdin: "ignore",
        reject: false,
        all: true,
        timeout: o.timeoutMs,
        ...(o.signal ? { cancelSignal: o.signal } : {}),
        forceKillAfterDelay: 2000,
      }),
    );
    stop = () => void child.kill("SIGKILL");
    const r = await child;
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // the group is gone
    }
    const leftovers = await cell.close(child.pid);
    await o.onEnd?.(server);
    const result: HarnessRunResult = {
      timedOut: r.timedOut,
      looped,
      output: typeof r.all === "string" ? r.all : "",
      requests: server.requests(),
      remaining: { root: server.remaining("root"), subagent: server.remaining("subagent") },
      invocation,
      ms: Date.now() - started,
      leftovers,
    };
    if (typeof r.exitCode === "number") result.exitCode = r.exitCode;
    if (r.signal) result.signal = r.signal;
    return result;
  } finally {
    await server.close();
  }
}
