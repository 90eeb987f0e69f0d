// `papc recordings record`: runs each scenario in each pinned harness against a scripted model
// server and turns what the capturing hooks read into recordings.

import { mkdir, readdir, readFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import type { ResolvedHarness } from "../harness/resolve.js";
import type { Provider, Recording } from "../types/recording.js";
import type { CaptureSpec, LoadedScenario } from "../types/scenario.js";
import { HOOK_TIMEOUT_S, writeCaptureHook, type CaptureHook } from "./capture-hook.js";
import { CaptureError, recordingsFromCaptures } from "./captures.js";
import { scenarioFor } from "./scenarios.js";
import { writeRecording } from "./files.js";
import type { NativeConfig } from "./harness-invocation.js";
import { runHarness } from "./harness-run.js";
import type { LoggedRequest } from "./model-server/server.js";

export const RUN_TIMEOUT_MS = 90_000;

export class RecordError extends Error {}

export interface ScenarioRun {
  provider: Provider;
  /** The harness version that ran. */
  version: string;
  scenario: string;
  recordings: Recording[];
  /** What reached the scripted model. */
  requests: LoggedRequest[];
  ms: number;
}

export interface RunOptions {
  /** Write the model server's request log here as <provider>.<scenario>.requests.json. */
  logDir?: string;
  now?: () => Date;
}

/** The capturing command hook on every captured event, as the harness's native hooks. */
export function captureConfig(provider: Provider, captures: readonly CaptureSpec[], hook: CaptureHook): NativeConfig {
  const handler = (event: string) => ({ type: "command", command: hook.command(event), timeout: HOOK_TIMEOUT_S });
  // Claude Code's groups carry an empty matcher (every tool); Codex's leave it out.
  const group = (event: string) => (provider === "claude-code" ? { matcher: "", hooks: [handler(event)] } : { hooks: [handler(event)] });
  return { hooks: Object.fromEntries(captures.map((c) => [c.event, [group(c.event)]])) };
}

/** One scenario in one harness, in its own temporary HOME, working folder and model server. */
export async function runScenario(harness: ResolvedHarness, anyScenario: LoadedScenario, options: RunOptions = {}): Promise<ScenarioRun> {
  const started = Date.now();
  const provider = harness.pin.provider;
  if (!anyScenario.providers.includes(provider)) throw new RecordError(`scenario ${anyScenario.name} does not run in ${provider}`);
  const scenario = scenarioFor(anyScenario, provider);
  const label = `${scenario.name} on ${provider} ${harness.pin.version}`;
  const tmp = await tmpDir({ prefix: `papc-rec-${provider}-${scenario.name}-`, unsafeCleanup: true });
  try {
    const folders = { dir: tmp.path, work: join(tmp.path, "work"), home: join(tmp.path, "home") };
    await mkdir(folders.work);
    await mkdir(folders.home);
    const hook = await writeCaptureHook(tmp.path, scenario.capture);
    let capturedAt = "";
    const r = await runHarness({
      harness,
      prompt: scenario.prompt,
      turns: scenario.turns,
      folders,
      native: captureConfig(provider, scenario.capture, hook),
      timeoutMs: RUN_TIMEOUT_MS,
      onStart: () => {
        capturedAt = (options.now ?? (() => new Date()))().toISOString();
      },
      onEnd: async (server) => {
        if (!options.logDir) return;
        await mkdir(options.logDir, { recursive: true });
        await server.writeLog(join(options.logDir, `${provider}.${scenario.name}.requests.json`));
      },
    });
    if (r.exitCode !== 0) {
      const why = r.timedOut ? `timed out after ${RUN_TIMEOUT_MS} ms` : `exited ${r.exitCode ?? r.signal}`;
      throw new RecordError(`${label}: ${harness.pin.binary} ${why}\n${tail(r.output, 20)}`);
    }
    for (const agent of ["root", "subagent"] as const) {
      const left = r.remaining[agent];
      if (left > 0) throw new RecordError(`${label}: ${left} ${agent} turn(s) of the scenario were never requested by the harness\n${tail(r.output, 20)}`);
    }
    try {
      const recordings = recordingsFromCaptures(await readFile(hook.captureFile, "utf8"), { pin: harness.pin, scenario, capturedAt, command: r.invocation.display });
      return { provider, version: harness.pin.version, scenario: scenario.name, recordings, requests: r.requests, ms: Date.now() - started };
    } catch (err) {
      if (err instanceof CaptureError) throw new RecordError(`${label}: ${err.message}`);
      throw err;
    }
  } finally {
    await tmp.cleanup();
  }
}

export interface Job {
  harness: ResolvedHarness;
  scenario: LoadedScenario;
}

/** Runs jobs, `jobs` at a time; results in job order. Fails with every error message. */
export async function runJobs(list: readonly Job[], jobs: number, options: RunOptions = {}, onDone?: (run: ScenarioRun) => void): Promise<ScenarioRun[]> {
  const results: (ScenarioRun | Error)[] = new Array(list.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < list.length; i = next++) {
      const job = list[i]!;
      try {
        const run = await runScenario(job.harness, job.scenario, options);
        results[i] = run;
        onDone?.(run);
      } catch (err) {
        results[i] = err instanceof Error ? err : new Error(String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, list.length)) }, worker));
  const errors = results.filter((r): r is Error => r instanceof Error);
  if (errors.length > 0) throw new RecordError(errors.map((e) => e.message).join("\n\n"));
  return results as ScenarioRun[];
}

/**
 * Writes a run's recordings under root, first removing that scenario's earlier recordings
 * for the same provider and version (an event that no longer fires leaves no stale file).
 */
export async function writeRun(root: string, run: ScenarioRun, version: string): Promise<string[]> {
  const base = join(root, run.provider, version);
  const mine = new RegExp(`^${run.scenario}(?:-\\d+)?\\.json$`);
  for (const event of await readdir(base).catch(() => [] as string[])) {
    for (const file of await readdir(join(base, event)).catch(() => [] as string[])) {
      if (mine.test(file)) await unlink(join(base, event, file));
    }
  }
  const written: string[] = [];
  for (const r of run.recordings) written.push(await writeRecording(root, r));
  return written;
}

function tail(text: string, lines: number): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
