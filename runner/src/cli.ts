#!/usr/bin/env node
// papc: run the conformance suite against an implementation, lint it, and render reports.
// Exit codes: 0 everything passed or was expected; 1 a case failed (or lint found problems,
// or a stale baseline); 2 usage error.

import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
// the kit's operations register with the core before any command runs
import "./operations/index.js";
import { AdapterError } from "./adapters/load-adapter.js";
import { printJson, UsageError } from "./common/command-io.js";
import { compatCommand } from "./live-publish/compat-command.js";
import { installCommand, pathCommand } from "./harness/commands.js";
import { matrixCommand } from "./harness-matrix/matrix-command.js";
import { MATRIX_DOC, MATRIX_JSON } from "./harness-matrix/matrix-markdown.js";
import { otherVersionsRecordings } from "./harness/versions.js";
import { kitInfo, kitRoot } from "../shared/kit-root.js";
import { lintCommand } from "./lint/lint-command.js";
import { loaderMatrixCommand } from "./loader-matrix/command.js";
import { DEFAULT_RECORD_JOBS, diffCommand, recordCommand, verifyCommand } from "./recordings/commands.js";
import { badgeCommand } from "./report/badge.js";
import { ReportFormatError } from "./report/jsonl.js";
import { compareCommand, renderCommand } from "./report/report-commands.js";
import { listCommand } from "./run/list-command.js";
import { reproCommand, type ReproOptions } from "./run/repro-command.js";
import { runCommand, type RunOptions } from "./run/run-command.js";
import { NoCasesError } from "./run/run-selected.js";
import { DEFAULT_TIMEOUT_MS } from "./run/run-suite.js";
import { newCaseCommand, scaffoldOperations } from "./scaffold/new-case.js";
import { smokeCommand } from "./smoke/smoke-command.js";
import { coverageCommand } from "./coverage/coverage-command.js";
import { parseShard, type Shard } from "./run/shard.js";
import { mergeCommand } from "./run/merge-command.js";
import { parseMemorySize } from "../shared/memory-limit.js";

const positiveInt =
  (name: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
    return n;
  };
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
/** --jobs: a positive integer, or auto (the machine's cores). */
const jobsArg = (value: string): number => {
  if (value === "auto") return cpus().length;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("--jobs must be a positive integer or auto");
  return n;
};
/** --memory-limit: 512M, 1G, 256MiB or bytes. */
const memoryArg = (value: string): number => {
  const bytes = parseMemorySize(value);
  if (bytes === undefined) throw new InvalidArgumentError("--memory-limit must be a size such as 512M, 1G or 268435456 (bytes)");
  return bytes;
};
const shardArg = (value: string): Shard => {
  const shard = parseShard(value);
  if (typeof shard === "string") throw new InvalidArgumentError(shard);
  return shard;
};

/** What every command's action uses: the kit's root, whether the terminal takes colour, and its output. */
interface CliContext {
  root: string;
  color: boolean;
  io: { out: (t: string) => void; err: (t: string) => void };
}

function program(): Command {
  const root = kitRoot();
  const ctx: CliContext = {
    root,
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
    io: { out: (t: string) => void process.stdout.write(t), err: (t: string) => void process.stderr.write(t) },
  };
  const cli = new Command("papc")
    .description("Conformance kit for Portable Agent Packages and Agent Plugins 1.0")
    .version(kitInfo().version)
    // a usage error is its one useful line and where to look, not the whole help
    .showHelpAfterError("(add --help to the command for its options)")
    // with --json, main prints the error as one JSON document instead (KIT-CLI-JSON)
    .configureOutput(jsonRequested() ? { writeErr: () => undefined, outputError: () => undefined } : {})
    .exitOverride();

  addRunCommands(cli, ctx);
  addSuiteCommands(cli, ctx);
  addReportCommands(cli, ctx);
  addHarnessCommands(cli, ctx);
  addRecordingsCommands(cli, ctx);
  return cli;
}

/** `papc run`, `repro` and `smoke`: the suite, one case, or an adapter's first check, against an implementation. */
function addRunCommands(cli: Command, { root, color, io }: CliContext): void {
  cli
    .command("run")
    .description("run the suite against an implementation and write .jsonl, .xml, .md and .html reports")
    .addOption(new Option("--adapter <name|path>", "adapter under adapters-under-test/, or a folder/adapter.yaml").conflicts("command"))
    .option("--command <cmd>", "start this command as a persistent-protocol implementation")
    .option("--case <glob>", "only cases whose id matches (* within a segment, ** across); repeatable", collect)
    .option("--requirement <id>", "only cases that check this requirement; repeatable", collect)
    .option("--jobs <n|auto>", `implementation processes in parallel (auto: the machine's cores, ${cpus().length} here)`, jobsArg, cpus().length)
    .option("--shard <i/n>", "run only slice i of n of the selection (stable, by case id); `papc report merge` joins the n reports", shardArg)
    .option("--timeout <ms>", `per-case timeout in milliseconds (default: the adapter's timeout_ms, else ${DEFAULT_TIMEOUT_MS})`, positiveInt("--timeout"))
    .option(
      "--memory-limit <size>",
      "bound each implementation process's memory (512M, 1G; Linux cgroups): past it the kernel kills it, its case is a crash that says so",
      memoryArg,
    )
    .option("--out <dir>", "directory for the reports", "reports")
    .addOption(new Option("-q, --quiet", "print only problems and the totals").conflicts("verbose"))
    .option("-v, --verbose", "print a line for every case, with its duration")
    .option("--json", "print no progress, then {reports, totals, exit_code, problems: [{id, outcome, message}]}")
    .option(
      "--harness <provider@version>",
      "live cases and harness-backed adapters run this version instead of the pin (x.y.z or latest; installed on demand); repeatable",
      collect,
    )
    .option("--update-baseline", "write the run's failures into the adapter's baseline (reason: the current message) and remove entries that passed; comments kept")
    .option("--force", "replace the reports of another selection (--case, --requirement) of the same adapter in --out")
    .option("--keep-fixtures", "keep the fixture tree of every failing case, as the implementation left it, under <out>/<adapter>.fixtures/<case id>/")
    .exitOverride()
    .action(async (o: RunOptions) => {
      await runCommand(o, root, color);
    });
  cli
    .command("repro <case-id>")
    .description("write one case's fixture into a folder and print the exact requests (for an exec adapter, the command line) to re-run it by hand")
    .addOption(new Option("--adapter <name|path>", "adapter under adapters-under-test/, or a folder/adapter.yaml (default: reference)").conflicts("command"))
    .option("--command <cmd>", "a persistent-protocol implementation, as for papc run")
    .option("--out <dir>", "the folder for the fixture (must be empty or absent; default papc-repro/<case-id>)")
    .option("--json", "print {id, title, file, line, root, entries, expect, requests, command} as one JSON document")
    .exitOverride()
    .action(async (id: string, o: ReproOptions) => {
      await reproCommand(id, o, root);
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
      process.exitCode = await smokeCommand(
        { root, timeoutMs: o.timeout, ...(o.adapter ? { adapter: o.adapter } : {}), ...(o.command ? { command: o.command } : {}), json: o.json === true },
        io,
      );
    });
}

/** `papc new case`, `lint`, `list` and `coverage`: the suite's own files. */
function addSuiteCommands(cli: Command, { root, io }: CliContext): void {
  const scaffold = cli.command("new").description("scaffold suite files").exitOverride();
  scaffold
    .command("case <area/name>")
    .description("write cases/<area>/<name>.yaml with every field its operation needs (each to fill marked # TODO), then lint it")
    .option("--requirement <id>", "a SPEC.md requirement the case checks; repeatable", collect)
    .addOption(new Option("--operation <op>", "the operation (default: that of the case files beside it, else validate)").choices(scaffoldOperations()))
    .option("--case <name>", "the first case's own name, the id's last segment (default: a TODO placeholder)")
    .option("--json", "print what was written and what is left to fill as one JSON document")
    .exitOverride()
    .action(async (path: string, o: { requirement?: string[]; operation?: string; case?: string; json?: boolean }) => {
      // An installed papc is a copy of the suite: a case written there is lost on the next install.
      if (/[\\/]node_modules[\\/]/.test(root)) throw new UsageError(`this papc is installed (${root}); cases are added in a clone of papc's repository (CONTRIBUTING.md)`);
      process.exitCode = await newCaseCommand(
        {
          root,
          path,
          ...(o.requirement ? { requirement: o.requirement } : {}),
          ...(o.operation ? { operation: o.operation } : {}),
          ...(o.case ? { case: o.case } : {}),
          json: o.json === true,
        },
        io,
      );
    });

  cli
    .command("lint")
    .description("check every case file, SPEC.md requirement coverage, exclusions and adapters; with --adapter, only that adapter file")
    .option("--adapter <dir|file>", "check this adapter (a folder holding adapter.yaml, or the file): its schema and baseline entries that name no case")
    .option("--json", "print {ok, cases, requirements, problems: [{code, file, line, message, fix, caseId}]}")
    .exitOverride()
    .action(async (o: { adapter?: string; json?: boolean }) => {
      await lintCommand(o, root);
    });

  cli
    .command("list")
    .description("list cases (id, requirements, file:line)")
    .option("--case <glob>", "only matching case ids; repeatable", collect)
    .option("--requirement <id>", "only cases that check this requirement; repeatable", collect)
    .option("--json", "print [{id, operation, spec, file (relative to the kit), path (relative to here), line}]")
    .exitOverride()
    .action(async (o: { case?: string[]; requirement?: string[]; json?: boolean }) => {
      await listCommand(o, root);
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
      await coverageCommand(o, root);
    });
}

/** `papc report …`, `compat` and `compat-loaders`: what is made of run reports. */
function addReportCommands(cli: Command, { root, color, io }: CliContext): void {
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
      await renderCommand(files, o, root, color);
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
      await compareCommand(a, b, o);
    });
  report
    .command("merge <report.jsonl...>")
    .description("join the reports of the shards of one run (papc run --shard i/n) into that run's four reports; refuses reports of different runs, naming the field")
    .option("--out <dir>", "directory for the merged reports", "reports")
    .option("--json", "print {reports, totals, exit_code, shards}")
    .exitOverride()
    .action(async (files: string[], o: { out: string; json?: boolean }) => {
      await mergeCommand(files, o);
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
    .description(
      "write the Agent Plugins loader matrix (requirement x consumer, every failure and skip with its reason) from run reports of the Agent Plugins suite, one per consumer",
    )
    .option("--out <file>", "write to this file (links are relative to it) instead of stdout")
    .option("--check", "compare with --out instead of writing it; exit 1 when it differs")
    .exitOverride()
    .action(async (files: string[], o: { out?: string; check?: boolean }) => {
      process.exitCode = await loaderMatrixCommand({ root, reports: files, ...(o.out ? { out: resolve(o.out) } : {}), ...(o.check ? { check: true } : {}) }, io);
    });
}

/** `papc harness …`: the pinned harness binaries. */
function addHarnessCommands(cli: Command, { root, io }: CliContext): void {
  const recordingsDir = join(root, "recordings");
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
}

/** `papc recordings …`: native hook payloads recorded from the pinned harnesses. */
function addRecordingsCommands(cli: Command, { root, io }: CliContext): void {
  const recordingsDir = join(root, "recordings");
  // recordings of harness versions other than the pins: generated, never beside the pins' (SPEC 7)
  const otherVersionsDir = otherVersionsRecordings(recordingsDir);
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
        {
          root: resolve(o.recordings),
          jobs: o.jobs,
          check: o.check === true,
          out: resolve(o.out),
          ...(o.provider ? { providers: o.provider } : {}),
          ...(o.scenario ? { scenarios: o.scenario } : {}),
          ...(o.logDir ? { logDir: resolve(o.logDir) } : {}),
          ...(o.harness ? { harness: o.harness } : {}),
        },
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
      process.exitCode = await verifyCommand(
        { root: resolve(o.recordings), casesDir: resolve(o.cases), allowUnused: o.allowUnused === true, out: resolve(o.out), ...(o.harness ? { harness: o.harness } : {}) },
        io,
      );
    });
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
