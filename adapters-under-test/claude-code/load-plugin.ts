// The `load-agent-plugin` operation through Claude Code, in one of two profiles:
//   install: a local marketplace with the package, `claude plugin marketplace add` + `claude
//            plugin install`, as a user's does (the installer validates the root plugin.json
//            with Claude Code's own manifest schema and copies the package into its cache);
//   loader:  `--plugin-dir <plugin root>`, Claude Code's session-only plugins, no installer.
// Then both look at what a session publishes: `claude plugin list --json`, one control-protocol
// session (initialize, reload_plugins, mcp_status; no prompt, no model call) with the plugin's MCP
// servers disabled first, and, when the session registered hooks, `claude plugin details`.

import { mkdir, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { installDifferences } from "../shared/install-evidence.js";
import { CommandFailed, needOk as needOkAs, type CommandRun } from "../shared/command-run.js";
import type { LoadOptions, LoadOutcome } from "../shared/harness-server.js";
import { outputSummary, runClaude, type ClaudeEnv } from "./claude-cli.js";
import { observeSession } from "./control-session.js";
import { MARKETPLACE_NAME, materializeMarketplace } from "./marketplace.js";
import { mapResult } from "./map-result.js";
import { detailsHookEvents, parsePluginList, registeredHooks, type ListedPlugin } from "./observe.js";

function needOk(run: CommandRun, what: string): CommandRun {
  return needOkAs(run, what, (r) => outputSummary(r.stderr || r.stdout));
}

/** Keeps the session from starting the plugin's MCP servers (it would run the package's commands). */
async function disableServers(home: string, cwd: string, plugin: string, listed: ListedPlugin | undefined): Promise<void> {
  const names = Object.keys(listed?.mcpServers ?? {}).map((server) => `plugin:${plugin}:${server}`);
  if (names.length === 0) return;
  await writeFile(join(home, ".claude.json"), `${JSON.stringify({ projects: { [cwd]: { disabledMcpServers: names } } }, null, 2)}\n`);
}

export async function loadAgentPlugin(source: string, options: LoadOptions): Promise<LoadOutcome> {
  const tmp = await tmpDir({ prefix: `papc-claude-${options.profile}-`, unsafeCleanup: true });
  const log = options.log ?? (() => undefined);
  try {
    const base = await realpath(tmp.path);
    const env: ClaudeEnv = { binary: options.binary, home: join(base, "home"), proxy: options.proxy };
    const work = join(base, "work");
    await mkdir(join(env.home, "tmp"), { recursive: true });
    await mkdir(work);
    const timings: Record<string, number> = {};
    const timed = async (what: string, args: string[]): Promise<CommandRun> => {
      const run = await runClaude(env, args, work, options.commandTimeoutMs);
      timings[what] = run.ms;
      return run;
    };

    let installed = true;
    let pluginName: string;
    let pluginArgs: string[];
    let listedId: (p: ListedPlugin) => boolean;
    let detailsId: string;
    if (options.profile === "install") {
      const market = join(base, "marketplace");
      pluginName = await materializeMarketplace(market, source);
      pluginArgs = [];
      listedId = (p) => p.id === `${pluginName}@${MARKETPLACE_NAME}`;
      detailsId = `${pluginName}@${MARKETPLACE_NAME}`;
      // an absolute path: "owner/repo" would mean GitHub
      needOk(await timed("marketplace_add", ["plugin", "marketplace", "add", market]), "claude plugin marketplace add");
      const install = await timed("plugin_install", ["plugin", "install", `${pluginName}@${MARKETPLACE_NAME}`]);
      if (install.timedOut) throw new CommandFailed("claude plugin install timed out", install);
      installed = install.exitCode === 0;
      if (!installed) log(`claude plugin install refused the package: ${outputSummary(`${install.stdout}\n${install.stderr}`)}`);
    } else {
      // session-only plugin: named after the folder as given
      pluginName = basename(source);
      pluginArgs = ["--plugin-dir", source];
      listedId = (p) => p.id === `${pluginName}@inline` || p.id.startsWith("inline[");
      detailsId = pluginName;
    }

    const list = needOk(await timed("plugin_list", [...pluginArgs, "plugin", "list", "--json"]), "claude plugin list");
    const listed = parsePluginList(list.stdout).find(listedId);
    if (listed && installed && options.profile === "install") {
      const installPath = (JSON.parse(list.stdout) as Record<string, unknown>[]).find((p) => p["id"] === listed.id)?.["installPath"];
      if (typeof installPath === "string") {
        const changed = await installDifferences(source, installPath);
        log(
          changed.length === 0
            ? "claude plugin install copied the package faithfully"
            : `claude plugin install changed the package on the way into its cache (the session loads the marketplace's copy in place): ${changed.join("; ")}`,
        );
      }
    }
    await disableServers(env.home, work, pluginName, listed);
    const debugFile = join(base, "session-debug.log");
    const session = await observeSession(env, { cwd: work, extraArgs: pluginArgs, debugFile, timeoutMs: options.commandTimeoutMs });
    timings["session"] = session.ms;
    const registered = registeredHooks(await readFile(debugFile, "utf8").catch(() => ""));
    let events: string[] = [];
    if (registered > 0) events = detailsHookEvents(needOk(await timed("plugin_details", [...pluginArgs, "plugin", "details", detailsId]), "claude plugin details").stdout);

    const dataRoot = join(env.home, ".claude", "plugins", "data");
    const dataDirs = await readdir(dataRoot).catch(() => [] as string[]);
    const result = mapResult({
      profile: options.profile,
      installed,
      pluginName,
      ...(listed ? { listed } : {}),
      session,
      hooks: { events, registered },
      sessionCwd: work,
      ...(dataDirs.length === 1 && dataDirs[0] !== undefined ? { dataDir: join(dataRoot, dataDirs[0]) } : {}),
    });
    log(
      `observed: loaded ${result.loaded}; plugin list: ${listed ? `${listed.id} enabled ${listed.enabled}${listed.errors.length > 0 ? `, errors: ${listed.errors.join(" / ")}` : ""}` : "not listed"}; skills [${result.skills.map((s) => s.name).join(", ")}] (initialize); servers [${result.mcp_servers.map((s) => s.name).join(", ")}] (mcp_status); hooks: ${registered} registered${events.length > 0 ? ` (${events.join(", ")})` : ""}`,
    );
    return { kind: "result", result, timings };
  } catch (error) {
    if (error instanceof CommandFailed) {
      return {
        kind: "errored",
        message: error.message,
        detail: { argv: error.run.argv, exit: error.run.exitCode ?? null, output: outputSummary(`${error.run.stdout}\n${error.run.stderr}`, 20) },
      };
    }
    throw error;
  } finally {
    if (options.keep) log(`kept ${tmp.path}`);
    else await tmp.cleanup().catch(() => undefined);
  }
}
