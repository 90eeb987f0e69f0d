// `papc run --memory-limit`: a memory bound per implementation process, applied with the
// platform's own mechanism, the cgroup memory controller (Linux): memory.max in the cell's own
// cgroup v2 where that hierarchy has the controller, else memory.limit_in_bytes in a cgroup of
// the v1 memory hierarchy that the process joins as well. The kernel's OOM killer then ends the
// process (SIGKILL) when it goes past the bound, and the cgroup counts it (oom_kill), so papc can
// say why it died. Elsewhere (macOS, an ordinary user without a delegated cgroup) there is no
// such mechanism here: the option is refused, never silently ignored.

import { existsSync, mkdirSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readText } from "./process-table.js";

export interface MemoryLimit {
  readonly bytes: number;
  /** Called while papc enters a cell to spawn (and to come back): joins (leaves) the v1 memory cgroup. */
  enter(): void;
  leave(): void;
  /** Whether the kernel killed a process of the cell for going past the bound. */
  oomKilled(): boolean;
  remove(): void;
}

/** The limit in the cell's own cgroup v2 folder (its memory controller enabled by the parent). */
export function v2Limit(dir: string, bytes: number): MemoryLimit {
  writeFileSync(join(dir, "memory.max"), String(bytes));
  // no swap: past the bound is past it (absent where swap accounting is off)
  if (existsSync(join(dir, "memory.swap.max"))) writeFileSync(join(dir, "memory.swap.max"), "0");
  return {
    bytes,
    enter: () => undefined,
    leave: () => undefined,
    oomKilled: () => counter(readText(join(dir, "memory.events")), "oom_kill") > 0,
    remove: () => undefined, // the cell removes its folder
  };
}

/** The v1 memory hierarchy's folder of this process, or why there is none. */
export function ownV1Memory(mounts = readText("/proc/mounts"), self = readText("/proc/self/cgroup")): { dir: string } | { why: string } {
  if (mounts === undefined || self === undefined) return { why: "no /proc (not Linux)" };
  const mount = mounts
    .split("\n")
    .map((l) => l.split(" "))
    .find((f) => f[2] === "cgroup" && (f[3] ?? "").split(",").includes("memory") && !(f[3] ?? "").split(",").includes("ro"))?.[1];
  if (!mount) return { why: "no cgroup memory controller is mounted writable (v2 without memory, and no v1 memory hierarchy)" };
  const path = /^\d+:(?:[^:]*,)?memory(?:,[^:]*)?:(.*)$/m.exec(self)?.[1];
  if (path === undefined) return { why: "this process has no v1 memory cgroup" };
  return { dir: join(mount, path) };
}

/** A cgroup `name` below `home` in the v1 memory hierarchy, bounded to `bytes`. */
export function v1Limit(home: string, name: string, bytes: number): MemoryLimit {
  const dir = join(home, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "memory.limit_in_bytes"), String(bytes));
  // memory + swap bounded alike where swap accounting exists
  if (existsSync(join(dir, "memory.memsw.limit_in_bytes"))) writeFileSync(join(dir, "memory.memsw.limit_in_bytes"), String(bytes));
  return {
    bytes,
    enter: () => writeFileSync(join(dir, "cgroup.procs"), String(process.pid)),
    leave: () => writeFileSync(join(home, "cgroup.procs"), String(process.pid)),
    // oom_kill is counted since Linux 4.13; before, failcnt says the bound was hit
    oomKilled: () => {
      const control = readText(join(dir, "memory.oom_control")) ?? "";
      return /^oom_kill \d+$/m.test(control) ? counter(control, "oom_kill") > 0 : Number(readText(join(dir, "memory.failcnt")) ?? 0) > 0;
    },
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // still busy: a later run's reapDeadRuns takes the run's folder
      }
    },
  };
}

/** `512M`, `1G`, `256MiB`, `1000000` → bytes; undefined when it is not a size. */
export function parseMemorySize(text: string): number | undefined {
  const m = /^(\d+)\s*(k|m|g|kb|mb|gb|kib|mib|gib)?$/i.exec(text.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? "").toLowerCase().replace(/i?b$/, "");
  const bytes = Number(m[1]) * ({ "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 } as Record<string, number>)[unit]!;
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

function counter(text: string | undefined, name: string): number {
  return Number(new RegExp(`^${name} (\\d+)$`, "m").exec(text ?? "")?.[1] ?? 0);
}
