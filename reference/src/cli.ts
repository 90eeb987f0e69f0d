#!/usr/bin/env node
// pap-reference: the reference consumer's CLI.
//   pap-reference [--json] plugin validate <source> [--source-id ID]
// Exit codes (draft 0.1 validator contract): 0 valid, 1 invalid or empty, 2 usage error or
// missing source directory. Any other code means the reference itself failed.

import { Command, CommanderError } from "commander";
import type { ValidationReport } from "../../runner/src/types/validation-report.js";
import { kitInfo } from "./kit.js";
import { isMainModule } from "./main-module.js";
import { DEFAULT_SOURCE_ID, EXIT, validate } from "./validate.js";

/** Exit code for a bug in the reference (EX_SOFTWARE), so it never reads as a verdict. */
export const EXIT_INTERNAL = 70;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

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

  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    // --help and --version end with exit code 0; every other parse problem is a usage error.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.valid : EXIT.usage;
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
