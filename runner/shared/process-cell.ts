// Cells: a set of processes papc (or the reference dispatcher) started and can find again and
// kill as a whole, including descendants that left the process group (setsid, a double fork).
//
// - On Linux with a writable cgroup v2 hierarchy (root in CI, or a delegated subtree), a cell
//   is a cgroup: the process is spawned while the spawning process itself sits in the cell's
//   cgroup (so it starts there; nothing it forks can leave it without the rights to move
//   processes between cgroups), and killing is cgroup.kill (Linux 5.14+) or a kill of every
//   member until none is left.
// - Elsewhere a cell is a marker: the variable PAPC_CELL=<run token>/<cell> in the environment
//   of the processes papc starts, found again by a scan of /proc (Linux) or of `ps -E` (macOS).
//   A process that empties its environment before exec escapes it.
// In both, whatever the cell's process group holds is killed by group as before; the cell finds
// what left the group. See docs/CONTAINMENT.md for what each platform guarantees.

import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ownV1Memory, v1Limit, v2Limit, type MemoryLimit } from "./memory-limit.js";
import { killPid, markerValues, readText, runningEntries, startedAt, type ProcessEntry } from "./process-table.js";

/** The environment variable that marks the processes of a cell. */
export const CELL_VARIABLE = "PAPC_CELL";

export type Mechanism = "cgroup" | "marker";

/** A process that was still running when its cell was swept (and was killed then). */
export interface LeftoverProcess {
  pid: number;
  command: string;
}

export interface Cell {
  readonly name: string;
  /** Set over the environment of every process started in the cell. */
  readonly environment: Readonly<Record<string, string>>;
  /** Calls `start`, which must spawn synchronously, so that what it spawns starts in the cell. */
  spawnInside<T>(start: () => T): T;
  /** The pids in the cell now, when that is cheap to know (a cgroup); undefined otherwise. */
  census(): number[] | undefined;
  /** Whether the kernel killed a process of the cell for going past its memory limit (never without one). */
  oomKilled(): boolean;
  /**
   * Kills every process of the cell and waits until none runs. Returns those that were running
   * outside process group `killedGroup` (already killed by group: not leftovers).
   */
  sweep(killedGroup?: number): Promise<LeftoverProcess[]>;
  /** Sweeps, then removes the cell; the cell is not used again. */
  close(killedGroup?: number): Promise<LeftoverProcess[]>;
}

/**
 * The run a process belongs to: its pid and start second (base 36) and a random part, e.g.
 * `1kx.t3k2ab.9f3c`, so a later run can tell whether it still lives. Short: it is part of
 * case folder names, whose paths hold Unix sockets.
 */
const PROCESS_TOKEN = newRunToken();

/** This process's run token (newRunToken), the same for all its cells and case folders. */
export function runToken(): string {
  return PROCESS_TOKEN;
}

export function newRunToken(): string {
  const started = Math.round(Date.now() / 1000 - process.uptime());
  return `${process.pid.toString(36)}.${started.toString(36)}.${randomBytes(2).toString("hex")}`;
}

/** Whether the process that made `token` (newRunToken) still runs; false for text that is not a token. */
export function tokenAlive(token: string): boolean {
  const m = /^([0-9a-z]+)\.([0-9a-z]+)\.[0-9a-f]+$/.exec(token);
  if (!m) return false;
  const started = startedAt(Number.parseInt(m[1]!, 36));
  // the start time tells the process from a later one that got its pid
  return started !== undefined && Math.abs(started - Number.parseInt(m[2]!, 36)) <= 2;
}

/** The writable cgroup v2 folder this process lives in, or why there is none. */
export function ownCgroup(mounts = readText("/proc/mounts"), self = readText("/proc/self/cgroup")): { dir: string } | { why: string } {
  if (mounts === undefined || self === undefined) return { why: "no /proc (not Linux)" };
  const mount = mounts
    .split("\n")
    .map((l) => l.split(" "))
    .find((f) => f[2] === "cgroup2" && !(f[3] ?? "").split(",").includes("ro"))?.[1];
  if (!mount) return { why: "no writable cgroup v2 hierarchy is mounted" };
  const path = /^0::(.*)$/m.exec(self)?.[1];
  if (path === undefined) return { why: "this process has no cgroup v2 path" };
  return { dir: join(mount, path) };
}

/** All the cells of one process (one run), and how they are made. */
export class Containment {
  readonly token = runToken();
  /**
   * Runs reap only the dead runs of their own scope: those with the same PAPC_TMPDIR (unset, as
   * usual: all of the machine's), as they reap only the case folders of their own base.
   */
  readonly scope = createHash("sha256")
    .update(process.env.PAPC_TMPDIR ?? "")
    .digest("hex")
    .slice(0, 6);
  /** The run's cgroup folder name: `papc-run-<scope>.<token>`. */
  private get runName(): string {
    return `papc-run-${this.scope}.${this.token}`;
  }

  /** The token of `<scope>.<token>` when the scope is this run's own; else undefined. */
  private ownScope(scoped: string | undefined): string | undefined {
    return scoped?.startsWith(`${this.scope}.`) ? scoped.slice(this.scope.length + 1) : undefined;
  }
  readonly mechanism: Mechanism;
  /** Why cgroups are not used, when they are not. */
  readonly why: string | undefined;
  private readonly home: string | undefined;
  private runGroup: string | undefined;
  private cells = 0;

  constructor(options: { cgroups?: boolean } = {}) {
    const own = options.cgroups === false ? { why: "cgroups switched off (PAPC_CGROUPS=off)" } : ownCgroup();
    const usable = "dir" in own ? probe(own.dir) : own.why;
    this.home = "dir" in own && usable === undefined ? own.dir : undefined;
    this.mechanism = this.home ? "cgroup" : "marker";
    this.why = "dir" in own ? usable : own.why;
  }

  /**
   * A new, empty cell named `<label>-<n>`; with `memoryBytes`, bounded to that much memory
   * (throws MemoryLimitUnsupported where the machine has no mechanism for it).
   */
  newCell(label: string, memoryBytes?: number): Cell {
    const name = `${label}-${++this.cells}`;
    const environment = { [CELL_VARIABLE]: `${this.scope}.${this.token}/${name}` };
    if (!this.home) return new MarkerCell(name, environment, memoryBytes === undefined ? undefined : this.v1Limit(name, memoryBytes));
    this.runGroup ??= join(this.home, this.runName);
    const dir = join(this.runGroup, name);
    mkdirSync(dir, { recursive: true });
    const memory = memoryBytes === undefined ? undefined : this.v2MemoryReady() ? v2Limit(dir, memoryBytes) : this.v1Limit(name, memoryBytes);
    return new CgroupCell(name, environment, dir, this.home, memory);
  }

  /** Why `--memory-limit` cannot be applied on this machine; undefined: it can. */
  memoryLimitWhy(): string | undefined {
    if (this.home) {
      this.runGroup ??= join(this.home, this.runName);
      mkdirSync(this.runGroup, { recursive: true });
      if (this.v2MemoryReady()) return undefined;
    }
    const v1 = ownV1Memory();
    if ("why" in v1) return this.home ? `the cgroup v2 hierarchy has no memory controller here, and ${v1.why}` : `${this.why}; and ${v1.why}`;
    return probe(v1.dir, false);
  }

  /** Removes this run's own cgroup folders once its cells are closed; never throws. */
  close(): void {
    if (this.runGroup) removeTree(this.runGroup);
    if (this.v1RunGroup) removeTree(this.v1RunGroup);
    this.runGroup = undefined;
    this.v1RunGroup = undefined;
  }

  private v1RunGroup: string | undefined;
  private v2Memory: boolean | undefined;

  /** The run's v2 cgroup hands the memory controller to its cells (enabled once). */
  private v2MemoryReady(): boolean {
    if (this.v2Memory !== undefined || !this.runGroup) return this.v2Memory ?? false;
    const controllers = (readText(join(this.runGroup, "cgroup.controllers")) ?? "").split(/\s+/);
    try {
      if (controllers.includes("memory")) writeFileSync(join(this.runGroup, "cgroup.subtree_control"), "+memory");
      this.v2Memory = controllers.includes("memory");
    } catch {
      this.v2Memory = false;
    }
    return this.v2Memory;
  }

  private v1Limit(name: string, bytes: number): MemoryLimit {
    const v1 = ownV1Memory();
    if ("why" in v1) throw new MemoryLimitUnsupported(this.memoryLimitWhy() ?? v1.why);
    this.v1RunGroup ??= join(v1.dir, this.runName);
    return v1Limit(this.v1RunGroup, name, bytes);
  }

  /**
   * Processes of runs that died without cleaning up (SIGKILL, a crash of papc), found by their
   * run's cgroup folder and by marker, killed; their cgroup folders removed.
   */
  async reapDeadRuns(): Promise<(LeftoverProcess & { run: string })[]> {
    const found = new Map<number, LeftoverProcess & { run: string }>();
    const dead = new Set<string>();
    // the run cgroups of dead runs: in the v2 hierarchy, and the v1 memory one (--memory-limit)
    const v1 = ownV1Memory();
    for (const home of [this.home, "dir" in v1 ? v1.dir : undefined]) {
      for (const entry of home ? safeReaddir(home) : []) {
        const scoped = /^papc-run-(.+)$/.exec(entry)?.[1];
        if (scoped === undefined) continue;
        const dir = join(home!, entry);
        const token = this.ownScope(scoped);
        if (token === undefined) {
          // Another scope's dead run: its processes are for a run of that scope to reap, but an
          // empty folder holds nothing of it (a test process killed with its own PAPC_TMPDIR).
          const other = scoped.slice(scoped.indexOf(".") + 1);
          if (!tokenAlive(other) && members(dir).length === 0) removeTree(dir);
          continue;
        }
        if (token === this.token || tokenAlive(token)) continue;
        dead.add(token);
        for (const e of runningEntries(members(dir))) found.set(e.pid, { pid: e.pid, command: e.command, run: token });
        await killCgroup(dir);
        removeTree(dir);
      }
    }
    for (const [pid, value] of markerValues(CELL_VARIABLE)) {
      const token = this.ownScope(value.split("/")[0]) ?? "";
      if (!token || token === this.token || found.has(pid) || (!dead.has(token) && tokenAlive(token))) continue;
      const [entry] = runningEntries([pid]);
      if (!entry) continue;
      found.set(pid, { pid, command: entry.command, run: token });
      killPid(pid);
    }
    return [...found.values()];
  }
}

const shared = new Map<boolean, Containment>();

/** `--memory-limit` asked of a machine that has no mechanism for it; the message says why. */
export class MemoryLimitUnsupported extends Error {}

/** The process's containment, made at first use (PAPC_CGROUPS=off: markers only). */
export function containment(): Containment {
  const cgroups = process.env.PAPC_CGROUPS !== "off";
  let c = shared.get(cgroups);
  if (!c) {
    c = new Containment({ cgroups });
    shared.set(cgroups, c);
    closeAtExit(c);
  }
  return c;
}

/**
 * One exit listener per process for every containment made in it (a test runner that loads this
 * module once per test file makes one each): their cgroup folders go when the process ends.
 */
function closeAtExit(c: Containment): void {
  const key = Symbol.for("papc.containments");
  const registry = globalThis as unknown as Record<symbol, Set<Containment> | undefined>;
  let all = registry[key];
  if (!all) {
    const made = new Set<Containment>();
    registry[key] = made;
    process.once("exit", () => {
      for (const each of made) each.close();
    });
    all = made;
  }
  all.add(c);
}

class MarkerCell implements Cell {
  constructor(
    readonly name: string,
    readonly environment: Readonly<Record<string, string>>,
    private readonly memory?: MemoryLimit,
  ) {}

  spawnInside<T>(start: () => T): T {
    if (!this.memory) return start();
    this.memory.enter();
    try {
      return start();
    } finally {
      this.memory.leave();
    }
  }

  oomKilled(): boolean {
    return this.memory?.oomKilled() ?? false;
  }

  census(): undefined {
    return undefined; // a scan of every process's environment: too costly per case
  }

  async sweep(killedGroup?: number): Promise<LeftoverProcess[]> {
    return (await sweepMarkers([this], killedGroup)).get(this) ?? [];
  }

  async close(killedGroup?: number): Promise<LeftoverProcess[]> {
    const left = await this.sweep(killedGroup);
    this.memory?.remove();
    return left;
  }
}

class CgroupCell implements Cell {
  private closed = false;

  constructor(
    readonly name: string,
    readonly environment: Readonly<Record<string, string>>,
    private readonly dir: string,
    private readonly home: string,
    private readonly memory?: MemoryLimit,
  ) {}

  spawnInside<T>(start: () => T): T {
    if (this.closed) throw new Error(`cell ${this.name} is closed`);
    writeFileSync(join(this.dir, "cgroup.procs"), String(process.pid));
    this.memory?.enter();
    try {
      return start();
    } finally {
      // back home; should this fail, sweeping the cell would kill papc itself: stop here
      this.memory?.leave();
      writeFileSync(join(this.home, "cgroup.procs"), String(process.pid));
    }
  }

  oomKilled(): boolean {
    return this.memory?.oomKilled() ?? false;
  }

  census(): number[] {
    return members(this.dir);
  }

  async sweep(killedGroup?: number): Promise<LeftoverProcess[]> {
    const left = leftoversOf(runningEntries(members(this.dir)), killedGroup);
    await killCgroup(this.dir);
    return left;
  }

  async close(killedGroup?: number): Promise<LeftoverProcess[]> {
    if (this.closed) return [];
    const left = await this.sweep(killedGroup);
    this.closed = true;
    this.memory?.remove();
    removeTree(this.dir);
    return left;
  }
}

/**
 * Sweeps several cells with one scan of the process table per round (a marker scan reads every
 * process's environment: done once for many cells, it is cheap per cell).
 */
export async function sweepCells(cells: readonly Cell[]): Promise<Map<Cell, LeftoverProcess[]>> {
  const markers = cells.filter((c): c is MarkerCell => c instanceof MarkerCell);
  const found = await sweepMarkers(markers, undefined);
  for (const c of cells) if (!(c instanceof MarkerCell)) found.set(c, await c.close());
  return found;
}

async function sweepMarkers(cells: readonly MarkerCell[], killedGroup: number | undefined): Promise<Map<Cell, LeftoverProcess[]>> {
  const byValue = new Map(cells.map((c) => [c.environment[CELL_VARIABLE]!, c]));
  const found = new Map<Cell, LeftoverProcess[]>(cells.map((c) => [c, []]));
  const scan = (): [ProcessEntry, MarkerCell][] => {
    const values = markerValues(CELL_VARIABLE);
    const pids = [...values].filter(([, v]) => byValue.has(v)).map(([pid]) => pid);
    return runningEntries(pids).map((e) => [e, byValue.get(values.get(e.pid)!)!]);
  };
  let running = scan();
  for (const [e, cell] of running) if (e.pgid !== killedGroup) found.get(cell)!.push({ pid: e.pid, command: e.command });
  for (let round = 0; running.length > 0 && round < 50; round++) {
    for (const [e] of running) killPid(e.pid);
    await pause(round < 5 ? 1 : 10);
    running = scan();
  }
  return found;
}

function leftoversOf(entries: readonly ProcessEntry[], killedGroup: number | undefined): LeftoverProcess[] {
  return entries.filter((e) => e.pgid !== killedGroup && e.pid !== process.pid).map((e) => ({ pid: e.pid, command: e.command }));
}

/** Pids in the cgroup folder and every cgroup below it. */
function members(dir: string): number[] {
  const pids: number[] = [];
  const text = readText(join(dir, "cgroup.procs")) ?? "";
  for (const line of text.split("\n")) if (line !== "") pids.push(Number(line));
  for (const entry of safeReaddir(dir, true)) pids.push(...members(join(dir, entry)));
  return pids;
}

/** Kills every process of the cgroup and below, and waits (up to 5 s) until none is left. */
async function killCgroup(dir: string): Promise<void> {
  const killFile = join(dir, "cgroup.kill");
  for (let round = 0; round < 200; round++) {
    // one reading: comparing two would take a process that exited or forked between them for papc itself
    const pids = members(dir);
    if (pids.includes(process.pid)) throw new Error(`papc itself is in the cgroup ${dir}: not killing it`);
    if (pids.length === 0) return;
    // cgroup.kill (Linux 5.14+) kills the whole subtree at once, forks in flight included
    if (existsSync(killFile)) writeFileSync(killFile, "1");
    else for (const pid of pids) killPid(pid);
    await pause(round < 5 ? 1 : 25);
  }
}

/** Removes a cgroup folder and the ones below it (children first); never throws. */
function removeTree(dir: string): void {
  for (const entry of safeReaddir(dir, true)) removeTree(join(dir, entry));
  try {
    rmdirSync(dir);
  } catch {
    // still busy or already gone: a later run's reapDeadRuns takes it
  }
}

/** Sub-folders (cgroups) when `onlyDirs`, else all entries; [] when unreadable. */
function safeReaddir(dir: string, onlyDirs = false): string[] {
  try {
    return onlyDirs
      ? readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
      : readdirSync(dir);
  } catch {
    return [];
  }
}

/** Can this process make a cgroup below `dir`, enter it and come back? undefined: yes; else why not. */
function probe(dir: string, enter = true): string | undefined {
  const test = join(dir, `papc-probe-${process.pid}-${randomBytes(3).toString("hex")}`);
  try {
    mkdirSync(test);
  } catch (err) {
    return `cannot make a cgroup in ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  }
  try {
    if (enter) {
      writeFileSync(join(test, "cgroup.procs"), String(process.pid));
      writeFileSync(join(dir, "cgroup.procs"), String(process.pid));
    }
    return undefined;
  } catch (err) {
    return `cannot move a process between cgroups in ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  } finally {
    try {
      rmdirSync(test);
    } catch {
      // left for reapDeadRuns? it holds no process; harmless
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
