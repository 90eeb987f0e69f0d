// `papc run`: resolve the adapter and the selection, take the reports' lock, refuse to replace a
// report of another selection, run, write the four reports, and (with --update-baseline) the
// adapter's baseline. Exit codes: KIT-EXIT-CODES.

import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { updateBaseline, type BaselineUpdate } from "../adapters/baseline-file.js";
import { caseFileShown, printJson, UsageError } from "../common/command-io.js";
import { useHarnessVersions } from "../harness/run-versions.js";
import { JsonlWriter } from "../report/jsonl.js";
import { renderedReports } from "../report/rendered-reports.js";
import { lockReports } from "../report/out-lock.js";
import { count } from "../common/plural.js";
import { selectionConflict, selectionName } from "../report/selection-guard.js";
import { Progress, renderSummary } from "../report/terminal.js";
import { FAILING_OUTCOMES } from "../types/run-report.js";
import { removeFixture } from "./run-case.js";
import { planRun, runPlanned } from "./run-selected.js";
import type { Shard } from "./shard.js";
import { DEFAULT_TIMEOUT_MS, startImplementation } from "./run-suite.js";
import { kitInfo } from "../../shared/kit-root.js";
import type { Implementation } from "../protocol/implementation.js";
import type { ContainmentHeader } from "../types/run-report.js";
import { reapDeadRuns, reapedLines } from "./reap-dead-runs.js";
import { containment } from "../../shared/process-cell.js";

/** The flags of `papc run` that shape one run, after the selection and report names are settled. */
interface RunFlags {
  jobs: number;
  /** --memory-limit, in bytes. */
  memoryLimit?: number;
  timeout?: number;
  quiet?: boolean;
  verbose?: boolean;
  json?: boolean;
  keepFixtures?: boolean;
  updateBaseline?: boolean;
}

export interface RunOptions extends RunFlags {
  adapter?: string;
  command?: string;
  case?: string[];
  requirement?: string[];
  out: string;
  harness?: string[];
  force?: boolean;
  shard?: Shard;
}

export async function runCommand(o: RunOptions, root: string, color: boolean): Promise<void> {
  if (o.harness) {
    try {
      await useHarnessVersions(o.harness, (line) => process.stderr.write(`papc: ${line}\n`));
    } catch (err) {
      throw new UsageError((err as Error).message.replace(/^papc: /, ""));
    }
  }
  if (o.updateBaseline && o.command !== undefined)
    throw new UsageError("--update-baseline writes an adapter file's baseline: register the command as adapter.yaml (IMPLEMENTERS.md §6) and use --adapter");
  if (o.memoryLimit !== undefined) {
    const why = containment().memoryLimitWhy();
    if (why !== undefined) throw new UsageError(`--memory-limit needs the cgroup memory controller (Linux), and this machine gives none to papc: ${why}`);
  }
  // What runs that died (SIGKILL) left is removed first, and said (KIT-CONTAINMENT-DEAD-RUN).
  const reaped = await reapDeadRuns();
  if (reaped)
    process.stderr.write(
      reapedLines(reaped)
        .map((l) => `${l}\n`)
        .join(""),
    );
  // SIGINT/SIGTERM: the implementations are stopped, the fixtures removed, the cases finished so
  // far reported as an incomplete run; a second signal is not caught (KIT-CONTAINMENT-INTERRUPT).
  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
    process.stderr.write(`papc: ${signal}: stopping; the cases finished so far go to the report\n`);
    interrupt.abort(`interrupted by ${signal}`);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  // The implementation starts while the suite loads: its start-up is most of a short run's time.
  let early: Implementation | undefined;
  try {
    const plan = await planRun({
      root,
      ...(o.command !== undefined ? { command: o.command } : { adapter: o.adapter ?? "reference" }),
      caseGlobs: o.case ?? [],
      requirements: o.requirement ?? [],
      ...(o.shard ? { shard: o.shard } : {}),
      whileLoading: (adapter) => {
        early = startImplementation(adapter, root, kitInfo(), o.timeout ?? adapter.timeout_ms ?? DEFAULT_TIMEOUT_MS, o.memoryLimit);
        early.hello().catch(() => {});
      },
    });
    await runPlan(plan, o, root, color, early, { interrupt: interrupt.signal, ...(reaped ? { reaped } : {}) });
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
    await early?.close();
  }
  const reason = interrupt.signal.reason as string | undefined;
  if (reason !== undefined) process.exitCode = reason.endsWith("SIGINT") ? 130 : 143;
}

/** What the run passes on to runSuite beyond the flags. */
interface RunExtras {
  interrupt: AbortSignal;
  reaped?: ContainmentHeader["reaped"];
}

async function runPlan(
  plan: Awaited<ReturnType<typeof planRun>>,
  o: RunOptions,
  root: string,
  color: boolean,
  early: Implementation | undefined,
  extras: RunExtras,
): Promise<void> {
  if (o.updateBaseline && /[\\/]node_modules[\\/]/.test(plan.adapter.file ?? ""))
    throw new UsageError(`${plan.adapter.file} is part of the installed papc: --update-baseline edits your own adapter.yaml`);
  warnUnknownBaseline(plan);
  const outDir = resolve(o.out);
  try {
    await mkdir(outDir, { recursive: true });
  } catch (err) {
    throw new UsageError(`cannot create the report directory ${outDir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const base = join(outDir, plan.adapter.name);
  let unlock: () => Promise<void>;
  try {
    unlock = await lockReports(base);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  try {
    const conflict = o.force ? undefined : await selectionConflict(`${base}.jsonl`, selectionName(plan));
    if (conflict) throw new UsageError(conflict);
    await runInto(base, plan, o, root, color, early, extras);
  } finally {
    await unlock();
  }
}

/** One run of the suite into the reports `<base>.*`, which the caller has locked. */
async function runInto(
  base: string,
  plan: Awaited<ReturnType<typeof planRun>>,
  o: RunFlags,
  root: string,
  color: boolean,
  early: Implementation | undefined,
  extras: RunExtras,
): Promise<void> {
  const shown = caseFileShown(root);
  // the previous run's kept fixtures would mix with this run's
  const keepDir = o.keepFixtures ? `${base}.fixtures` : undefined;
  if (keepDir) await removeFixture(keepDir); // even folders an implementation made read-only
  // A report that cannot be written (a full disk) stops the run at once (KIT-RUN-STOPPED).
  const stop = new AbortController();
  const jsonl = new JsonlWriter(`${base}.jsonl`, (message) => stop.abort(message));
  const progress = new Progress(o.json ? { write: () => {} } : process.stdout, color, o.quiet ? "quiet" : o.verbose ? "verbose" : "normal");
  const report = await runPlanned(plan, {
    jobs: o.jobs,
    ...(o.timeout !== undefined ? { timeoutMs: o.timeout } : {}),
    onHeader: (h) => {
      jsonl.write(h);
      progress.header(h);
    },
    onRecord: (r, done, total) => {
      jsonl.write(r);
      progress.record(r, done, total);
    },
    onFooter: (f) => jsonl.write(f),
    signal: stop.signal,
    ...(keepDir ? { keepFixtures: keepDir } : {}),
    ...(early ? { first: early } : {}),
    interrupt: extras.interrupt,
    ...(o.memoryLimit !== undefined ? { memoryBytes: o.memoryLimit } : {}),
    ...(extras.reaped ? { reaped: extras.reaped } : {}),
  });
  const unwritten: string[] = [];
  await jsonl.close().catch((err: Error) => unwritten.push(err.message));
  for (const [, file, text] of renderedReports(base, report, [`${base}.jsonl`])) {
    await writeFile(file, text).catch((err: NodeJS.ErrnoException) => unwritten.push(`cannot write ${file}: ${err.code ?? err.message}`));
  }
  if (report.footer.stopped !== undefined || unwritten.length > 0) {
    // The kit could not complete the run: exit 2, the reason on stderr, whatever the format.
    const why = [
      ...(report.footer.stopped !== undefined ? [`the run stopped after ${report.cases.length} of ${count(report.header.suite.cases, "case")}: ${report.footer.stopped}`] : []),
      ...unwritten,
    ];
    if (!o.json) process.stdout.write(renderSummary(report, color, shown));
    process.stderr.write(why.map((line) => `papc: ${line}\n`).join(""));
    process.exitCode = 2;
    return;
  }
  const written = { jsonl: `${base}.jsonl`, junit: `${base}.xml`, markdown: `${base}.md`, html: `${base}.html` };
  let exitCode: number = report.footer.exit_code;
  let baselineUpdate: (BaselineUpdate & { file: string }) | undefined;
  if (o.updateBaseline && plan.adapter.file) {
    baselineUpdate = { file: plan.adapter.file, ...(await updateBaseline(plan.adapter.file, report)) };
    // the run stands as written; its failures are now known ones, so the next run passes (a suite bug is never baselined)
    exitCode = report.cases.some((c) => c.outcome === "suite-bug") ? 1 : 0;
  }
  if (o.json) {
    const problems = report.cases
      .filter((c) => FAILING_OUTCOMES.includes(c.outcome) || c.stale_baseline)
      .map((c) => ({ id: c.id, outcome: c.outcome, ...(c.stale_baseline ? { stale_baseline: true } : {}), ...(c.message ? { message: c.message } : {}) }));
    printJson({
      reports: written,
      totals: report.footer.totals,
      exit_code: exitCode,
      duration_ms: report.footer.duration_ms,
      problems,
      ...(report.footer.leftovers ? { leftovers: report.footer.leftovers } : {}),
      ...(baselineUpdate ? { baseline_update: { file: baselineUpdate.file, added: baselineUpdate.added.map(([id]) => id), removed: baselineUpdate.removed } } : {}),
    });
  } else {
    process.stdout.write(renderSummary(report, color, shown));
    process.stdout.write(`reports: ${Object.values(written).join(", ")}\n`);
    const kept = report.cases.filter((c) => c.kept_fixture !== undefined).length;
    if (keepDir) process.stdout.write(kept > 0 ? `fixtures of the ${kept} case${kept === 1 ? "" : "s"} to act on kept in ${keepDir}\n` : "no fixture kept: no case to act on\n");
    if (baselineUpdate) {
      const changed = baselineUpdate.added.length + baselineUpdate.removed.length > 0;
      const what = changed
        ? `baseline updated in ${baselineUpdate.file}: ${baselineUpdate.added.length} added, ${baselineUpdate.removed.length} removed (passing)`
        : `baseline of ${baselineUpdate.file} unchanged: nothing to add or remove`;
      process.stdout.write(`${what}${exitCode !== 0 ? "; suite-bug cases are never baselined" : ""}\n`);
    }
  }
  process.exitCode = exitCode;
}

/** Baseline entries that name no case of the suite: a typo hides a failure (KIT-BASELINE); said on stderr before the run. */
function warnUnknownBaseline(plan: Awaited<ReturnType<typeof planRun>>): void {
  const unknown = Object.keys(plan.adapter.baseline ?? {}).filter((id) => plan.hasCase(id) === false);
  for (const id of unknown)
    process.stderr.write(`papc: warning: the baseline of ${plan.adapter.file ?? plan.adapter.name} names unknown case "${id}" (papc lint --adapter shows where)\n`);
}
