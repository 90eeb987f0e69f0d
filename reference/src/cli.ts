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

import { Command, CommanderError } from "commander";
import { kitInfo } from "../../runner/shared/kit-root.js";
import { type CliIo, dispatchCommand, loadCommand, projectCommand, validateCommand } from "./cli-commands.js";
import { isMainModule } from "./main-module.js";
import { DEFAULT_SOURCE_ID, EXIT } from "./validate/validate.js";

/** Exit code for a bug in the reference (EX_SOFTWARE), so it never reads as a verdict. */
export const EXIT_INTERNAL = 70;

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

const wantsJson = (command: Command) => command.optsWithGlobals<{ json?: boolean }>().json === true;

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
      exit = await validateCommand(io, source, { sourceId: options.sourceId, json: wantsJson(command) });
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
      exit = await dispatchCommand(io, options);
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
      exit = await projectCommand(io, options, wantsJson(command));
    });

  const agentPlugin = program.command("agent-plugin").description("Agent Plugins 1.0 packages (root plugin.json)");
  agentPlugin
    .command("load")
    .description("load an Agent Plugins 1.0 package and print what it publishes (never runs or fetches anything)")
    .argument("<plugin-root>", "plugin root (the directory holding plugin.json)")
    .option("--data <dir>", "directory for PLUGIN_DATA, which is <dir>/<plugin name> (default: plugin-data beside the plugin root; never created)")
    .action(async (pluginRoot: string, options: { data?: string }, command: Command) => {
      exit = await loadCommand(io, pluginRoot, { ...options, json: wantsJson(command) });
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
