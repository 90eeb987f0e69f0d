#!/usr/bin/env node
// pap-reference: the reference consumer's CLI.
//   pap-reference [--json] plugin validate <source> [--source-id ID]
//   pap-reference hook dispatch --provider P --source DIR --plugin NAME [--state-dir DIR] [--hook ID]…
//   pap-reference hook project --provider P --source DIR --plugin NAME [--dispatcher CMD] [--format F] [--json]
//   pap-reference agent-plugin load <plugin-root> [--data DIR] [--json]
// Exit codes of plugin validate (draft 0.1 validator contract): 0 valid, 1 invalid or empty,
// 2 usage error or missing source directory. hook dispatch: 0 with a native response on stdout,
// 1 for a dispatcher error or a failed SessionEnd hook (never 2: both harnesses read exit 2 as
// a blocking decision). hook project: 0 written, 1 refused or unloadable package, 2 usage.
// agent-plugin load: 0 loaded, 1 not loaded, 2 usage error or missing plugin root.
// Any other code means the reference itself failed.

import { stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Command, CommanderError } from "commander";
import type { ValidationReport } from "../../runner/shared/validation-report.js";
import { loadAgentPlugin } from "./agent-plugins/load.js";
import { loadResultText } from "./agent-plugins/text.js";
import { dispatch } from "./dispatch/dispatch.js";
import type { Environment } from "./dispatch/invocation.js";
import { project } from "./dispatch/project.js";
import { gatedDispatch } from "./lifecycle/dispatch-gate.js";
import { kitInfo } from "../../runner/shared/kit-root.js";
import { isMainModule } from "./main-module.js";
import { DEFAULT_SOURCE_ID, EXIT, validate } from "./validate/validate.js";

/** Exit code for a bug in the reference (EX_SOFTWARE), so it never reads as a verdict. */
export const EXIT_INTERNAL = 70;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** All of stdin (hook dispatch only); default: the process's stdin. */
  stdin?: () => Promise<Buffer>;
  /** The environment handlers' allow-listed variables come from; default: process.env. */
  env?: Environment;
}

/** A native event larger than this is refused rather than buffered. */
export const MAX_EVENT_BYTES = 64 * 1024 * 1024;

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_EVENT_BYTES) throw new Error(`the native event on stdin exceeds ${MAX_EVENT_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `hook dispatch` invocations must never exit 2 (a blocking decision for both harnesses). */
function isDispatchInvocation(argv: readonly string[]): boolean {
  const words = argv.filter((word) => word !== "--json");
  return words[0] === "hook" && words[1] === "dispatch";
}

export function humanSummary(report: ValidationReport): string {
  const lines: string[] = [];
  const count = report.packages.length;
  lines.push(
    report.valid
      ? `${report.source_path}: valid (${count} package${count === 1 ? "" : "s"})`
      : `${report.source_path}: invalid (${report.diagnostics.length} diagnostic${report.diagnostics.length === 1 ? "" : "s"})`,
  );
  for (const diagnostic of report.diagnostics) {
    lines.push(`${diagnostic.path === "" ? "." : diagnostic.path}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`);
  }
  return lines.join("\n") + "\n";
}

/** Runs the CLI on `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let exit: number = EXIT.usage;
  const program = new Command("pap-reference")
    .description("Reference consumer of Portable Agent Packages draft 0.1 (papc)")
    .version(kitInfo().version)
    .option("--json", "print report schema 1 as one JSON object on stdout")
    // Settings below are inherited by the subcommands created after them.
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  const plugin = program.command("plugin").description("portable plugin packages (PLUGIN.toml schema 1)");
  plugin
    .command("validate")
    .description("validate the packages a source exposes at plugins/<name>/PLUGIN.toml")
    .argument("<source>", "source directory")
    .option("--source-id <id>", "source identity for same-source references", DEFAULT_SOURCE_ID)
    .action(async (source: string, options: { sourceId: string }, command: Command) => {
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      const result = await validate(source, { sourceId: options.sourceId });
      exit = result.exit;
      if (result.exit === EXIT.usage) {
        // Missing source or bad --source-id: say why on stderr; --json still gets its report
        // so a machine reader always has one object to parse.
        for (const diagnostic of result.report.diagnostics) io.stderr(`pap-reference: ${diagnostic.message}\n`);
        if (json) io.stdout(JSON.stringify(result.report) + "\n");
        return;
      }
      io.stdout(json ? JSON.stringify(result.report) + "\n" : humanSummary(result.report));
    });

  const hook = program.command("hook").description("portable hooks on a pinned harness (claude-code 2.1.233, codex 0.147.0)");
  hook
    .command("dispatch")
    .description("run the package's hooks for the native event on stdin and print the native response")
    .requiredOption("--provider <provider>", "claude-code or codex")
    .requiredOption("--source <dir>", "source directory holding plugins/<name>/PLUGIN.toml")
    .requiredOption("--plugin <name>", "package directory name under plugins/")
    .option("--hook <id>", "a hook projected onto this event (repeatable; default: every hook of the package)", collect, [] as string[])
    .option("--state-dir <dir>", "the consumer's state directory: run a hook only under a current grant recorded there by approve (SPEC 11.2)")
    .action(async (options: { provider: string; source: string; plugin: string; hook: string[]; stateDir?: string }) => {
      let event: Buffer;
      try {
        event = await (io.stdin ?? readStdin)();
      } catch (error) {
        io.stderr(`pap-reference hook dispatch: ${error instanceof Error ? error.message : String(error)}\n`);
        exit = 1;
        return;
      }
      const request = {
        source: options.source,
        provider: options.provider,
        plugin: options.plugin,
        ...(options.hook.length > 0 ? { hooks: options.hook } : {}),
        event,
        env: io.env ?? process.env,
      };
      const result = options.stateDir === undefined ? await dispatch(request) : await gatedDispatch(request, options.stateDir);
      io.stdout(result.stdout);
      io.stderr(result.stderr);
      exit = result.exit;
    });
  hook
    .command("project")
    .description("print the native hook configuration that calls `hook dispatch` for the package's hooks")
    .requiredOption("--provider <provider>", "claude-code or codex")
    .requiredOption("--source <dir>", "source directory holding plugins/<name>/PLUGIN.toml")
    .requiredOption("--plugin <name>", "package directory name under plugins/")
    .option("--dispatcher <command>", "shell command prefix that runs pap-reference (default: this node and this kit's dist/reference/src/cli.js)")
    .option("--format <format>", "settings-json or hooks-json (claude-code); config-toml or hooks-json (codex)")
    .action(async (options: { provider: string; source: string; plugin: string; dispatcher?: string; format?: string }, command: Command) => {
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      const result = await project(options);
      if (result.kind !== "projection") {
        io.stderr(`pap-reference hook project: ${result.message}\n`);
        exit = result.kind === "usage" ? EXIT.usage : 1;
        return;
      }
      for (const item of result.omitted) io.stderr(`pap-reference hook project: omitted optional hook \`${item.hook}\`: ${item.reason}\n`);
      for (const item of result.refused) io.stderr(`pap-reference hook project: refused: required hook \`${item.hook}\` is unsupported on ${options.provider}: ${item.reason}\n`);
      exit = result.refused.length > 0 ? 1 : 0;
      if (json) {
        io.stdout(JSON.stringify({ config: result.config, format: result.format, text: result.config === null ? null : result.text, omitted: result.omitted, refused: result.refused }) + "\n");
      } else if (result.config !== null) {
        io.stdout(result.text);
      }
    });

  const agentPlugin = program.command("agent-plugin").description("Agent Plugins 1.0 packages (root plugin.json)");
  agentPlugin
    .command("load")
    .description("load an Agent Plugins 1.0 package and print what it publishes (never runs or fetches anything)")
    .argument("<plugin-root>", "plugin root (the directory holding plugin.json)")
    .option("--data <dir>", "directory for PLUGIN_DATA, which is <dir>/<plugin name> (default: plugin-data beside the plugin root; never created)")
    .action(async (pluginRoot: string, options: { data?: string }, command: Command) => {
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      const dataRoot = options.data ?? join(dirname(resolve(pluginRoot)), "plugin-data");
      const isDirectory = await stat(pluginRoot).then(
        (stats) => stats.isDirectory(),
        () => false,
      );
      const result = await loadAgentPlugin({ pluginRoot, dataRoot });
      if (!isDirectory) {
        // Missing plugin root: say why on stderr; --json still gets its result object.
        io.stderr(`pap-reference agent-plugin load: ${pluginRoot} is not a directory\n`);
        if (json) io.stdout(JSON.stringify(result) + "\n");
        exit = EXIT.usage;
        return;
      }
      io.stdout(json ? JSON.stringify(result) + "\n" : loadResultText(result, pluginRoot));
      exit = result.loaded ? 0 : 1;
    });

  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    // --help and --version end with exit code 0; every other parse problem is a usage error,
    // except for hook dispatch, where 2 would read as "block" to the harness.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.valid : isDispatchInvocation(argv) ? 1 : EXIT.usage;
    throw error;
  }
  return exit;
}

if (isMainModule(import.meta.url)) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      // exitCode, not exit(): let a large report drain to a pipe first.
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`pap-reference: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_INTERNAL;
    },
  );
}
