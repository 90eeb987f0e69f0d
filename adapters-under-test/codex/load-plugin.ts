// The `load-agent-plugin` operation through Codex: materialize a local marketplace holding the
// plugin root, add it and install the plugin in a fresh CODEX_HOME, then look at what Codex
// publishes (plugin list, mcp list, debug prompt-input, app-server plugin/list + plugin/read).

import { mkdir, readdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import type { AgentPluginLoadResult } from "../../runner/src/types/protocol.js";
import { readPluginViaAppServer } from "./app-server.js";
import { LOCAL_PROVIDER_ARGS, runCodex, stderrSummary, type CodexEnv, type CommandRun } from "./codex-cli.js";
import { inspectPluginRoot, MARKETPLACE_NAME, materializeMarketplace } from "./marketplace.js";
import { mapResult, type Observation } from "./map-result.js";
import { parseInstall, parseMcpList, parsePluginList, parsePromptSkills } from "./observe.js";

export type LoadOutcome =
  | { kind: "result"; result: AgentPluginLoadResult; timings: Record<string, number> }
  | { kind: "skipped"; reason: string }
  | { kind: "errored"; message: string; detail?: Record<string, unknown> };

export interface LoadOptions {
  binary: string;
  proxy: string;
  /** Per Codex command. */
  commandTimeoutMs: number;
  /** Keep the temp folder (for debugging); its path goes to stderr. */
  keep?: boolean;
  log?: (text: string) => void;
}

class CommandFailed extends Error {
  constructor(
    message: string,
    readonly run: CommandRun,
  ) {
    super(message);
  }
}

/** A command that must succeed for the observation to mean anything. */
function needOk(run: CommandRun, what: string): CommandRun {
  if (run.timedOut) throw new CommandFailed(`${what} timed out`, run);
  if (run.exitCode !== 0) throw new CommandFailed(`${what} exited ${run.exitCode ?? "?"}: ${stderrSummary(run.stderr)}`, run);
  return run;
}

export async function loadAgentPlugin(source: string, options: LoadOptions): Promise<LoadOutcome> {
  const representable = await inspectPluginRoot(source);
  if (!representable.ok) return { kind: "skipped", reason: representable.reason };
  const entry = representable.entryName;

  const tmp = await tmpDir({ prefix: "papc-codex-", unsafeCleanup: true });
  try {
    const base = await realpath(tmp.path);
    const home = join(base, "home");
    const env: CodexEnv = { binary: options.binary, home, codexHome: join(home, "codex"), proxy: options.proxy };
    await mkdir(env.codexHome, { recursive: true });
    await mkdir(join(home, "tmp"), { recursive: true });
    const market = join(base, "marketplace");
    const marketplaceFile = await materializeMarketplace(market, source, entry);
    const timings: Record<string, number> = {};
    const t = options.commandTimeoutMs;
    const timed = async (what: string, args: string[]): Promise<CommandRun> => {
      const run = await runCodex(env, args, t);
      timings[what] = run.ms;
      return run;
    };

    // an absolute path: a relative one is taken for a GitHub owner/repo and cloned
    needOk(await timed("marketplace_add", ["plugin", "marketplace", "add", market, "--json"]), "codex plugin marketplace add");
    const add = await timed("plugin_add", ["plugin", "add", `${entry}@${MARKETPLACE_NAME}`, "--json"]);
    if (add.timedOut) throw new CommandFailed("codex plugin add timed out", add);
    const installed = add.exitCode === 0;
    // Codex's own words on a refused package (e.g. "missing or invalid plugin.json"), for people
    if (!installed) options.log?.(`codex plugin add refused the package: ${stderrSummary(add.stderr)}`);

    const [list, mcp, prompt, appServer] = await Promise.all([
      timed("plugin_list", ["plugin", "list", "--json", "--available"]),
      timed("mcp_list", ["mcp", "list", "--json"]),
      timed("prompt_input", ["debug", "prompt-input", ...LOCAL_PROVIDER_ARGS]),
      readPluginViaAppServer(env, entry, marketplaceFile, t),
    ]);
    timings["app_server"] = appServer.ms;
    needOk(list, "codex plugin list");
    needOk(mcp, "codex mcp list");
    needOk(prompt, "codex debug prompt-input");

    const listed = parsePluginList(list.stdout, MARKETPLACE_NAME).find((p) => p.name === entry);
    const observation: Observation = {
      installed,
      listed,
      mcp: parseMcpList(mcp.stdout),
      skills: parsePromptSkills(prompt.stdout, entry),
      appServer,
    };
    if (installed) observation.installedPath = parseInstall(add.stdout).installedPath;
    const dataRoot = join(env.codexHome, "plugins", "data", "agent-plugins");
    const dataDirs = await readdir(dataRoot).catch(() => [] as string[]);
    if (installed && dataDirs.length === 1 && dataDirs[0] !== undefined) observation.dataDir = join(dataRoot, dataDirs[0]);
    if (installed && appServer.summary === undefined) {
      return { kind: "errored", message: "codex app-server plugin/list does not show the installed plugin; cannot read its version and interface", detail: { plugin: entry } };
    }
    return { kind: "result", result: mapResult(observation), timings };
  } catch (error) {
    if (error instanceof CommandFailed) {
      return { kind: "errored", message: error.message, detail: { argv: error.run.argv, exit: error.run.exitCode ?? null, stderr: stderrSummary(error.run.stderr, 20) } };
    }
    throw error;
  } finally {
    if (options.keep) options.log?.(`kept ${tmp.path}`);
    else await tmp.cleanup().catch(() => undefined);
  }
}
