// Shared by the property-based fuzz tests (runner/test/fuzz/*.fuzz.test.ts): run counts from
// the environment, one summary line per property for CI logs, and a per-input deadline that
// also catches a synchronous hang (a watchdog thread kills the test process if the event loop
// stays blocked past the deadline, after naming the input it was stuck on).

import { appendFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import fc from "fast-check";

/**
 * How many inputs a property runs. `PAPC_FUZZ_RUNS` (set to 20000 by `npm run fuzz`) is the
 * count for cheap, in-process properties; `scale` shrinks it for expensive ones (each input of
 * the protocol property spawns processes). Without the variable: `defaultRuns` (npm test).
 * `PAPC_FUZZ_<NAME>_RUNS` overrides one property's count exactly.
 */
export function fuzzRuns(name: string, defaultRuns: number, scale = 1): number {
  const own = process.env[`PAPC_FUZZ_${name.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_RUNS`];
  if (own !== undefined && own !== "") return positive(own, `PAPC_FUZZ_${name}_RUNS`);
  const all = process.env.PAPC_FUZZ_RUNS;
  if (all === undefined || all === "") return defaultRuns;
  return Math.max(1, Math.round(positive(all, "PAPC_FUZZ_RUNS") * scale));
}

function positive(text: string, what: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a positive integer, not ${JSON.stringify(text)}`);
  return n;
}

/** `PAPC_FUZZ_SEED` replays a run (the seed is printed in every summary line and failure). */
export function fuzzSeed(): number | undefined {
  const s = process.env.PAPC_FUZZ_SEED;
  return s === undefined || s === "" ? undefined : Number(s);
}

/** True when the long counts are in effect (npm run fuzz). */
export const LONG_RUN = process.env.PAPC_FUZZ_RUNS !== undefined && process.env.PAPC_FUZZ_RUNS !== "";

export interface PropertySummary {
  property: string;
  runs: number;
  seconds: number;
  seed: number;
  ok: boolean;
}

/**
 * Runs one async property for `runs` inputs and prints one line:
 *   [fuzz] <property>: <runs> runs in <seconds> s (seed <seed>) <ok|FAILED>
 * `PAPC_FUZZ_SUMMARY_FILE` also gets the line appended (used to fill in README.md's table).
 * Throws fast-check's report (seed, path, shrunk counterexample) when the property fails.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  property: string,
  prop: fc.IAsyncProperty<Ts>,
  runs: number,
  options: { note?: () => string; parameters?: Partial<fc.Parameters<Ts>> } = {},
): Promise<PropertySummary> {
  const seed = fuzzSeed() ?? (Date.now() ^ (Math.random() * 0x100000000)) | 0;
  const started = performance.now();
  const details = await fc.check(prop, { numRuns: runs, seed, ...options.parameters });
  const seconds = (performance.now() - started) / 1000;
  const ran = details.failed ? details.numRuns : details.numRuns + details.numSkips;
  const summary: PropertySummary = { property, runs: ran, seconds: Math.round(seconds * 10) / 10, seed, ok: !details.failed };
  const line = `[fuzz] ${property}: ${summary.runs} runs in ${summary.seconds.toFixed(1)} s (seed ${seed}${details.numSkips > 0 ? `, ${details.numSkips} skipped` : ""}) ${details.failed ? "FAILED" : "ok"}${options.note ? ` [${options.note()}]` : ""}`;
  process.stdout.write(`${line}\n`);
  if (process.env.PAPC_FUZZ_SUMMARY_FILE) appendFileSync(process.env.PAPC_FUZZ_SUMMARY_FILE, `${line}\n`);
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    const error = new Error(
      `${fc.defaultReportMessage(details) ?? `property ${property} failed`}\n\nThe shrunk counterexample failed with:\n${cause}\n\nReplay: PAPC_FUZZ_SEED=${seed}`,
    );
    throw error;
  }
  return summary;
}

/** A per-test timeout for vitest that grows with the run count (a ceiling, not a budget). */
export function testTimeout(runs: number, perRunMs: number): number {
  return Math.max(120_000, runs * perRunMs);
}

// ---- per-input deadline -------------------------------------------------------------------

export class DeadlineExceeded extends Error {}

const WATCHDOG_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { writeSync } = require("node:fs");
const cell = workerData.cell;
let label = "";
parentPort.on("message", (m) => { label = m; });
setInterval(() => {
  const deadline = Number(Atomics.load(cell, 0));
  if (deadline > 0 && Date.now() > deadline) {
    writeSync(2, "\\n[fuzz] watchdog: the event loop stayed blocked past the per-input deadline on: " + label + "\\n");
    process.kill(process.pid, "SIGKILL");
  }
}, 200);
`;

let watchdog: { worker: Worker; cell: BigInt64Array } | undefined;

function armWatchdog(label: string, until: number): void {
  if (!watchdog) {
    const cell = new BigInt64Array(new SharedArrayBuffer(8));
    const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { cell } });
    worker.unref();
    watchdog = { worker, cell };
  }
  watchdog.worker.postMessage(label);
  Atomics.store(watchdog.cell, 0, BigInt(until));
}

function disarmWatchdog(): void {
  if (watchdog) Atomics.store(watchdog.cell, 0, 0n);
}

/**
 * Runs `work` with a deadline: an asynchronous hang rejects with DeadlineExceeded after `ms`;
 * a synchronous one (the event loop never comes back) is ended by the watchdog `graceMs` later,
 * which kills the test process after printing `label()`.
 */
export async function withinDeadline<T>(ms: number, label: () => string, work: () => Promise<T>, graceMs = 5000): Promise<T> {
  armWatchdog(label(), Date.now() + ms + graceMs);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineExceeded(`no result within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    disarmWatchdog();
  }
}

/** The per-input deadline of the in-process properties (PAPC_FUZZ_INPUT_TIMEOUT_MS, default 10 s). */
export const INPUT_TIMEOUT_MS = Number(process.env.PAPC_FUZZ_INPUT_TIMEOUT_MS || 10_000);
