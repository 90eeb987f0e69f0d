// Runs a set of cases against one adapter with N workers, streaming one record per case.
// Nothing stops the run early: every case gets its own outcome.

import { cpus } from "node:os";
import { brokenHashed, suiteHash, UNLOADED_RECORD_HASH, type BrokenCase } from "../cases/load-cases.js";
import { ExecClient } from "../protocol/exec-client.js";
import type { Implementation } from "../protocol/implementation.js";
import { PersistentClient } from "../protocol/persistent-client.js";
import { adapterPlaceholders } from "../protocol/placeholders.js";
import type { Adapter } from "../types/adapter.js";
import type { LoadedCase } from "../types/case.js";
import type { HelloReply } from "../../shared/protocol.js";
import { containment } from "../../shared/process-cell.js";
import type { CaseRecord, ContainmentHeader, ReportFooter, ReportHeader, RunReport, ShardHeader } from "../types/run-report.js";
import { removeFixture, runCase, type FixtureLease } from "./run-case.js";
import { footerFor } from "./tally.js";
import { boundRecord } from "./bound-record.js";
import { EnvironmentFault } from "./environment-fault.js";
import { harnessesOf } from "../live/harness-provenance.js";
import { carriesInput, caseInput } from "./case-input.js";
import { keepableLease, keptFixture } from "./keep-fixture.js";
import { FixturePool } from "./fixture-pool.js";
import { slowestFirst } from "./schedule.js";

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface RunOptions {
  kitRoot: string;
  kit: { name: string; version: string };
  adapter: Adapter;
  cases: readonly LoadedCase[];
  /** Cases that failed to load: each becomes a suite-bug record. */
  broken?: readonly BrokenCase[];
  jobs?: number;
  timeoutMs?: number;
  /** Bound on judging one reply (KIT-JUDGE-TIMEOUT). */
  judgeTimeoutMs?: number;
  filter?: string;
  /** With --shard: the header's suite.shard. */
  shard?: ShardHeader;
  onHeader?: (h: ReportHeader) => void;
  onRecord?: (r: CaseRecord, done: number, total: number) => void;
  onFooter?: (f: ReportFooter) => void;
  /** Aborted when the run must stop (reports that cannot be written): no further case starts. */
  signal?: AbortSignal;
  /** Keep the fixture of every case a reader must act on under this folder (`papc run --keep-fixtures`). */
  keepFixtures?: string;
  /**
   * Aborted on SIGINT/SIGTERM: every implementation is stopped now, cases in flight are dropped
   * (not finished), and the footer's `stopped` gives the reason.
   */
  interrupt?: AbortSignal;
  /** --memory-limit: each implementation process's memory bound, in bytes. */
  memoryBytes?: number;
  /** What earlier runs that died had left, removed before this one (run/reap-dead-runs.ts). */
  reaped?: ContainmentHeader["reaped"];
  /** The first implementation process, started by the caller while the cases loaded (startImplementation); closed here. */
  first?: Implementation;
}

export async function runSuite(options: RunOptions): Promise<RunReport> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? options.adapter.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const broken = options.broken ?? [];
  const total = options.cases.length + broken.length;
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, options.cases.length || 1));
  const impls = Array.from({ length: jobs }, (_, i) =>
    i === 0 && options.first ? options.first : startImplementation(options.adapter, options.kitRoot, options.kit, timeoutMs, options.memoryBytes),
  );
  const records: CaseRecord[] = [];
  // trees the case gives alone are built once and lent (run/fixture-pool.ts)
  const pool = new FixturePool(options.cases);
  /** `c`: the case the record judged, whose input a record a reader must act on carries. */
  const emit = (record: CaseRecord, c?: LoadedCase): void => {
    const r = boundRecord(c && carriesInput(record.outcome, record.stale_baseline === true) ? { ...record, input: caseInput(c) } : record);
    records.push(r);
    options.onRecord?.(r, records.length, total);
  };

  // an interruption ends the implementations at once: what is in flight ends as a crash, and is dropped below
  const onInterrupt = (): void => void Promise.all(impls.map((i) => i.close()));
  options.interrupt?.addEventListener("abort", onInterrupt, { once: true });
  try {
    const first = await impls[0]!.hello();
    const header = headerFor(options, "protocol" in first ? first : null, total);
    const harnesses = await harnessesOf(options.cases);
    if (harnesses.length > 0) header.harnesses = harnesses;
    options.onHeader?.(header);

    for (const b of broken) emit(suiteBugRecord(b));
    let next = 0;
    // with several jobs, the slowest cases first (run/schedule.ts); one job keeps the suite's order
    const order = jobs > 1 ? slowestFirst(options.cases) : options.cases.map((_, i) => i);
    const baseline = options.adapter.baseline ?? {};
    // Each process's last judged case is held until its next case has been answered (or the
    // process stopped): what the process writes after a reply, before the next request, is that
    // case's protocol error (KIT-PROTOCOL-SEQ).
    // The first reason the run must stop (KIT-RUN-STOPPED); no case starts after it.
    let stopped: string | undefined;
    const stopping = (): boolean => {
      if (stopped === undefined && options.signal?.aborted) stopped = String(options.signal.reason ?? "aborted");
      if (stopped === undefined && options.interrupt?.aborted) stopped = String(options.interrupt.reason ?? "interrupted");
      return stopped !== undefined;
    };

    const held = await Promise.all(
      impls.map(async (impl) => {
        let last: { record: CaseRecord; c: LoadedCase } | undefined;
        for (let n = next++; n < options.cases.length && !stopping(); n = next++) {
          const i = order[n]!;
          let record: CaseRecord;
          try {
            // --keep-fixtures: the case's folder is leased (made only if the case gets that far), then kept or removed
            let lease: FixtureLease | undefined;
            const keepDir = options.keepFixtures;
            const keeping = keepDir !== undefined ? { leaseFixture: async () => (lease = await keepableLease(keepDir)) } : { leaseFixture: (c: LoadedCase) => pool.lease(c) };
            try {
              record = await runCase(options.cases[i]!, impl, { timeoutMs, baseline, ...(options.judgeTimeoutMs ? { judgeTimeoutMs: options.judgeTimeoutMs } : {}), ...keeping });
            } catch (err) {
              // runCase never removes a leased folder: a run that stops here must
              if (lease !== undefined) await removeFixture((lease as FixtureLease).root);
              throw err;
            }
            if (lease !== undefined && keepDir !== undefined) record = await keptFixture(record, (lease as FixtureLease).root, keepDir);
          } catch (err) {
            if (!(err instanceof EnvironmentFault)) throw err;
            stopped ??= `${err.message} (at case ${options.cases[i]!.id})`;
            break;
          }
          if (options.interrupt?.aborted) break; // not finished: ended by the interruption
          if (last) emit(withStray(last.record, impl), last.c);
          last = { record, c: options.cases[i]! };
        }
        return last;
      }),
    );
    await Promise.all(impls.map((i) => i.close()));
    for (const [i, last] of held.entries()) if (last) emit(withStray(last.record, impls[i]!), last.c);
    stopping();
    // what the implementations left, then what the kit's own harness runs of live cases left
    const leftovers = [
      ...(await Promise.all(impls.map(async (i) => (await i.takeLeftovers?.()) ?? []))).flat(),
      ...records.flatMap((r) => (r.leftovers ?? []).map((l) => ({ ...l, case: r.id }))),
    ];
    const footer = footerFor(records, started, stopped);
    if (leftovers.length > 0) footer.leftovers = leftovers;
    options.onFooter?.(footer);
    return { header, cases: records, footer };
  } finally {
    options.interrupt?.removeEventListener("abort", onInterrupt);
    await Promise.all(impls.map((i) => i.close()));
    await pool.close();
    containment().close(); // the run's cgroup, once its cells are gone
  }
}

/** The record, or a protocol error in its place when the implementation wrote out of turn after answering it. */
function withStray(record: CaseRecord, impl: Implementation): CaseRecord {
  const stray = impl.takeStray?.(record.id);
  if (stray === undefined) return record;
  const judged = record.outcome === "pass" ? "" : ` (its reply had been judged ${record.outcome}${record.message ? `: ${record.message}` : ""})`;
  const { baseline: _baseline, stale_baseline: _stale, diff: _diff, ...rest } = record;
  return { ...rest, outcome: "error", message: `protocol error: ${stray}${judged}` };
}

/** A client of the adapter's implementation; its process starts at the first hello(). */
/** `memoryBytes`: --memory-limit, per implementation process. */
export function startImplementation(adapter: Adapter, kitRoot: string, kit: { name: string; version: string }, timeoutMs: number, memoryBytes?: number): Implementation {
  const memory = memoryBytes !== undefined ? { memoryBytes } : {};
  if (adapter.mode === "exec") return new ExecClient({ adapter, kitRoot, cwd: adapter.dir, ...memory });
  const command = persistentCommand(adapter, kitRoot);
  // Commands run in the adapter's folder (the current directory for --command).
  return new PersistentClient({ command, cwd: adapter.dir, kit, helloTimeoutMs: timeoutMs, ...(adapter.environment ? { environment: adapter.environment } : {}), ...memory });
}

/** The argv of a persistent adapter, with {kit}, {adapter_dir} and {node} filled in. */
export function persistentCommand(adapter: Adapter, kitRoot: string): string[] {
  const values = adapterPlaceholders(adapter, kitRoot);
  return (adapter.command ?? []).map((part) => part.replace(/\{([a-z_]+)\}/g, (whole, k: string) => (Object.hasOwn(values, k) ? values[k]! : whole)));
}

function headerFor(options: RunOptions, hello: HelloReply | null, total: number): ReportHeader {
  const all = [...options.cases, ...(options.broken ?? []).map(brokenHashed)];
  const header: ReportHeader = {
    type: "header",
    report_schema: 1,
    kit: options.kit,
    suite: { hash: suiteHash(all), cases: total },
    // the command as it ran, {kit} and {adapter_dir} filled in
    adapter: { name: options.adapter.name, mode: options.adapter.mode, command: options.adapter.mode === "persistent" ? persistentCommand(options.adapter, options.kitRoot) : [] },
    implementation: hello,
    environment: { node: process.version, platform: process.platform, arch: process.arch, cpus: cpus().length },
    containment: containmentHeader(options.reaped, options.memoryBytes),
    started_at: new Date().toISOString(),
  };
  if (options.filter) header.suite.filter = options.filter;
  if (options.shard) header.suite.shard = options.shard;
  return header;
}

/** How this run finds what implementations leave (runner/shared/process-cell.ts), and what dead runs had left. */
function containmentHeader(reaped: RunOptions["reaped"], memoryBytes: number | undefined): ContainmentHeader {
  const c = containment();
  return {
    mechanism: c.mechanism,
    ...(c.why !== undefined ? { why: c.why } : {}),
    ...(memoryBytes !== undefined ? { memory_limit: memoryBytes } : {}),
    ...(reaped ? { reaped } : {}),
  };
}

function suiteBugRecord(b: BrokenCase): CaseRecord {
  const first = b.problems[0];
  return {
    type: "case",
    id: b.id,
    hash: UNLOADED_RECORD_HASH,
    area: b.area,
    spec: b.spec,
    outcome: "suite-bug",
    duration_ms: 0,
    message: `${b.file}:${first?.line ?? b.line}: ${first?.code ?? "invalid"}: ${first?.message ?? "case could not be loaded"}${b.problems.length > 1 ? ` (+${b.problems.length - 1} more; run papc lint)` : ""}`,
  };
}
