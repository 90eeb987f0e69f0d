#!/usr/bin/env node
// papc: run the conformance suite against an implementation, lint it, and render reports.
// Exit codes: 0 everything passed or was expected; 1 a case failed (or lint found problems,
// or a stale baseline); 2 usage error.

import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { AdapterError, commandAdapter, resolveAdapter } from "./adapters/load-adapter.js";
import { kitInfo, kitRoot } from "./kit.js";
import { lintSuite, suitePaths } from "./lint/lint.js";
import { renderProblems } from "./lint/render.js";
import { compareReports, renderComparison } from "./report/compare-reports.js";
import { JsonlWriter, readReport, ReportFormatError } from "./report/jsonl.js";
import { renderJunit } from "./report/junit.js";
import { renderMarkdown } from "./report/markdown.js";
import { Progress, renderSummary } from "./report/terminal.js";
import { describeSelection, selectCases } from "./run/select-cases.js";
import { coverageOf, isMissing, isOneSided } from "./spec/coverage.js";
import { DEFAULT_TIMEOUT_MS, runSuite } from "./run/run-suite.js";
import { installCommand, pathCommand } from "./harness/commands.js";
import { DEFAULT_RECORD_JOBS, recordCommand, verifyCommand } from "./recordings/commands.js";
import { compatCommand } from "./live/compat-command.js";

class UsageError extends Error {}

const positiveInt = (name: string) => (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return n;
};
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function program(): Command {
  const root = kitRoot();
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const cli = new Command("papc")
    .description("Conformance kit for Portable Agent Packages and Agent Plugins 1.0")
    .version(kitInfo().version)
    .showHelpAfterError()
    .exitOverride();

  cli
    .command("run")
    .description("run the suite against an implementation and write .jsonl, .xml and .md reports")
    .addOption(new Option("--adapter <name|path>", "adapter under adapters-under-test/, or a folder/adapter.yaml").conflicts("command"))
    .option("--command <cmd>", "start this command as a persistent-protocol implementation")
    .option("--case <glob>", "only cases whose id matches (* within a segment, ** across); repeatable", collect)
    .option("--requirement <id>", "only cases that check this requirement; repeatable", collect)
    .option("--jobs <n>", "implementation processes in parallel", positiveInt("--jobs"), cpus().length)
    .option("--timeout <ms>", "per-case timeout in milliseconds", positiveInt("--timeout"), DEFAULT_TIMEOUT_MS)
    .option("--out <dir>", "directory for the reports", "reports")
    .exitOverride()
    .action(async (o: { adapter?: string; command?: string; case?: string[]; requirement?: string[]; jobs: number; timeout: number; out: string }) => {
      const adapter = o.command ? commandAdapter(o.command) : await resolveAdapter(o.adapter ?? "reference", root);
      const lint = await lintSuite(suitePaths(root));
      const selection = { caseGlobs: o.case ?? [], requirements: o.requirement ?? [] };
      const cases = selectCases(lint.caseSet.cases, selection);
      const broken = selectCases(lint.caseSet.broken, selection);
      if (cases.length + broken.length === 0) throw new UsageError(`no case matches ${describeSelection(selection) ?? "(no filter)"}`);
      const outDir = resolve(o.out);
      try {
        await mkdir(outDir, { recursive: true });
      } catch (err) {
        throw new UsageError(`cannot create the report directory ${outDir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
      const base = join(outDir, adapter.name);
      const jsonl = new JsonlWriter(`${base}.jsonl`);
      const progress = new Progress(process.stdout, color);
      const filter = describeSelection(selection);
      const report = await runSuite({
        kitRoot: root,
        kit: kitInfo(),
        adapter,
        cases,
        broken,
        jobs: o.jobs,
        timeoutMs: o.timeout,
        ...(filter ? { filter } : {}),
        onHeader: (h) => {
          jsonl.write(h);
          progress.header(h);
        },
        onRecord: (r, done, total) => {
          jsonl.write(r);
          progress.record(r, done, total);
        },
        onFooter: (f) => jsonl.write(f),
      });
      await jsonl.close();
      await writeFile(`${base}.xml`, renderJunit(report));
      await writeFile(`${base}.md`, renderMarkdown(report));
      process.stdout.write(renderSummary(report, color));
      process.stdout.write(`reports: ${base}.jsonl, ${base}.xml, ${base}.md\n`);
      process.exitCode = report.footer.exit_code;
    });

  cli
    .command("lint")
    .description("check every case file, SPEC.md requirement coverage, exclusions and adapters")
    .exitOverride()
    .action(async () => {
      const { problems, caseSet, spec } = await lintSuite(suitePaths(root));
      if (problems.length > 0) {
        process.stdout.write(`${renderProblems(problems)}\n${problems.length} problem(s)\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`lint OK: ${caseSet.cases.length} cases, ${spec.requirements.size} requirements\n`);
    });

  cli
    .command("list")
    .description("list cases (id, requirements, file:line)")
    .option("--case <glob>", "only matching case ids; repeatable", collect)
    .option("--requirement <id>", "only cases that check this requirement; repeatable", collect)
    .exitOverride()
    .action(async (o: { case?: string[]; requirement?: string[] }) => {
      const { caseSet } = await lintSuite(suitePaths(root));
      for (const c of selectCases(caseSet.cases, { caseGlobs: o.case ?? [], requirements: o.requirement ?? [] })) {
        process.stdout.write(`${c.id}\t${c.spec.join(",")}\t${c.location.file}:${c.location.line}\n`);
      }
    });

  cli
    .command("coverage")
    .description("requirements of SPEC.md and the cases (accepting/rejecting) or exclusion covering each")
    .option("--missing", "only requirements without a case or exclusion")
    .option("--one-sided", "also list (and fail on) requirements whose cases are all accepting or all rejecting")
    .option("--prefix <prefix>", "only requirements whose ID starts with this (e.g. PAP-SEM-)")
    .exitOverride()
    .action(async (o: { missing?: boolean; oneSided?: boolean; prefix?: string }) => {
      const { caseSet, spec, exclusions } = await lintSuite(suitePaths(root));
      const rows = coverageOf(spec.requirements.values(), caseSet.cases, exclusions).filter((r) => r.requirement.id.startsWith(o.prefix ?? ""));
      let missing = 0;
      let oneSided = 0;
      for (const r of rows) {
        const none = isMissing(r);
        const lopsided = o.oneSided === true && isOneSided(r);
        if (none) missing++;
        if (lopsided) oneSided++;
        if (o.missing && !none && !lopsided) continue;
        const n = r.accepting + r.rejecting + r.other;
        const how = n > 0
          ? `${n} case(s): ${r.accepting} accepting, ${r.rejecting} rejecting${r.other ? `, ${r.other} other` : ""}${lopsided ? " — ONE-SIDED" : ""}`
          : r.exclusion
            ? `excluded: ${r.exclusion.reason}${r.exclusion.tested_by ? ` (tested by ${r.exclusion.tested_by})` : ""}`
            : "MISSING";
        process.stdout.write(`${r.requirement.id}\t${r.requirement.level}\t${how}\n`);
      }
      process.stdout.write(`${rows.length} requirements, ${missing} without a case or exclusion${o.oneSided ? `, ${oneSided} one-sided` : ""}\n`);
      if (missing + oneSided > 0) process.exitCode = 1;
    });

  const report = cli.command("report").description("render or compare run reports").exitOverride();
  report
    .command("render <report.jsonl>")
    .description("render a JSON Lines report as terminal text, JUnit XML or Markdown")
    .addOption(new Option("--format <format>", "output format").choices(["terminal", "junit", "markdown"]).default("terminal"))
    .option("--out <file>", "write to a file instead of stdout")
    .exitOverride()
    .action(async (file: string, o: { format: string; out?: string }) => {
      const r = await readReport(file);
      const text = o.format === "junit" ? renderJunit(r) : o.format === "markdown" ? renderMarkdown(r) : renderSummary(r, color && !o.out);
      if (o.out) await writeFile(o.out, text);
      else process.stdout.write(text);
      process.exitCode = r.footer.exit_code;
    });
  report
    .command("compare <a.jsonl> <b.jsonl>")
    .description("regressions and fixes from run A to run B, by case id and hash; exit 1 on regressions")
    .exitOverride()
    .action(async (a: string, b: string) => {
      const cmp = compareReports(await readReport(a), await readReport(b));
      process.stdout.write(renderComparison(cmp, a, b));
      process.exitCode = cmp.regressions.length > 0 ? 1 : 0;
    });
  const io = { out: (t: string) => void process.stdout.write(t), err: (t: string) => void process.stderr.write(t) };
  cli
    .command("compat <report.jsonl>")
    .description("write the compatibility matrix (provider x event x effect, with the live cases that prove each cell) from a run report")
    .option("--out <file>", "write to this file (links are relative to it) instead of stdout")
    .exitOverride()
    .action(async (file: string, o: { out?: string }) => {
      process.exitCode = await compatCommand({ root, report: file, ...(o.out ? { out: resolve(o.out) } : {}) }, io);
    });
  const recordingsDir = join(root, "recordings");
  const harness = cli.command("harness").description("the pinned harness binaries (recordings/pins.yaml)").exitOverride();
  harness
    .command("install")
    .description("install the pinned harness packages into the harness cache ($PAPC_HARNESS_CACHE or ~/.cache/papc/harnesses)")
    .option("--provider <name>", "only this provider (claude-code, codex); repeatable", collect)
    .exitOverride()
    .action(async (o: { provider?: string[] }) => {
      process.exitCode = await installCommand({ root: recordingsDir, ...(o.provider ? { providers: o.provider } : {}) }, io);
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
    .exitOverride()
    .action(async (o: { provider?: string[]; scenario?: string[]; check?: boolean; jobs: number; logDir?: string; recordings: string }) => {
      process.exitCode = await recordCommand(
        { root: resolve(o.recordings), jobs: o.jobs, check: o.check === true, ...(o.provider ? { providers: o.provider } : {}), ...(o.scenario ? { scenarios: o.scenario } : {}), ...(o.logDir ? { logDir: resolve(o.logDir) } : {}) },
        io,
      );
    });
  recordings
    .command("verify")
    .description("check every recording offline: schema, pin, sha256, path, volatile pointers, used by a case")
    .option("--allow-unused", "report recordings no case uses as notes instead of failing")
    .option("--recordings <dir>", "the recordings folder to check", recordingsDir)
    .option("--cases <dir>", "the case folder whose given.event entries use recordings", join(root, "cases"))
    .exitOverride()
    .action(async (o: { allowUnused?: boolean; recordings: string; cases: string }) => {
      process.exitCode = await verifyCommand({ root: resolve(o.recordings), casesDir: resolve(o.cases), allowUnused: o.allowUnused === true }, io);
    });
  return cli;
}

// `papc run … | head` closes stdout early: stop quietly instead of dying on EPIPE.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
});

async function main(): Promise<void> {
  try {
    await program().parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version are not errors; everything else commander rejects is usage
      process.exitCode = err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help" ? 0 : 2;
      return;
    }
    if (err instanceof UsageError || err instanceof AdapterError || err instanceof ReportFormatError) {
      process.stderr.write(`papc: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw err;
  }
}

await main();
