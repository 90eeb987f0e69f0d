// What the generated handlers recorded: one capture line per run (handler-script.ts), read
// after the dispatcher answered. Also whether a handler's sleeper outlived the dispatch, and
// the cleanup that ends handlers and sleepers a dispatcher left behind (only processes whose
// command line proves they are papc's own).

import { readBounded } from "../fixtures/read-bounded.js";
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { processEntry } from "../../shared/process-table.js";
import { CAPTURE_DIR, capturePath, entryOf } from "./package-files.js";
import { SLEEPER_MARKER } from "./handler-script.js";

export interface HandlerRun {
  argv?: unknown;
  env?: unknown;
  cwd?: unknown;
  stdin?: unknown;
  entry?: unknown;
  pid?: unknown;
  sleeper_pid?: unknown;
  /** Filled in by readHandlerRuns when the run started a sleeper. */
  sleeper_alive?: boolean;
  /** A capture line that is not JSON (the handler was killed while writing it). */
  unreadable?: string;
}

const MAX_CAPTURE_BYTES = 64 * 1024 * 1024;

/** Per hook id, its runs in order; a hook whose handler never started has none. */
export async function readHandlerRuns(root: string, hookIds: readonly string[], checkSleepers = false): Promise<Map<string, HandlerRun[]>> {
  const runs = new Map<string, HandlerRun[]>();
  for (const id of hookIds) {
    const list = await readCapture(capturePath(root, id));
    if (checkSleepers) {
      for (const run of list) if (typeof run.sleeper_pid === "number") run.sleeper_alive = !(await goneWithin(run.sleeper_pid, SLEEPER_MARKER, 1000));
    }
    runs.set(id, list);
  }
  return runs;
}

async function readCapture(file: string): Promise<HandlerRun[]> {
  // the implementation under test may have replaced the capture: read it as untrusted (read-bounded.ts)
  const read = await readBounded(file, MAX_CAPTURE_BYTES);
  if (read.kind === "absent") return [];
  if (read.kind === "refused") throw new Error(`the handler capture ${file} ${read.why}`);
  const text = read.bytes.toString("utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        const parsed = JSON.parse(line) as unknown;
        return typeof parsed === "object" && parsed !== null ? (parsed as HandlerRun) : { unreadable: line };
      } catch {
        return { unreadable: line.slice(0, 200) };
      }
    });
}

/** Ends every handler and sleeper of this fixture that is still running; never throws. */
export async function killLeftovers(root: string, hookIds: readonly string[]): Promise<void> {
  for (const id of hookIds) {
    for (const run of await readCapture(capturePath(root, id)).catch(() => [])) {
      if (typeof run.pid === "number") killIfOurs(run.pid, entryOf(id));
      if (typeof run.sleeper_pid === "number") killIfOurs(run.sleeper_pid, SLEEPER_MARKER);
    }
  }
}

/** Ends what the handlers of `hookIds` left running and empties the capture folder, so the next runs recorded are new ones. */
export async function clearCaptures(root: string, hookIds: readonly string[]): Promise<void> {
  await killLeftovers(root, hookIds);
  await rm(join(root, CAPTURE_DIR), { recursive: true, force: true });
  await mkdir(join(root, CAPTURE_DIR), { recursive: true });
}

function isOurs(pid: number, marker: string): boolean {
  if (!existsSync("/proc/self")) return false; // without /proc a pid cannot be tied to papc: leave it
  return processEntry(pid)?.command.includes(marker) ?? false;
}

function killIfOurs(pid: number, marker: string): void {
  if (!isOurs(pid, marker)) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** True once the process is gone (or is another process now); polls for up to `ms`. */
async function goneWithin(pid: number, marker: string, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  for (;;) {
    if (!existsSync("/proc/self")) {
      try {
        process.kill(pid, 0);
      } catch {
        return true;
      }
    } else if (!isOurs(pid, marker)) {
      return true;
    }
    if (performance.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
