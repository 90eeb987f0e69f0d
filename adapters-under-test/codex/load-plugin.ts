// The `load-agent-plugin` operation through Codex, in one of two profiles:
//   install: the package goes through `codex plugin marketplace add` + `codex plugin add`, as a
//            user's does (the installer copies it into Codex's cache);
//   loader:  the package is written into the installed plugin folder directly (loader-layout.ts),
//            so Codex's loader itself is judged on symlinks, containment and linked roots.
// Then both look at what Codex publishes (plugin list, mcp list, debug prompt-input, app-server
// plugin/list + plugin/read) in a fresh CODEX_HOME.

import { mkdir, readdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { readPluginViaAppServer } from "./app-server.js";
import { CommandFailed, needOk as needOkAs, type CommandRun } from "../shared/command-run.js";
import type { LoadOptions, LoadOutcome } from "../shared/harness-server.js";
import { LOCAL_PROVIDER_ARGS, runCodex, stderrSummary, type CodexEnv } from "./codex-cli.js";
import { installDifferences } from "../shared/install-evidence.js";
import { enablePlugin, LayoutError, LOADER_VERSION_FOLDER, placeInCache } from "./loader-layout.js";
import { MARKETPLACE_NAME, materializeMarketplace } from "./marketplace.js";
import { mapResult, type Observation } from "./map-result.js";
import { parseInstall, parseMcpList, parsePluginList, parsePromptSkills } from "./observe.js";

export interface CodexLoadOptions extends LoadOptions {
  /** Variables the binary needs (the npm wrapper's). */
  binaryEnv: Record<string, string>;
}

/** A command that must succeed for the observation to mean anything. */
function needOk(run: CommandRun, what: string): CommandRun {
  return needOkAs(run, what, (r) => stderrSummary(r.stderr));
}

export async function loadAgentPlugin(source: string, options: CodexLoadOptions): Promise<LoadOutcome> {
  const tmp = await tmpDir({ prefix: `papc-codex-${options.profile}-`, unsafeCleanup: true });
  const log = options.log ?? (() => undefined);
  try {
    const base = await realpath(tmp.path);
    const home = join(base, "home");
    const env: CodexEnv = { binary: options.binary, binaryEnv: options.binaryEnv, home, codexHome: join(home, "codex"), proxy: options.proxy };
    await mkdir(env.codexHome, { recursive: true });
    await mkdir(join(home, "tmp"), { recursive: true });
    await mkdir(join(home, "empty-path"));
    const market = await materializeMarketplace(join(base, "marketplace"), source);
    const entry = market.entry;
    const timings: Record<string, number> = {};
    const t = options.commandTimeoutMs;
    const timed = async (what: string, args: string[]): Promise<CommandRun> => {
      const run = await runCodex(env, args, t);
      timings[what] = run.ms;
      return run;
    };

    // an absolute path: a relative one is taken for a GitHub owner/repo and cloned
    needOk(await timed("marketplace_add", ["plugin", "marketplace", "add", join(base, "marketplace"), "--json"]), "codex plugin marketplace add");
    let installed: boolean;
    let installedPath: string | undefined;
    if (options.profile === "install") {
      const add = await timed("plugin_add", ["plugin", "add", `${entry}@${MARKETPLACE_NAME}`, "--json"]);
      if (add.timedOut) throw new CommandFailed("codex plugin add timed out", add);
      installed = add.exitCode === 0;
      // Codex's own words on a refused package (e.g. "missing or invalid plugin.json"), for people
      if (!installed) log(`codex plugin add refused the package: ${stderrSummary(add.stderr)}`);
      else {
        installedPath = parseInstall(add.stdout).installedPath;
        const lost = await installDifferences(source, installedPath);
        log(lost.length === 0 ? "codex plugin add copied the package faithfully" : `codex plugin add changed the package on the way into its cache: ${lost.join("; ")}`);
      }
    } else {
      installedPath = await placeInCache(env.codexHome, entry, source);
      await enablePlugin(env.codexHome, entry);
      installed = true;
    }

    // One at a time: Codex processes sharing a fresh CODEX_HOME race (observed: the app-server's
    // hooks/list then missed a plugin's hooks in 1 run of 6 under load). Cases run in parallel instead.
    const list = await timed("plugin_list", ["plugin", "list", "--json", "--available"]);
    const mcp = await timed("mcp_list", ["mcp", "list", "--json"]);
    const prompt = await timed("prompt_input", ["debug", "prompt-input", ...LOCAL_PROVIDER_ARGS]);
    const appServer = await readPluginViaAppServer(env, entry, market.manifestFile, t);
    timings["app_server"] = appServer.ms;
    needOk(list, "codex plugin list");
    needOk(mcp, "codex mcp list");
    needOk(prompt, "codex debug prompt-input");

    const listed = parsePluginList(list.stdout, MARKETPLACE_NAME).find((p) => p.name === entry);
    if (options.profile === "loader" && listed?.installed && listed.version !== LOADER_VERSION_FOLDER) {
      // Codex took another folder than the one written for it: the layout no longer holds
      return {
        kind: "errored",
        message: `codex loaded version folder "${listed.version ?? "?"}" of the plugin instead of "${LOADER_VERSION_FOLDER}"; the loader profile's cache layout (loader-layout.ts) does not hold for this Codex`,
        detail: { plugin: entry },
      };
    }
    const observation: Observation = {
      profile: options.profile,
      pluginId: `${entry}@${MARKETPLACE_NAME}`,
      installed,
      listed,
      mcp: parseMcpList(mcp.stdout),
      skills: parsePromptSkills(prompt.stdout, entry),
      appServer,
    };
    if (installedPath !== undefined) observation.installedPath = installedPath;
    const dataRoot = join(env.codexHome, "plugins", "data", "agent-plugins");
    const dataDirs = await readdir(dataRoot).catch(() => [] as string[]);
    if (dataDirs.length === 1 && dataDirs[0] !== undefined) observation.dataDir = join(dataRoot, dataDirs[0]);
    const result = mapResult(observation);
    if (result.loaded && appServer.summary === undefined) {
      return { kind: "errored", message: "codex app-server plugin/list does not show the installed plugin; cannot read its version and interface", detail: { plugin: entry } };
    }
    log(
      `observed: loaded ${result.loaded}; skills [${result.skills.map((s) => s.name).join(", ")}] (debug prompt-input); servers [${result.mcp_servers.map((s) => s.name).join(", ")}] (mcp list)${appServer.readError ? `; app-server plugin/read: ${appServer.readError}` : ""}; hooks/list: ${appServer.hooks.length} hook(s)${appServer.hookProblems.length > 0 ? `, ${appServer.hookProblems.join("; ")}` : ""}`,
    );
    return { kind: "result", result, timings };
  } catch (error) {
    if (error instanceof CommandFailed) {
      return { kind: "errored", message: error.message, detail: { argv: error.run.argv, exit: error.run.exitCode ?? null, stderr: stderrSummary(error.run.stderr, 20) } };
    }
    if (error instanceof LayoutError) return { kind: "errored", message: error.message };
    throw error;
  } finally {
    if (options.keep) log(`kept ${tmp.path}`);
    else await tmp.cleanup().catch(() => undefined);
  }
}
