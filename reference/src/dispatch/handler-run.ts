// Runs one handler process: its own process group, stdin from a file, stdout read until it
// exceeds the limit, stderr drained and discarded (SPEC 5.5: it never reaches the response),
// SIGKILL to the whole group on timeout or overflow. The handler also starts in a cell
// (runner/shared/process-cell.ts): when it exits or times out, whatever it started that left its
// group or session (setsid, a double fork) is killed before the run is over (PAP-DISPATCH-CONTAINED).
//
// node:child_process rather than execa: execa's timeout and maxBuffer kill only the direct
// child (a handler's own children would survive and keep the pipes open), and maxBuffer cannot
// stop reading at exactly limit + 1 bytes; both need the raw process group and stream events.

import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { errorText } from "../wording.js";
import { containment } from "../../../runner/shared/process-cell.js";
import type { Invocation } from "./invocation.js";
import { InternalError } from "./messages/errors.js";
import { MiB } from "./types.js";

export const MAX_STDOUT_BYTES = 4 * MiB;
/** After the handler exits, how long its leftover pipes may stay open before we stop reading. */
const DRAIN_GRACE_MS = 200;

/** Where starting a handler failed: opening its stdin file, or spawning it. */
export type StartStage = "event-file" | "spawn";

export type RunOutcome =
  | { kind: "exited"; code: number | null; signal: NodeJS.Signals | null; stdout: Buffer }
  | { kind: "timeout" }
  | { kind: "overflow" }
  /** The handler never ran; `error` is the operating system's text. */
  | { kind: "spawn_error"; stage: StartStage; error: string };

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Starts `invocation` with stdin read from `stdinFile` (a file, not a pipe: a handler that
 * exits without reading its input cannot make us fail with EPIPE, and a large payload cannot
 * deadlock against a chatty handler). Never rejects.
 */
export function runHandler(invocation: Invocation, stdinFile: string, timeoutMs: number): Promise<RunOutcome> {
  return new Promise((resolve) => {
    let stdinFd: number;
    try {
      // Stryker disable BlockStatement: the event file was written by the dispatcher just before; opening it does not fail
      stdinFd = openSync(stdinFile, "r");
    } catch (error) {
      // Stryker restore BlockStatement
      // Stryker disable next-line ObjectLiteral,StringLiteral: the event file was written by the dispatcher just before; opening it does not fail
      resolve({ kind: "spawn_error", stage: "event-file", error: errorText(error) });
      return;
    }
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let overflow = false;
    let timedOut = false;
    let graceTimer: NodeJS.Timeout | undefined;

    let child: ChildProcess;
    // no marker in the handler's environment: it holds exactly its allow-list (PAP-DISPATCH-ENV-ALLOWLIST)
    const cell = containment().newCell("handler");
    try {
      child = cell.spawnInside(() =>
        spawn(invocation.command, invocation.args, {
          cwd: invocation.cwd,
          env: invocation.env,
          stdio: [stdinFd, "pipe", "pipe"],
          detached: true, // setsid(): the handler leads its own process group
          windowsHide: true,
        }),
      );
    } catch (error) {
      // Synchronous refusals: a NUL byte in an argument (a valid package can hold one, case
      // hooks/handler/argv-nul-claude) or in an environment value.
      void cell.close();
      resolve({
        kind: "spawn_error",
        // Stryker disable next-line StringLiteral: the stage only words the failure's detail (dispatch/messages/)
        stage: "spawn",
        error: errorText(error),
      });
      // Stryker disable BlockStatement: the finally block below: a descriptor left open is not observable in one dispatch
      return;
    } finally {
      // Stryker restore BlockStatement
      closeSync(stdinFd); // the child holds its own copy
    }
    const out = child.stdout;
    const err = child.stderr;
    // Stryker disable next-line LogicalOperator: stdio is [fd, "pipe", "pipe"], so stdout/stderr are never null (TypeScript narrowing only)
    if (out === null || err === null) throw new InternalError({ kind: "internal-no-pipes" });

    // Ends everything the handler started, in its group or not; once, before the run settles.
    let ending: Promise<void> | undefined;
    const endAll = (): Promise<void> => {
      killGroup(child.pid);
      // the cell: where it is a cgroup, everything the handler started (docs/CONTAINMENT.md)
      ending ??= cell.close(child.pid).then(
        () => undefined,
        () => undefined,
      );
      return ending;
    };
    // A promise settles once: a later call (close after a spawn error) changes nothing.
    const settle = (outcome: RunOutcome): void => {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      void endAll().then(() => resolve(outcome));
    };

    // Cleared when the handler exits, so it only fires for a handler still running.
    const timer = setTimeout(() => {
      timedOut = true;
      void endAll();
    }, timeoutMs);

    // Past the limit the output is discarded (overflow), so nothing needs truncating.
    out.on("data", (chunk: Buffer) => {
      stdoutChunks.push(chunk);
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES) {
        overflow = true;
        killGroup(child.pid);
        out.destroy();
      }
    });
    // Keep draining so a chatty handler never blocks on a full pipe; nothing of it is used.
    err.resume();
    // Stream errors after destroy() are expected; without listeners they would be thrown.
    // Stryker disable next-line StringLiteral: destroy() without an error argument emits no 'error'; the listener is defensive
    out.on("error", () => undefined);
    // Stryker disable next-line StringLiteral: destroy() without an error argument emits no 'error'; the listener is defensive
    err.on("error", () => undefined);

    child.on("error", (error) => {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: an 'error' with a pid comes only from kill/send failures, which this code never triggers
      if (child.pid === undefined) settle({ kind: "spawn_error", stage: "spawn", error: errorText(error) });
    });
    child.on("exit", () => {
      clearTimeout(timer);
      // The handler's run is over: its leftover descendants go with it, in its group or not, and
      // if one that nothing can find still holds a pipe, stop waiting for it shortly after.
      void endAll();
      graceTimer = setTimeout(() => {
        out.destroy();
        err.destroy();
      }, DRAIN_GRACE_MS);
    });
    child.on("close", (code, signal) => {
      if (overflow) settle({ kind: "overflow" });
      else if (timedOut) settle({ kind: "timeout" });
      else settle({ kind: "exited", code, signal, stdout: Buffer.concat(stdoutChunks) });
    });
  });
}
