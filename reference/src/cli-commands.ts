// The actions of pap-reference's commands (cli.ts wires them to the command line): each one
// runs one capability, writes its output through the CLI's streams and returns the exit code.

import { stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { ValidationReport } from "../../runner/shared/validation-report.js";
import type { Environment } from "./dispatch/invocation.js";
import { EXIT, validate } from "./validate/validate.js";

// A command imports the capability it runs when it runs: a harness starts this CLI for every
// hook it dispatches, and exec mode for every case, so loading all five each time would be most
// of its time.

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

/** `plugin validate`: the report as JSON or as a summary; a usage failure says why on stderr. */
export async function validateCommand(io: CliIo, source: string, options: { sourceId: string; json: boolean }): Promise<number> {
  const result = await validate(source, { sourceId: options.sourceId });
  if (result.exit === EXIT.usage) {
    // Missing source or bad --source-id: say why on stderr; --json still gets its report
    // so a machine reader always has one object to parse.
    for (const diagnostic of result.report.diagnostics) io.stderr(`pap-reference: ${diagnostic.message}\n`);
    if (options.json) io.stdout(JSON.stringify(result.report) + "\n");
    return result.exit;
  }
  io.stdout(options.json ? JSON.stringify(result.report) + "\n" : humanSummary(result.report));
  return result.exit;
}

export interface DispatchOptions {
  provider: string;
  source: string;
  plugin: string;
  hook: string[];
  stateDir?: string;
}

/** `hook dispatch`: the native event on stdin, the native response on stdout. */
export async function dispatchCommand(io: CliIo, options: DispatchOptions): Promise<number> {
  let event: Buffer;
  try {
    event = await (io.stdin ?? readStdin)();
  } catch (error) {
    io.stderr(`pap-reference hook dispatch: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const request = {
    source: options.source,
    provider: options.provider,
    plugin: options.plugin,
    ...(options.hook.length > 0 ? { hooks: options.hook } : {}),
    event,
    env: io.env ?? process.env,
  };
  const result =
    options.stateDir === undefined
      ? await (await import("./dispatch/dispatch.js")).dispatch(request)
      : await (await import("./lifecycle/dispatch-gate.js")).gatedDispatch(request, options.stateDir);
  io.stdout(result.stdout);
  io.stderr(result.stderr);
  return result.exit;
}

export interface ProjectOptions {
  provider: string;
  source: string;
  plugin: string;
  dispatcher?: string;
  format?: string;
}

/** `hook project`: the native hook configuration, with omitted and refused hooks on stderr. */
export async function projectCommand(io: CliIo, options: ProjectOptions, json: boolean): Promise<number> {
  const { project } = await import("./dispatch/project.js");
  const result = await project(options);
  if (result.kind !== "projection") {
    io.stderr(`pap-reference hook project: ${result.message}\n`);
    return result.kind === "usage" ? EXIT.usage : 1;
  }
  for (const item of result.omitted) io.stderr(`pap-reference hook project: omitted optional hook \`${item.hook}\`: ${item.reason}\n`);
  for (const item of result.refused) io.stderr(`pap-reference hook project: refused: required hook \`${item.hook}\` is unsupported on ${options.provider}: ${item.reason}\n`);
  if (json) {
    io.stdout(
      JSON.stringify({ config: result.config, format: result.format, text: result.config === null ? null : result.text, omitted: result.omitted, refused: result.refused }) + "\n",
    );
  } else if (result.config !== null) {
    io.stdout(result.text);
  }
  return result.refused.length > 0 ? 1 : 0;
}

/** `agent-plugin load`: what the package publishes, as JSON or text. */
export async function loadCommand(io: CliIo, pluginRoot: string, options: { data?: string; json: boolean }): Promise<number> {
  const dataRoot = options.data ?? join(dirname(resolve(pluginRoot)), "plugin-data");
  const isDirectory = await stat(pluginRoot).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  const { loadAgentPlugin } = await import("./agent-plugins/load.js");
  const { loadResultText } = await import("./agent-plugins/messages/load-result.js");
  const result = await loadAgentPlugin({ pluginRoot, dataRoot });
  if (!isDirectory) {
    // Missing plugin root: say why on stderr; --json still gets its result object.
    io.stderr(`pap-reference agent-plugin load: ${pluginRoot} is not a directory\n`);
    if (options.json) io.stdout(JSON.stringify(result) + "\n");
    return EXIT.usage;
  }
  io.stdout(options.json ? JSON.stringify(result) + "\n" : loadResultText(result, pluginRoot));
  return result.loaded ? 0 : 1;
}
