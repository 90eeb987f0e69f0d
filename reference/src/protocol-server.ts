// The reference's protocol endpoint (process protocol version 1, SPEC 1.2): what each request
// of the shared serve loop (runner/shared/serve-protocol.ts) answers. A failing request becomes
// an `errored` reply; the process keeps serving.

import { isAbsolute, join } from "node:path";
import type { ErroredReply, HelloReply, Operation, ResultReply, RunReply } from "../../runner/shared/protocol.js";
import { serveProtocol, type ProtocolHandlers } from "../../runner/shared/serve-protocol.js";
import { kitHomepage, kitInfo } from "../../runner/shared/kit-root.js";
import { isLifecycleOperation, LIFECYCLE_OPERATIONS } from "./lifecycle/args.js";
import { isMainModule } from "./main-module.js";

// Each capability is imported when a request first needs it: hello answers without loading any,
// so a run of a few cases does not wait for all five to load.
const capabilities = {
  validate: () => import("./validate/validate.js"),
  validateCli: () => import("./cli.js"),
  dispatch: () => import("./dispatch/dispatch.js"),
  project: () => import("./dispatch/project.js"),
  agentPlugins: () => import("./agent-plugins/load.js"),
  compose: () => import("./compose/compose.js"),
  composeArgs: () => import("./compose/args.js"),
  lifecycle: () => import("./lifecycle/operations.js"),
};

export const OPERATIONS: Operation[] = ["validate", "validate-cli", "dispatch", "live", "project", "load-agent-plugin", "compose", ...LIFECYCLE_OPERATIONS];

export function helloReply(): HelloReply {
  const homepage = kitHomepage();
  const implementation: HelloReply["implementation"] = { name: "pap-reference", version: kitInfo().version, language: "TypeScript" };
  if (homepage !== undefined) implementation.homepage = homepage;
  return {
    protocol: 1,
    implementation,
    operations: [...OPERATIONS],
    profiles: ["pap-0.1", "agent-plugins-1.0"],
    providers: [
      { name: "claude-code", version: "2.1.233" },
      { name: "codex", version: "0.147.0" },
    ],
  };
}

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function errored(seq: number, message: string, detail?: JsonRecord): ErroredReply {
  return detail === undefined ? { seq, errored: { message } } : { seq, errored: { message, detail } };
}

/**
 * The `dispatch` operation (SPEC 1.6): args.event is written
 * as JSON bytes, exactly as the runner's exec mode does, and args.environment is laid over our
 * own environment as the dispatcher's environment. With args.state_dir (a lifecycle step, SPEC
 * 1.11) only hooks under a current grant of the consumer's trust store run (lifecycle/dispatch-gate.ts).
 */
async function handleDispatch(seq: number, source: string, args: JsonRecord): Promise<RunReply> {
  const { provider, plugin, hooks, event, environment, state_dir: stateDir } = args;
  if (typeof provider !== "string") return errored(seq, "dispatch needs case.args.provider (claude-code or codex)");
  if (typeof plugin !== "string") return errored(seq, "dispatch needs case.args.plugin (a package directory name)");
  if (hooks !== undefined && !(Array.isArray(hooks) && hooks.every((id) => typeof id === "string"))) return errored(seq, "dispatch: case.args.hooks must be an array of hook ids");
  if (event === undefined) return errored(seq, "dispatch needs case.args.event (the native payload)");
  if (environment !== undefined && !(isRecord(environment) && Object.values(environment).every((v) => typeof v === "string"))) {
    return errored(seq, "dispatch: case.args.environment must map names to strings");
  }
  if (stateDir !== undefined && !(typeof stateDir === "string" && isAbsolute(stateDir))) return errored(seq, "dispatch: case.args.state_dir must be an absolute path");
  const request = {
    source,
    provider,
    plugin,
    ...(hooks === undefined ? {} : { hooks: hooks as string[] }),
    event: JSON.stringify(event),
    env: { ...process.env, ...((environment as Record<string, string> | undefined) ?? {}) },
  };
  const result = stateDir === undefined ? await (await capabilities.dispatch()).dispatch(request) : await (await capabilities.lifecycle()).gatedDispatch(request, stateDir);
  return { seq, result: { exit: result.exit, stdout: result.stdout, stderr: result.stderr } };
}

/**
 * The `live` operation (SPEC 1.7): the projection this implementation would install for the
 * package, whose commands call this kit's `pap-reference hook dispatch` (under the trust store
 * in args.state_dir, for a live step). The runner, not the reference, then runs the real
 * harness with it.
 */
async function handleLive(seq: number, source: string, args: JsonRecord): Promise<RunReply> {
  const { provider, plugin, state_dir: stateDir } = args;
  if (typeof provider !== "string") return errored(seq, "live needs case.args.provider (claude-code or codex)");
  if (typeof plugin !== "string") return errored(seq, "live needs case.args.plugin (a package directory name)");
  if (stateDir !== undefined && !(typeof stateDir === "string" && isAbsolute(stateDir))) return errored(seq, "live: case.args.state_dir must be an absolute path");
  const { project } = await capabilities.project();
  const result = await project({ provider, source, plugin, ...(stateDir === undefined ? {} : { stateDir }) });
  if (result.kind === "usage") return errored(seq, `live: ${result.message}`);
  if (result.kind === "error") return { seq, result: { exit: 1, text: "", omitted: [], refused: [], message: result.message } };
  const refused = result.refused.length > 0;
  return { seq, result: { exit: refused ? 1 : 0, format: result.format, text: refused ? "" : result.text, omitted: result.omitted, refused: result.refused } };
}

/**
 * The `project` operation (SPEC 1.12): the same projection as data. A request it cannot serve
 * (an unknown provider or format) is exit 2, a package it cannot load exit 1, a refusal exit 1;
 * none of them has a configuration.
 */
async function handleProject(seq: number, source: string, args: JsonRecord): Promise<RunReply> {
  const { provider, plugin, format } = args;
  if (typeof provider !== "string") return errored(seq, "project needs case.args.provider (claude-code or codex)");
  if (typeof plugin !== "string") return errored(seq, "project needs case.args.plugin (a package directory name)");
  if (format !== undefined && typeof format !== "string") return errored(seq, "project: case.args.format must be a string");
  const { project } = await capabilities.project();
  const result = await project({ provider, source, plugin, ...(format === undefined ? {} : { format }) });
  if (result.kind !== "projection") return { seq, result: { exit: result.kind === "usage" ? 2 : 1, config: null, omitted: [], refused: [], message: result.message } };
  const refused = result.refused.length > 0;
  return {
    seq,
    result: { exit: refused ? 1 : 0, format: result.format, config: refused ? null : { hooks: { ...result.config?.hooks } }, omitted: result.omitted, refused: result.refused },
  };
}

/**
 * The `load-agent-plugin` operation: case.source is the plugin root; PLUGIN_DATA is
 * <case.root>/plugin-data/<name> (chosen and reported, never created).
 */
async function handleLoadAgentPlugin(seq: number, source: string, root: unknown): Promise<RunReply> {
  if (typeof root !== "string" || root === "") return errored(seq, "load-agent-plugin needs case.root (the fixture root)");
  const { loadAgentPlugin } = await capabilities.agentPlugins();
  const result = await loadAgentPlugin({ pluginRoot: source, dataRoot: join(root, "plugin-data") });
  return { seq, result: { ...result } };
}

/**
 * The `validate-cli` operation (SPEC 1.3): this CLI run in-process on `args.argv`, its stdout
 * (one report, or nothing) parsed as the exec client would, its stderr passed on. Stdin is
 * empty: the protocol owns this process's stdin.
 */
async function handleValidateCli(seq: number, args: JsonRecord): Promise<RunReply> {
  const argv = args["argv"];
  if (!Array.isArray(argv) || !argv.every((word) => typeof word === "string")) return errored(seq, "validate-cli needs case.args.argv (an array of strings)");
  let stdout = "";
  let stderr = "";
  const { runCli } = await capabilities.validateCli();
  const exit = await runCli(argv as string[], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stdin: async () => Buffer.alloc(0),
  });
  if (stdout.trim() === "") return { seq, result: { exit, stderr } };
  try {
    return { seq, result: { exit, report: JSON.parse(stdout) as unknown, stderr } };
  } catch {
    return errored(seq, `exit ${exit}, stdout is not one JSON document (validate-cli runs with --json): ${JSON.stringify(stdout.slice(0, 200))}`);
  }
}

/** The `compose` operation (SPEC 1.9): several packages in one host, one event, given answers. */
async function handleCompose(seq: number, source: string, args: unknown): Promise<RunReply> {
  const parsed = (await capabilities.composeArgs()).parseComposeArgs(args);
  if (!parsed.ok) return errored(seq, parsed.message);
  return { seq, result: { ...(await (await capabilities.compose()).composeHost(source, parsed.args)) } };
}

/** One `run` request → its reply. Never throws. */
export async function handleRun(seq: number, payload: unknown): Promise<RunReply> {
  try {
    if (!isRecord(payload)) return errored(seq, "run request has no case object");
    const operation = payload["operation"];
    if (operation === "validate-cli") return await handleValidateCli(seq, isRecord(payload["args"]) ? payload["args"] : {});
    if (
      operation !== "validate" &&
      operation !== "dispatch" &&
      operation !== "live" &&
      operation !== "project" &&
      operation !== "load-agent-plugin" &&
      operation !== "compose" &&
      !isLifecycleOperation(operation)
    ) {
      return errored(seq, `operation ${JSON.stringify(operation)} is not supported (supported: ${OPERATIONS.join(", ")})`);
    }
    const source = payload["source"];
    if (typeof source !== "string" || source === "") return errored(seq, `${operation} needs case.source (the source directory)`);
    if (operation === "dispatch") return await handleDispatch(seq, source, isRecord(payload["args"]) ? payload["args"] : {});
    if (operation === "live") return await handleLive(seq, source, isRecord(payload["args"]) ? payload["args"] : {});
    if (operation === "project") return await handleProject(seq, source, isRecord(payload["args"]) ? payload["args"] : {});
    if (operation === "load-agent-plugin") return await handleLoadAgentPlugin(seq, source, payload["root"]);
    if (operation === "compose") return await handleCompose(seq, source, payload["args"]);
    if (isLifecycleOperation(operation)) return { seq, result: { ...(await (await capabilities.lifecycle()).runLifecycle(operation, source, payload["args"])) } };
    const args = isRecord(payload["args"]) ? payload["args"] : {};
    const { DEFAULT_SOURCE_ID, validate } = await capabilities.validate();
    const sourceId = args["source_id"] ?? DEFAULT_SOURCE_ID;
    if (typeof sourceId !== "string") return errored(seq, "case.args.source_id must be a string");
    const { exit, report, structural } = await validate(source, { sourceId });
    const reply: ResultReply = { seq, result: { exit, report, structural } };
    return reply;
  } catch (error) {
    const detail: JsonRecord = {};
    if (error instanceof Error && error.stack !== undefined) detail["stack"] = error.stack;
    return errored(seq, `reference failed: ${error instanceof Error ? error.message : String(error)}`, detail);
  }
}

/** The reference's handlers for the shared serve loop (runner/shared/serve-protocol.ts). */
export const REFERENCE_HANDLERS: ProtocolHandlers = { name: "pap-reference", hello: helloReply, run: (seq, payload) => handleRun(seq, payload) };

if (isMainModule(import.meta.url)) serveProtocol(REFERENCE_HANDLERS);
