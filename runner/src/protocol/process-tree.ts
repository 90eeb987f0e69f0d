// Starting implementations in their own process group, so a timeout or crash can end
// the whole tree (a shell wrapper and everything it started), not just the direct child, and in
// a cell (runner/shared/process-cell.ts), which also finds what left the group.

import { execa, type ResultPromise } from "execa";
import type { Cell } from "../../shared/process-cell.js";

export type Child = ResultPromise<{ buffer: false; reject: false; detached: true; stdin: "pipe"; stdout: "pipe"; stderr: "pipe"; cleanup: true }>;

/** `env` is the whole environment of the child, with the cell's marker over it: nothing of the runner's own is added to it. */
export function spawnGroup(argv: readonly string[], cwd: string, env: Record<string, string>, cell: Cell): Child {
  const [file, ...args] = argv;
  if (!file) throw new Error("empty command");
  return cell.spawnInside(() => spawnIn(file, args, cwd, { ...env, ...cell.environment }));
}

function spawnIn(file: string, args: string[], cwd: string, env: Record<string, string>): Child {
  return execa(file, args, {
    cwd,
    buffer: false,
    reject: false,
    detached: true,
    cleanup: true,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    env,
    extendEnv: false,
  });
}

/** SIGKILL to the child's process group; harmless if it is already gone. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  // The child leads its own group (detached), so the group id is its pid; no per-pid
  // fallback, which could hit an unrelated process once the pid is reused.
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Why a process the kernel killed for its memory died (--memory-limit). */
export function overLimit(bytes: number | undefined): string {
  return `was killed by the kernel for going past --memory-limit (${Math.round((bytes ?? 0) / 1024 / 1024)} MiB)`;
}
