// The one "resolve the adapter → load the suite → select the cases → run them" step shared by
// `papc run` and the TypeScript API (runner/src/api.ts). Split in two so that a caller can act
// between choosing and running (the CLI names its report files after the adapter): planRun
// decides what runs, runPlanned runs it.

import { cpus } from "node:os";
import { AdapterError, commandAdapter, resolveAdapter } from "../adapters/load-adapter.js";
import { brokenHashed, suiteHash, type BrokenCase } from "../cases/load-cases.js";
import type { ContainmentHeader, ShardHeader } from "../types/run-report.js";
import { inShard, type Shard } from "./shard.js";
import { loadSuite, suitePaths } from "../cases/load-suite.js";
import { kitInfo, kitRoot } from "../../shared/kit-root.js";
import type { Adapter } from "../types/adapter.js";
import type { Implementation } from "../protocol/implementation.js";
import type { LoadedCase } from "../types/case.js";
import type { CaseRecord, ReportFooter, ReportHeader, RunReport } from "../types/run-report.js";
import { runSuite } from "./run-suite.js";
import { describeSelection, filesSelected, selectCases, type Selection } from "./select-cases.js";
import { CaseCache, cacheDirFromEnv } from "../cases/case-cache.js";

/** The selection matched no case (a usage error: `papc run` exits 2). */
export class NoCasesError extends Error {}

export interface PlanOptions {
  /** The kit root holding cases/, SPEC.md, recordings/ and adapters-under-test/ (default: this kit). */
  root?: string;
  /** An adapter under adapters-under-test/, or a folder or adapter.yaml (default "reference" when no command). */
  adapter?: string;
  /** A command line started as an ad-hoc persistent-protocol implementation, in the current directory. */
  command?: string;
  /** Case id globs (`*` within a segment, `**` across); none: every case. */
  caseGlobs?: readonly string[];
  /** Requirement ids; only cases checking one of them. */
  requirements?: readonly string[];
  /** Only this slice of the selection (`--shard i/n`). */
  shard?: Shard;
  /** Called with the adapter before the suite loads: a caller may start its implementation meanwhile. */
  whileLoading?: (adapter: Adapter) => void;
}

export interface PlannedRun {
  root: string;
  kit: { name: string; version: string };
  adapter: Adapter;
  /** The selected cases that loaded. */
  cases: LoadedCase[];
  /** The selected cases that did not load: each becomes a suite-bug record. */
  broken: BrokenCase[];
  /** The selection as the report header's suite.filter, when there is one. */
  filter?: string;
  /** With --shard: which slice, and the selection it is a slice of (the header's suite.shard). */
  shard?: ShardHeader;
  /**
   * Whether the suite has a case of this id, loaded or broken, selected or not (what a baseline
   * may name); undefined for an id in a case file the selection did not need to read.
   */
  hasCase: (id: string) => boolean | undefined;
}

export interface ExecuteOptions {
  /** Implementation processes in parallel (default: the number of CPUs). */
  jobs?: number;
  /** Per-case timeout in milliseconds (default: the adapter's timeout_ms, else DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
  onHeader?: (h: ReportHeader) => void;
  onRecord?: (r: CaseRecord, done: number, total: number) => void;
  onFooter?: (f: ReportFooter) => void;
  /** Aborted when the run must stop early (its reason is the footer's `stopped`). */
  signal?: AbortSignal;
  /** Keep the fixtures of the cases to act on under this folder (`papc run --keep-fixtures`). */
  keepFixtures?: string;
  /** The first implementation, started while the suite loaded; the run closes it. */
  first?: Implementation;
  /** Aborted on SIGINT/SIGTERM: the run ends now, keeping only the cases finished before. */
  interrupt?: AbortSignal;
  /** What dead runs had left, removed before this run (reap-dead-runs.ts). */
  reaped?: ContainmentHeader["reaped"];
  /** --memory-limit, in bytes. */
  memoryBytes?: number;
}

/**
 * Resolves the adapter (or the ad-hoc command), loads the suite and selects the cases. A run does
 * not lint: `papc lint` is its own command (and CI step); a case that does not load is a suite bug.
 * Throws AdapterError for an unknown or invalid adapter, NoCasesError when nothing matches.
 */
export async function planRun(options: PlanOptions): Promise<PlannedRun> {
  const root = options.root ?? kitRoot();
  if (options.adapter !== undefined && options.command !== undefined) throw new AdapterError("give an adapter or a command, not both");
  const adapter = options.command !== undefined ? commandAdapter(options.command) : await resolveAdapter(options.adapter ?? "reference", root);
  options.whileLoading?.(adapter);
  const selection: Selection = { caseGlobs: [...(options.caseGlobs ?? [])], requirements: [...(options.requirements ?? [])] };
  const wanted = filesSelected(selection);
  const cacheDir = cacheDirFromEnv();
  const { caseSet } = await loadSuite(suitePaths(root), { ...(wanted ? { wanted } : {}), ...(cacheDir ? { cache: new CaseCache(cacheDir) } : {}) });
  let cases = selectCases(caseSet.cases, selection);
  let broken = selectCases(caseSet.broken, selection);
  const filter = describeSelection(selection);
  if (cases.length + broken.length === 0) throw new NoCasesError(`no case matches ${filter ?? "(no filter)"}`);
  let shard: ShardHeader | undefined;
  if (options.shard) {
    // a shard may hold no case (more shards than cases): its report says so, it is not an error
    shard = { ...options.shard, of: { hash: suiteHash([...cases, ...broken.map(brokenHashed)]), cases: cases.length + broken.length } };
    cases = cases.filter((c) => inShard(c.id, options.shard!));
    broken = broken.filter((c) => inShard(c.id, options.shard!));
  }
  const ids = new Set([...caseSet.cases, ...caseSet.broken].map((c) => c.id));
  // an id whose folder the selection did not read is neither known nor unknown
  const read = (id: string): boolean => (selection.caseGlobs ?? []).length === 0 || selectCases([{ id, spec: [] }], { caseGlobs: selection.caseGlobs }).length > 0;
  const hasCase = (id: string): boolean | undefined => (ids.has(id) ? true : read(id) ? false : undefined);
  return { root, kit: kitInfo(), adapter, cases, broken, ...(filter ? { filter } : {}), ...(shard ? { shard } : {}), hasCase };
}

/** Runs a planned selection; every case gets its own outcome, nothing stops the run early. */
export async function runPlanned(plan: PlannedRun, options: ExecuteOptions = {}): Promise<RunReport> {
  return runSuite({
    kitRoot: plan.root,
    kit: plan.kit,
    adapter: plan.adapter,
    cases: plan.cases,
    broken: plan.broken,
    jobs: options.jobs ?? cpus().length,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(plan.filter ? { filter: plan.filter } : {}),
    ...(plan.shard ? { shard: plan.shard } : {}),
    ...(options.onHeader ? { onHeader: options.onHeader } : {}),
    ...(options.onRecord ? { onRecord: options.onRecord } : {}),
    ...(options.onFooter ? { onFooter: options.onFooter } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.keepFixtures !== undefined ? { keepFixtures: options.keepFixtures } : {}),
    ...(options.first ? { first: options.first } : {}),
    ...(options.interrupt ? { interrupt: options.interrupt } : {}),
    ...(options.reaped ? { reaped: options.reaped } : {}),
    ...(options.memoryBytes !== undefined ? { memoryBytes: options.memoryBytes } : {}),
  });
}

/** planRun then runPlanned. */
export async function runSelected(options: PlanOptions & ExecuteOptions): Promise<RunReport> {
  return runPlanned(await planRun(options), options);
}
