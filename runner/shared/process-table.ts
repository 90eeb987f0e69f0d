// What papc and the reference can learn about other processes: whether one still runs, its
// process group and command line, and which processes carry a marker in their environment.
// Linux reads /proc; other systems (macOS) ask ps(1), which shows another process's environment
// only when it belongs to the same user.

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface ProcessEntry {
  pid: number;
  /** Its process group. */
  pgid: number;
  /** Arguments joined by spaces (ps's `command` column elsewhere than Linux). */
  command: string;
}

const HAS_PROC = existsSync("/proc/self/stat");

/** A running process, or undefined when it is gone, a zombie, or cannot be read. */
export function processEntry(pid: number): ProcessEntry | undefined {
  return HAS_PROC ? procEntry(pid) : psEntries([pid])[0];
}

/** The running processes among `pids` (zombies and the gone left out). */
export function runningEntries(pids: readonly number[]): ProcessEntry[] {
  if (!HAS_PROC) return pids.length === 0 ? [] : psEntries(pids);
  return pids.map(procEntry).filter((e): e is ProcessEntry => e !== undefined);
}

function procEntry(pid: number): ProcessEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split at the last ")"
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") return undefined;
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0$/, "").split("\0").join(" ");
    return { pid, pgid: Number(fields[2]), command };
  } catch {
    return undefined;
  }
}

function psEntries(pids: readonly number[]): ProcessEntry[] {
  let text: string;
  try {
    text = execFileSync("ps", ["-o", "pid=,pgid=,stat=,command=", "-ww", "-p", pids.join(",")], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return []; // ps exits 1 when none of the pids runs
  }
  return parsePsLines(text)
    .filter((e) => !e.stat.startsWith("Z"))
    .map(({ stat: _stat, ...e }) => e);
}

/** `pid pgid stat command…` lines of ps(1). */
export function parsePsLines(text: string): (ProcessEntry & { stat: string })[] {
  const out: (ProcessEntry & { stat: string })[] = [];
  for (const line of text.split("\n")) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s(.*)$/.exec(line);
    if (m) out.push({ pid: Number(m[1]), pgid: Number(m[2]), stat: m[3]!, command: m[4]!.trim() });
  }
  return out;
}

/**
 * Every process whose environment holds the variable `name`, with its value. Only processes this
 * user may read are seen (all of them as root); this process is left out.
 */
export function markerValues(name: string): Map<number, string> {
  return HAS_PROC ? procMarked(name) : psMarked(name);
}

/** The processes whose environment gives `name` exactly `value`. */
export function pidsWithMarker(name: string, value: string): number[] {
  return [...markerValues(name)].filter(([, v]) => v === value).map(([pid]) => pid);
}

function procMarked(name: string): Map<number, string> {
  const needle = Buffer.from(`${name}=`);
  const out = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue; // gone, or another user's
    }
    // the variable starts the block or follows a NUL
    for (let at = environ.indexOf(needle); at !== -1; at = environ.indexOf(needle, at + 1)) {
      if (at !== 0 && environ[at - 1] !== 0) continue;
      const end = environ.indexOf(0, at);
      out.set(Number(entry), environ.subarray(at + needle.length, end === -1 ? undefined : end).toString("utf8"));
      break;
    }
  }
  return out;
}

function psMarked(name: string): Map<number, string> {
  const out = new Map<number, string>();
  let text: string;
  try {
    // -E appends each process's environment to its command (macOS, BSD)
    text = execFileSync("ps", ["-axww", "-E", "-o", "pid=,command="], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return out;
  }
  const pattern = new RegExp(`^\\s*(\\d+)\\s.* ${name}=(\\S*)`);
  for (const line of text.split("\n")) {
    const m = pattern.exec(line);
    if (m && Number(m[1]) !== process.pid) out.set(Number(m[1]), m[2]!);
  }
  return out;
}

/** When the process started, in seconds since the epoch, or undefined when it is gone. */
export function startedAt(pid: number): number | undefined {
  if (HAS_PROC) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
      const boot = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
      // USER_HZ is 100 on every Linux architecture Node.js runs on
      return Number.isFinite(ticks) && Number.isFinite(boot) ? boot + ticks / 100 : undefined;
    } catch {
      return undefined;
    }
  }
  try {
    const text = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, LC_ALL: "C" } }).trim();
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : at / 1000;
  } catch {
    return undefined;
  }
}

/** A text file's content, or undefined when it cannot be read (a /proc or cgroup file that is gone). */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** SIGKILL to one process; harmless when it is gone. */
export function killPid(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}
