#!/usr/bin/env node
// papc: run the conformance suite against an implementation, lint it, and render reports.
// Exit codes: 0 everything passed or was expected; 1 a case failed (or lint found problems,
// or a stale baseline); 2 usage error.

import { mkdir, writeFile } from "node:fs/promises";
import { removeFixture } from "./run/run-case.js";
import { cpus } from "node:os";
import { join, relative, resolve } from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { AdapterError, adapterFile, commandAdapter, resolveAdapter } from "./adapters/load-adapter.js";
import { loadCases } from "./cases/load-cases.js";
import { renderRepro, ReproError, writeRepro, type Repro } from "./run/repro.js";
import { kitInfo, kitRoot } from "./kit.js";
import { lintAdapterFile, lintSuite, suitePaths } from "./lint/lint.js";
import { updateBaseline, type BaselineUpdate } from "./adapters/baseline-file.js";
import { renderProblems } from "./lint/render.js";
import { compareReports, renderComparison } from "./report/compare-reports.js";
import { JsonlWriter, readReport, ReportFormatError } from "./report/jsonl.js";
import { lockReports } from "./report/out-lock.js";
import { selectionConflict } from "./report/selection-guard.js";
import { count } from "./report/plural.js";
import { renderJunit } from "./report/junit.js";
import { renderMarkdown } from "./report/markdown.js";
import { Progress, renderSummary } from "./report/terminal.js";
import { selectCases } from "./run/select-cases.js";
import { coverageOf, isMissing, isOneSided } from "./spec/coverage.js";
import { DEFAULT_TIMEOUT_MS } from "./run/run-suite.js";
import { NoCasesError, planRun, runPlanned } from "./run/run-selected.js";
import { FAILING_OUTCOMES } from "./types/run-report.js";
import { installCommand, pathCommand } from "./harness/commands.js";
import { useHarnessVersions } from "./harness/run-versions.js";
import { otherVersionsRecordings } from "./harness/versions.js";
import { matrixCommand } from "./harness/matrix-command.js";
import { MATRIX_DOC, MATRIX_JSON } from "./harness/matrix-markdown.js";
import { DEFAULT_RECORD_JOBS, diffCommand, recordCommand, verifyCommand } from "./recordings/commands.js";
import { compatCommand } from "./live/compat-command.js";
import { loaderMatrixCommand } from "./loader-matrix/command.js";
import { renderHtml } from "./report/html.js";
import { badgeCommand } from "./report/badge.js";
import { smokeCommand } from "./smoke/smoke-command.js";
import { newCaseCommand, OPERATIONS } from "./scaffold/new-case.js";

class UsageError extends Error {}


/** The flags of `papc run` that shape one run, after the selection and report names are settled. */
interface RunFlags {
  jobs: number;
  timeout?: number;
  quiet?: boolean;
  verbose?: boolean;
  json?: boolean;
  keepFixtures?: boolean;
  updateBaseline?: boolean;
}

const positiveInt = (name: string) => (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return n;
};
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const printJson = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

function program(): Command {
  const root = kitRoot();
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  // a case file as the reader can open it: node_modules/papc/cases/… in a project that installed papc
  const caseFileShown = (file: string): string => {
    const shown = relative(process.cwd(), join(root, file));
    return shown.startsWith("..") ? join(root, file) : shown;
  };
  const cli = new Command("papc")
    .description("Conformance kit for Portable Agent Packages and Agent Plugins 1.0")
    .version(kitInfo().version)
    // a usage error is its one useful line and where to look, not the whole help
    .showHelpAfterError("(add --help to the command for its options)")
    // with --json, main prints the error as one JSON document instead (KIT-CLI-JSON)
    .configureOutput(jsonRequested() ? { writeErr: () => undefined, outputError: () => undefined } : {})
    .exitOverride();

  cli
    .command("run")
    .description("run the suite against an implementation and write .jsonl, .xml, .md and .html reports")
    .addOption(new Option("--adapter <name|path>", "adapter under adapters-under-test/, or a folder/adapter.yaml").conflicts("command"))
    .option("--command <cmd>", "start this command as a persistent-protocol implementation")
    .option("--case <glob>", "only cases whose id matches (* within a segment, ** across); repeatable", collect)
    .option("--requirement <id>", "only cases that check this requirement; repeatable", collect)
    .option("--jobs <n>", "implementation processes in parallel", positiveInt("--jobs"), cpus().length)
    .option("--timeout <ms>", `per-case timeout in milliseconds (default: the adapter's timeout_ms, else ${DEFAULT_TIMEOUT_MS})`, positiveInt("--timeout"))
    .option("--out <dir>", "directory for the reports", "reports")
    .addOption(new Option("-q, --quiet", "print only problems and the totals").conflicts("verbose"))
    .option("-v, --verbose", "print a line for every case, with its duration")
    .option("--json", "print no progress, then {reports, totals, exit_code, problems: [{id, outcome, message}]}")
    .option("--harness <provider@version>", "live cases and harness-backed adapters run this version instead of the pin (x.y.z or latest; installed on demand); repeatable", collect)
    .option("--update-baseline", "write the run's failures into the adapter's baseline (reason: the current message) and remove entries that passed; comments kept")
    .option("--force", "replace the reports of another selection (--case, --requirement) of the same adapter in --out")
    .option("--keep-fixtures", "keep the fixture tree of every failing case, as the implementation left it, under <out>/<adapter>.fixtures/<case id>/")
    .exitOverride()
    .action(async (o: RunFlags & { adapter?: string; command?: string; case?: string[]; requirement?: string[]; out: string; harness?: string[]; force?: boolean }) => {
      if (o.harness) {
        try {
          await useHarnessVersions(o.harness, (line) => process.stderr.write(`papc: ${line}\n`));
        } catch (err) {
          throw new UsageError((err as Error).message.replace(/^papc: /, ""));
        }
      }
      if (o.updateBaseline && o.command !== undefined) throw new UsageError("--update-baseline writes an adapter file's baseline: register the command as adapter.yaml (IMPLEMENTERS.md §6) and use --adapter");
      const plan = await planRun({ root, ...(o.command !== undefined ? { command: o.command } : { adapter: o.adapter ?? "reference" }), caseGlobs: o.case ?? [], requirements: o.requirement ?? [] });
      if (o.updateBaseline && /[\\/]node_modules[\\/]/.test(plan.adapter.file ?? "")) throw new UsageError(`${plan.adapter.file} is part of the installed papc: --update-baseline edits your own adapter.yaml`);
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
        const conflict = o.force ? undefined : await selectionConflict(`${base}.jsonl`, plan.filter);
        if (conflict) throw new UsageError(conflict);
        await runInto(base, plan, o);
      } finally {
        await unlock();
      }
    });
  /** One run of the suite into the reports `<base>.*`, which the caller has locked. */
  async function runInto(base: string, plan: Awaited<ReturnType<typeof planRun>>, o: RunFlags): Promise<void> {
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
    });
    const unwritten: string[] = [];
    await jsonl.close().catch((err: Error) => unwritten.push(err.message));
    const renders: [string, () => string][] = [
      [`${base}.xml`, () => renderJunit(report)],
      [`${base}.md`, () => renderMarkdown(report)],
      [`${base}.html`, () => renderHtml([report], { sources: [`${base}.jsonl`] })],
    ];
    for (const [file, render] of renders) {
      await writeFile(file, render()).catch((err: NodeJS.ErrnoException) => unwritten.push(`cannot write ${file}: ${err.code ?? err.message}`));
    }
    if (report.footer.stopped !== undefined || unwritten.length > 0) {
      // The kit could not complete the run: exit 2, the reason on stderr, whatever the format.
      const why = [...(report.footer.stopped !== undefined ? [`the run stopped after ${report.cases.length} of ${count(report.header.suite.cases, "case")}: ${report.footer.stopped}`] : []), ...unwritten];
      if (!o.json) process.stdout.write(renderSummary(report, color, caseFileShown));
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
      const problems = report.cases.filter((c) => FAILING_OUTCOMES.includes(c.outcome) || c.stale_baseline).map((c) => ({ id: c.id, outcome: c.outcome, ...(c.stale_baseline ? { stale_baseline: true } : {}), ...(c.message ? { message: c.message } : {}) }));
      printJson({ reports: written, totals: report.footer.totals, exit_code: exitCode, duration_ms: report.footer.duration_ms, problems, ...(baselineUpdate ? { baseline_update: { file: baselineUpdate.file, added: baselineUpdate.added.map(([id]) => id), removed: baselineUpdate.removed } } : {}) });
    } else {
      process.stdout.write(renderSummary(report, color, caseFileShown));
      process.stdout.write(`reports: ${Object.values(written).join(", ")}\n`);
      const kept = report.cases.filter((c) => c.kept_fixture !== undefined).length;
      if (keepDir) process.stdout.write(kept > 0 ? `fixtures of the ${kept} case${kept === 1 ? "" : "s"} to act on kept in ${keepDir}\n` : "no fixture kept: no case to act on\n");
      if (baselineUpdate) {
        const changed = baselineUpdate.added.length + baselineUpdate.removed.length > 0;
        const what = changed ? `baseline updated in ${baselineUpdate.file}: ${baselineUpdate.added.length} added, ${baselineUpdate.removed.length} removed (passing)` : `baseline of ${baselineUpdate.file} unchanged: nothing to add or remove`;
        process.stdout.write(`${what}${exitCode !== 0 ? "; suite-bug cases are never baselined" : ""}\n`);
      }
    }
    process.exitCode = exitCode;
  }

  /** Baseline entries that name no case of the suite: a typo hides a failure (KIT-BASELINE); said on stderr before the run. */
  function warnUnknownBaseline(plan: Awaited<ReturnType<typeof planRun>>): void {
    const ids = new Set([...plan.lint.caseSet.cases.map((c) => c.id), ...plan.lint.caseSet.broken.map((b) => b.id)]);
    const unknown = Object.keys(plan.adapter.baseline ?? {}).filter((id) => !ids.has(id));
    for (const id of unknown) process.stderr.write(`papc: warning: the baseline of ${plan.adapter.file ?? plan.adapter.name} names unknown case "${id}" (papc lint --adapter shows where)\n`);
  }

  const io = { out: (t: string) => void process.stdout.write(t), err: (t: string) => void process.stderr.write(t) };
  cli
    .command("repro <case-id>")
    .description("write one case's fixture into a folder and print the exact requests (for an exec adapter, the command line) to re-run it by hand")
    .addOption(new Option("--adapter <name|path>", "adapter under adapters-under-test/, or a folder/adapter.yaml (default: reference)").conflicts("command"))
    .option("--command <cmd>", "a persistent-protocol implementation, as for papc run")
    .option("--out <dir>", "the folder for the fixture (must be empty or absent; default papc-repro/<case-id>)")
    .option("--json", "print {id, title, file, line, root, entries, expect, requests, command} as one JSON document")
    .exitOverride()
    .action(async (id: string, o: { adapter?: string; command?: string; out?: string; json?: boolean }) => {
      const { cases, broken } = await loadCases(join(root, "cases"), root);
      const c = cases.find((x) => x.id === id);
      if (!c) {
        const known = [...cases.map((x) => x.id), ...broken.map((b) => b.id)];
        const near = known.filter((k) => k.endsWith(`/${id.split("/").pop()}`)).slice(0, 5);
        throw new UsageError(broken.some((b) => b.id === id) ? `case ${id} does not load: run papc lint` : `no case ${id}${near.length ? `; did you mean ${near.join(", ")}?` : " (papc list shows the ids)"}`);
      }
      const adapter = o.command !== undefined ? commandAdapter(o.command) : await resolveAdapter(o.adapter ?? "reference", root);
      let repro: Repro;
      try {
        repro = await writeRepro(c, resolve(o.out ?? join("papc-repro", ...id.split("/"))), adapter, { ...kitInfo(), root });
      } catch (err) {
        if (err instanceof ReproError) throw new UsageError(err.message);
        throw err;
      }
      if (o.json) printJson(repro);
      else process.stdout.write(renderRepro(repro, caseFileShown));
    });
  cli
    .command("smoke")
    .description("check an adapter before running the suite: it starts, answers hello, replies well-formed, passes the clearest cases, and sees failures")
    .addOption(new Option("--adapter <name|path>", "adapter under adapters-under-test/, or a folder/adapter.yaml (default: reference)").conflicts("command"))
    .option("--command <cmd>", "start this command as a persistent-protocol implementation")
    .option("--timeout <ms>", "per-case and hello timeout in milliseconds", positiveInt("--timeout"), DEFAULT_TIMEOUT_MS)
    .option("--json", "print the stages and the verdict as one JSON document")
    .exitOverride()
    .action(async (o: { adapter?: string; command?: string; timeout: number; json?: boolean }) => {
      process.exitCode = await smokeCommand({ root, timeoutMs: o.timeout, ...(o.adapter ? { adapter: o.adapter } : {}), ...(o.command ? { command: o.command } : {}), json: o.json === true }, io);
    });

  const scaffold = cli.command("new").description("scaffold suite files").exitOverride();
  scaffold
    .command("case <area/name>")
    .description("write cases/<area>/<name>.yaml with every field its operation needs (each to fill marked # TODO), then lint it")
    .option("--requirement <id>", "a SPEC.md requirement the case checks; repeatable", collect)
    .addOption(new Option("--operation <op>", "the operation (default: that of the case files beside it, else validate)").choices([...OPERATIONS]))
    .option("--case <name>", "the first case's own name, the id's last segment (default: a TODO placeholder)")
    .option("--json", "print what was written and what is left to fill as one JSON document")
    .exitOverride()
    .action(async (path: string, o: { requirement?: string[]; operation?: string; case?: string; json?: boolean }) => {
      // An installed papc is a copy of the suite: a case written there is lost on the next install.
      if (/[\\/]node_modules[\\/]/.test(root)) throw new UsageError(`this papc is installed (${root}); cases are added in a clone of papc's repository (CONTRIBUTING.md)`);
      process.exitCode = await newCaseCommand({ root, path, ...(o.requirement ? { requirement: o.requirement } : {}), ...(o.operation ? { operation: o.operation } : {}), ...(o.case ? { case: o.case } : {}), json: o.json === true }, io);
    });

  cli
    .command("lint")
    .description("check every case file, SPEC.md requirement coverage, exclusions and adapters; with --adapter, only that adapter file")
    .option("--adapter <dir|file>", "check this adapter (a folder holding adapter.yaml, or the file): its schema and baseline entries that name no case")
    .option("--json", "print {ok, cases, requirements, problems: [{code, file, line, message, fix, caseId}]}")
    .exitOverride()
    .action(async (o: { adapter?: string; json?: boolean }) => {
      if (o.adapter !== undefined) {
        const file = await adapterFile(o.adapter, root);
        const { cases, broken } = await loadCases(join(root, "cases"), root);
        const problems = await lintAdapterFile(file, relative(process.cwd(), file) || file, root, new Set([...cases.map((c) => c.id), ...broken.map((b) => b.id)]));
        if (o.json) printJson({ ok: problems.length === 0, adapter: file, problems });
        else process.stdout.write(problems.length > 0 ? `${renderProblems(problems)}\n${count(problems.length, "problem")}\n` : `lint OK: ${file}\n`);
        process.exitCode = problems.length > 0 ? 1 : 0;
        return;
      }
      const { problems, caseSet, spec } = await lintSuite(suitePaths(root));
      if (o.json) {
        printJson({ ok: problems.length === 0, cases: caseSet.cases.length, requirements: spec.requirements.size, problems });
        process.exitCode = problems.length > 0 ? 1 : 0;
        return;
      }
      if (problems.length > 0) {
        process.stdout.write(`${renderProblems(problems)}\n${count(problems.length, "problem")}\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`lint OK: ${count(caseSet.cases.length, "case")}, ${count(spec.requirements.size, "requirement")}\n`);
    });

  cli
    .command("list")
    .description("list cases (id, requirements, file:line)")
    .option("--case <glob>", "only matching case ids; repeatable", collect)
    .option("--requirement <id>", "only cases that check this requirement; repeatable", collect)
    .option("--json", "print [{id, operation, spec, file (relative to the kit), path (relative to here), line}]")
    .exitOverride()
    .action(async (o: { case?: string[]; requirement?: string[]; json?: boolean }) => {
      const { caseSet } = await lintSuite(suitePaths(root));
      const selected = selectCases(caseSet.cases, { caseGlobs: o.case ?? [], requirements: o.requirement ?? [] });
      if (o.json) {
        printJson(selected.map((c) => ({ id: c.id, operation: c.operation, spec: c.spec, file: c.location.file, path: caseFileShown(c.location.file), line: c.location.line })));
        return;
      }
      // the file as the reader can open it from here (node_modules/papc/cases/… in a project)
      for (const c of selected) {
        process.stdout.write(`${c.id}\t${c.spec.join(",")}\t${caseFileShown(c.location.file)}:${c.location.line}\n`);
      }
    });

  cli
    .command("coverage")
    .description("requirements of SPEC.md and the cases (accepting/rejecting) or exclusion covering each")
    .option("--missing", "only requirements without a case or exclusion")
    .option("--one-sided", "also list (and fail on) requirements whose cases are all accepting or all rejecting")
    .option("--prefix <prefix>", "only requirements whose ID starts with this (e.g. PAP-SEM-)")
    .option("--json", "print {requirements: [{id, level, accepting, rejecting, other, exclusion, missing, one_sided}], missing, one_sided}")
    .exitOverride()
    .action(async (o: { missing?: boolean; oneSided?: boolean; prefix?: string; json?: boolean }) => {
      const { caseSet, spec, exclusions } = await lintSuite(suitePaths(root));
      const rows = coverageOf(spec.requirements.values(), caseSet.cases, exclusions).filter((r) => r.requirement.id.startsWith(o.prefix ?? ""));
      let missing = 0;
      let oneSided = 0;
      const listed: object[] = [];
      for (const r of rows) {
        const none = isMissing(r);
        const lopsided = o.oneSided === true && isOneSided(r);
        if (none) missing++;
        if (lopsided) oneSided++;
        if (o.missing && !none && !lopsided) continue;
        if (o.json) {
          listed.push({ id: r.requirement.id, level: r.requirement.level, accepting: r.accepting, rejecting: r.rejecting, other: r.other, exclusion: r.exclusion ?? null, missing: none, one_sided: isOneSided(r) });
          continue;
        }
        const n = r.accepting + r.rejecting + r.other;
        const how = n > 0
          ? `${count(n, "case")}: ${r.accepting} accepting, ${r.rejecting} rejecting${r.other ? `, ${r.other} other` : ""}${lopsided ? ` — ONE-SIDED: add ${r.accepting > 0 ? "a rejecting" : r.rejecting > 0 ? "an accepting" : "an accepting and a rejecting"} case (what counts as which: SPEC.md 1.1, CONTRIBUTING.md)` : ""}`
          : r.exclusion
            ? `excluded: ${r.exclusion.reason}${r.exclusion.tested_by ? ` (tested by ${r.exclusion.tested_by})` : ""}`
            : "MISSING";
        process.stdout.write(`${r.requirement.id}\t${r.requirement.level}\t${how}\n`);
      }
      if (o.json) printJson({ requirements: listed, total: rows.length, missing, ...(o.oneSided ? { one_sided: oneSided } : {}) });
      else process.stdout.write(`${rows.length} requirements, ${missing} without a case or exclusion${o.oneSided ? `, ${oneSided} one-sided` : ""}\n`);
      if (missing + oneSided > 0) process.exitCode = 1;
    });

  const report = cli.command("report").description("render or compare run reports").exitOverride();
  report
    .command("render <report.jsonl...>")
    .description("render a JSON Lines report as terminal text, JUnit XML, Markdown or one self-contained HTML page; html takes several reports and compares them side by side")
    .addOption(new Option("--format <format>", "output format").choices(["terminal", "junit", "markdown", "html"]).default("terminal"))
    .option("--out <file>", "write to a file instead of stdout")
    .option("--title <text>", "html: the page title")
    .option("--exit-status", "exit with the rendered run's exit code (default: 0 once rendered, so a publish step does not fail because the run did)")
    .exitOverride()
    .action(async (files: string[], o: { format: string; out?: string; title?: string; exitStatus?: boolean }) => {
      if (files.length > 1 && o.format !== "html") throw new UsageError(`--format ${o.format} renders one report; only --format html compares several`);
      const reports = await Promise.all(files.map((f) => readReport(f)));
      const r = reports[0]!;
      const text =
        o.format === "html"
          ? renderHtml(reports, { sources: files, ...(o.title ? { title: o.title } : {}) })
          : o.format === "junit" ? renderJunit(r) : o.format === "markdown" ? renderMarkdown(r) : renderSummary(r, color && !o.out, caseFileShown);
      if (o.out) await writeFile(o.out, text);
      else process.stdout.write(text);
      process.exitCode = o.exitStatus ? Math.max(...reports.map((x) => x.footer.exit_code)) : 0;
    });
  report
    .command("badge <report.jsonl>")
    .description("the run's shields.io endpoint badge: pass percentage of the judged cases")
    .option("--out <file>", "write the endpoint JSON to this file")
    .option("--label <text>", "the badge's left text", "papc")
    .option("--json", "print the endpoint JSON instead of text")
    .exitOverride()
    .action(async (file: string, o: { out?: string; label: string; json?: boolean }) => {
      process.exitCode = await badgeCommand({ report: file, label: o.label, json: o.json === true, ...(o.out ? { out: o.out } : {}) }, io);
    });
  report
    .command("compare <a.jsonl> <b.jsonl>")
    .description("regressions and fixes from run A to run B, by case id and hash; exit 1 on regressions")
    .option("--json", "print {regressions, fixes, other_changes, changed_cases, added, removed, same_suite}")
    .exitOverride()
    .action(async (a: string, b: string, o: { json?: boolean }) => {
      const cmp = compareReports(await readReport(a), await readReport(b));
      if (o.json) printJson(cmp);
      else process.stdout.write(renderComparison(cmp, a, b));
      process.exitCode = cmp.regressions.length > 0 ? 1 : 0;
    });
  cli
    .command("compat <report.jsonl>")
    .description("write the compatibility matrix (provider x event x effect, with the live cases that prove each cell) from a run report")
    .option("--out <file>", "write to this file (links are relative to it) instead of stdout")
    .exitOverride()
    .action(async (file: string, o: { out?: string }) => {
      process.exitCode = await compatCommand({ root, report: file, ...(o.out ? { out: resolve(o.out) } : {}) }, io);
    });
  cli
    .command("compat-loaders <report.jsonl...>")
    .description("write the Agent Plugins loader matrix (requirement x consumer, every failure and skip with its reason) from run reports of the Agent Plugins suite, one per consumer")
    .option("--out <file>", "write to this file (links are relative to it) instead of stdout")
    .option("--check", "compare with --out instead of writing it; exit 1 when it differs")
    .exitOverride()
    .action(async (files: string[], o: { out?: string; check?: boolean }) => {
      process.exitCode = await loaderMatrixCommand({ root, reports: files, ...(o.out ? { out: resolve(o.out) } : {}), ...(o.check ? { check: true } : {}) }, io);
    });
  const recordingsDir = join(root, "recordings");
  // recordings of harness versions other than the pins: generated, never beside the pins' (SPEC 7)
  const otherVersionsDir = otherVersionsRecordings(recordingsDir);
  const harness = cli.command("harness").description("the pinned harness binaries (recordings/pins.yaml)").exitOverride();
  harness
    .command("install")
    .description("install the pinned harness packages into the harness cache ($PAPC_HARNESS_CACHE or ~/.cache/papc/harnesses)")
    .option("--provider <name>", "only this provider (claude-code, codex); repeatable", collect)
    .option("--harness <provider@version>", "another version than the pin (x.y.z or latest, comma-separated for several); repeatable", collect)
    .exitOverride()
    .action(async (o: { provider?: string[]; harness?: string[] }) => {
      process.exitCode = await installCommand({ root: recordingsDir, ...(o.provider ? { providers: o.provider } : {}), ...(o.harness ? { harness: o.harness } : {}) }, io);
    });
  harness
    .command("matrix")
    .description("per harness version: payload drift from the pin and the live cases' outcomes; a changed outcome is bisected to its first release")
    .requiredOption("--harness <provider@versions>", "versions to compare, comma-separated (x.y.z or latest); repeatable", collect)
    .option("--out <dir>", "where harness-versions.json and .md are written", join(root, "reports", "harness-versions"))
    .option("--publish", `also write ${MATRIX_JSON} and ${MATRIX_DOC}`)
    .option("--jobs <n>", "harness runs in parallel", positiveInt("--jobs"), 2)
    .exitOverride()
    .action(async (o: { harness: string[]; out: string; publish?: boolean; jobs: number }) => {
      process.exitCode = await matrixCommand({ kitRoot: root, words: o.harness, out: resolve(o.out), publish: o.publish === true, jobs: o.jobs }, io);
    });
  harness
    .command("path <provider>")
    .description("print the installed binary of a provider's pinned harness")
    .exitOverride()
    .action(async (provider: string) => {
      process.exitCode = await pathCommand({ root: recordingsDir, provider }, io);
    });

  const recordings = cli.command("recordings").description("native hook payloads recorded from the pinned harnesses").exitOverride();
  recordings
    .command("record")
    .description("run the scenarios in the pinned harnesses against a scripted model and write recordings/")
    .option("--provider <name>", "only this provider (claude-code, codex); repeatable", collect)
    .option("--scenario <name>", "only this scenario (recordings/scenarios/<name>.yaml); repeatable", collect)
    .option("--check", "re-capture into a temporary folder and compare with the committed recordings; exit 1 on drift")
    .option("--jobs <n>", "harness runs in parallel", positiveInt("--jobs"), DEFAULT_RECORD_JOBS)
    .option("--log-dir <dir>", "write each run's model requests to <dir>/<provider>.<scenario>.requests.json")
    .option("--recordings <dir>", "the recordings folder (pins, scenarios, recordings)", recordingsDir)
    .option("--harness <provider@version>", "record (or --check) another version than the pin: x.y.z or latest, installed on demand; repeatable", collect)
    .option("--out <dir>", "where recordings of versions other than the pins are written", otherVersionsDir)
    .exitOverride()
    .action(async (o: { provider?: string[]; scenario?: string[]; check?: boolean; jobs: number; logDir?: string; recordings: string; harness?: string[]; out: string }) => {
      process.exitCode = await recordCommand(
        { root: resolve(o.recordings), jobs: o.jobs, check: o.check === true, out: resolve(o.out), ...(o.provider ? { providers: o.provider } : {}), ...(o.scenario ? { scenarios: o.scenario } : {}), ...(o.logDir ? { logDir: resolve(o.logDir) } : {}), ...(o.harness ? { harness: o.harness } : {}) },
        io,
      );
    });
  recordings
    .command("diff <from> <to>")
    .description("field-by-field drift between the recordings of two versions of one harness (<provider>@<version|latest>); exit 1 on drift")
    .option("--recordings <dir>", "the recordings folder (the pins' recordings)", recordingsDir)
    .option("--out <dir>", "where recordings of versions other than the pins are", otherVersionsDir)
    .option("--json", "print the drift as one JSON document")
    .exitOverride()
    .action(async (from: string, to: string, o: { recordings: string; out: string; json?: boolean }) => {
      process.exitCode = await diffCommand({ root: resolve(o.recordings), dirs: [resolve(o.recordings), resolve(o.out)], from, to, json: o.json === true }, io);
    });
  recordings
    .command("verify")
    .description("check every recording offline: schema, pin, sha256, path, volatile pointers, used by a case")
    .option("--allow-unused", "report recordings no case uses as notes instead of failing")
    .option("--recordings <dir>", "the recordings folder to check", recordingsDir)
    .option("--cases <dir>", "the case folder whose given.event entries use recordings", join(root, "cases"))
    .option("--harness <provider@version>", "check the recordings of this version other than the pin (under --out) instead; repeatable", collect)
    .option("--out <dir>", "where recordings of versions other than the pins are", otherVersionsDir)
    .exitOverride()
    .action(async (o: { allowUnused?: boolean; recordings: string; cases: string; harness?: string[]; out: string }) => {
      process.exitCode = await verifyCommand({ root: resolve(o.recordings), casesDir: resolve(o.cases), allowUnused: o.allowUnused === true, out: resolve(o.out), ...(o.harness ? { harness: o.harness } : {}) }, io);
    });
  return cli;
}

// `papc run … | head` closes stdout early: stop quietly instead of dying on EPIPE.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
});

/** `--json` among the arguments (before a `--`): then even a usage error is one JSON document. */
function jsonRequested(): boolean {
  const args = process.argv.slice(2);
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}

function usageFailure(message: string): void {
  if (jsonRequested()) printJson({ ok: false, error: "usage", message, exit_code: 2 });
  else process.stderr.write(`papc: ${message}\n`);
  process.exitCode = 2;
}

async function main(): Promise<void> {
  try {
    await program().parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version are not errors; everything else commander rejects is usage (printed by commander, or as JSON here)
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help") {
        process.exitCode = 0;
        return;
      }
      if (jsonRequested()) usageFailure(err.message.replace(/^error: /, ""));
      process.exitCode = 2;
      return;
    }
    if (err instanceof UsageError || err instanceof AdapterError || err instanceof ReportFormatError || err instanceof NoCasesError) {
      usageFailure(err.message);
      return;
    }
    throw err;
  }
}

await main();
