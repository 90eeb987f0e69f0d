// The runner's half of a live case (SPEC 1.7): install the implementation's projection into the
// real pinned harness, run the scripted scenario in the case's work directory, and collect what
// happened: the harness's exit and output, every request that reached the scripted model, and
// the handlers' captures. A refused projection, or one that cannot be installed, runs nothing.

import { mkdir } from "node:fs/promises";
import { parse as parseToml } from "smol-toml";
import { readHandlerRuns, type HandlerRun } from "../dispatch/handler-runs.js";
import { harnessCacheRoot } from "../harness/cache.js";
import { recordingsRoot } from "../harness/pins.js";
import { HarnessMissingError, resolveHarness, selectedVersion, type ResolvedHarness } from "../harness/resolve.js";
import type { NativeConfig } from "../recordings/harness-invocation.js";
import { runHarness } from "../recordings/harness-run.js";
import type { LoggedRequest } from "../recordings/model-server/server.js";
import type { LoadedCase, ResolvedLive } from "../types/case.js";
import type { LiveResult } from "../../shared/protocol.js";
import type { Provider } from "../types/recording.js";
import { liveFolders } from "./live-paths.js";
import type { LeftoverProcess } from "../../shared/process-cell.js";

/** A live harness run that has not ended after this long is killed (the case fails). */
export const LIVE_RUN_TIMEOUT_MS = 60_000;
/** More main-loop requests than this means a hook made the harness loop: it is stopped. */
export const MAX_MAIN_REQUESTS = 24;

export interface HarnessObservation {
  exitCode?: number;
  signal?: string;
  timedOut: boolean;
  looped: boolean;
  output: string;
  ms: number;
  /** What the harness left running outside its process group when it ended (killed then). */
  leftovers?: LeftoverProcess[];
}

export interface LiveObservation {
  /** Why the harness was not started: a refused projection, or one that could not be installed. */
  notRun?: string;
  /** Set when the configuration could not be installed: the implementation's fault. */
  installError?: string;
  harness?: HarnessObservation;
  /** Every request the scripted model server received. */
  requests: LoggedRequest[];
  /** The work directory (absolute). */
  work: string;
  /** Per hook id, its handler's runs. */
  runs: Map<string, HandlerRun[]>;
}

const resolved = new Map<string, Promise<ResolvedHarness>>();

/**
 * The provider's installed pinned harness, or the reason it is missing (the case is skipped).
 * Looked up once per process; `papc harness install` installs it.
 */
export async function liveHarness(provider: Provider): Promise<ResolvedHarness | string> {
  const key = `${provider}@${selectedVersion(provider) ?? "pin"}@${harnessCacheRoot()}`;
  let found = resolved.get(key);
  if (!found) {
    found = resolveHarness(provider, recordingsRoot(), harnessCacheRoot());
    resolved.set(key, found);
  }
  try {
    return await found;
  } catch (err) {
    if (err instanceof HarnessMissingError) return `live case needs the pinned ${provider} harness: ${err.message}`;
    throw err;
  }
}

/** The projection's text as the harness's native configuration, or why it cannot be installed. */
export function nativeConfigOf(provider: Provider, text: string): NativeConfig | string {
  let value: unknown;
  try {
    value = provider === "codex" ? parseToml(text) : JSON.parse(text);
  } catch (err) {
    return `the projection's text is not ${provider === "codex" ? "TOML" : "JSON"}: ${(err as Error).message.split("\n")[0]}`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "the projection's text is not a table of settings";
  return value as Record<string, unknown>;
}

/** True when the projection lets the harness run: nothing refused and exit 0. */
export function projectionInstalls(result: LiveResult): boolean {
  return result.exit === 0 && result.refused.length === 0;
}

/** `signal`: aborted when the case's judging runs past its bound; the harness is killed then. */
export async function runLive(c: LoadedCase & { live: ResolvedLive }, result: LiveResult, root: string, harness: ResolvedHarness, signal?: AbortSignal): Promise<LiveObservation> {
  const live = c.live;
  const folders = liveFolders(root);
  const hookIds = live.hooks.map((h) => h.id);
  const observation = async (extra: Partial<LiveObservation>): Promise<LiveObservation> => ({
    requests: [],
    work: folders.work,
    runs: await readHandlerRuns(root, hookIds),
    ...extra,
  });
  if (!projectionInstalls(result)) {
    return observation({ notRun: result.refused.length > 0 ? `the projection refused ${result.refused.map((r) => r.hook).join(", ")}` : `the projection exited ${result.exit}` });
  }
  const native = nativeConfigOf(live.provider, result.text);
  if (typeof native === "string") return observation({ notRun: native, installError: native });

  await mkdir(folders.home, { recursive: true });
  await mkdir(folders.work, { recursive: true });
  const r = await runHarness({
    harness,
    prompt: live.scenario.prompt,
    turns: live.scenario.turns,
    folders,
    native,
    timeoutMs: LIVE_RUN_TIMEOUT_MS,
    // stream-json shows the user channel (hook system messages) in the output
    claudeOutput: "stream-json",
    ...(live.scenario.codex_sandbox ? { codexSandbox: live.scenario.codex_sandbox } : {}),
    env: c.given?.environment ?? {},
    maxMainRequests: MAX_MAIN_REQUESTS,
    ...(signal ? { signal } : {}),
  });
  const h: HarnessObservation = { timedOut: r.timedOut, looped: r.looped, output: r.output, ms: r.ms, leftovers: r.leftovers };
  if (r.exitCode !== undefined) h.exitCode = r.exitCode;
  if (r.signal !== undefined) h.signal = r.signal;
  return observation({ harness: h, requests: r.requests });
}

/** The requests of the harness's main loop (they offer tools), from the root agent, in order. */
export function mainLoop(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((r) => r.kind === "main" && (r.agent ?? "root") === "root");
}
