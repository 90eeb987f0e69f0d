#!/usr/bin/env node
// A stand-in for the Codex CLI, for the codex adapter's teeth test: the command surface and output
// shapes the adapter reads (adapters-under-test/codex/FINDINGS.md), with the reference's loader
// behind them, made wrong in one way named by PAPC_WRONG_CODEX:
//   none                         the reference loader; the installer copies what a symlink resolving inside
//                                the root points to and leaves out one that escapes it (what seed 004 asks for)
//   installer-drops-symlinks     the installer drops every symlink (as Codex 0.147.0's does)
//   installer-follows-symlinks   the installer copies what every symlink points to, outside the root too
//   <a wrong-loader.mjs mutation>, e.g. follows-symlinks-out: the loader is wrong that way
// The adapter runs it in place of Codex through PAPC_CODEX_BINARY, with an environment of its own
// making (so a test names the mode in a one-line wrapper script). Commands:
//   --version | plugin marketplace add DIR --json | plugin add NAME@MKT --json | plugin list --json [--available]
//   mcp list --json | debug prompt-input [-c k=v]... | app-server (initialize, plugin/list, plugin/read, hooks/list)
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "smol-toml";
import { MUTATIONS } from "./wrong-loader.mjs";

const kit = fileURLToPath(new URL("../../..", import.meta.url));
// imported on first use: it is most of a short command's start-up
let reference;
const loadAgentPlugin = async (options) => (reference ??= await import(join(kit, "dist/reference/src/agent-plugins/load.js"))).loadAgentPlugin(options);
const MODE = process.env.PAPC_WRONG_CODEX ?? "none";
const INSTALLERS = ["none", "installer-drops-symlinks", "installer-follows-symlinks"];
if (!INSTALLERS.includes(MODE) && !MUTATIONS[MODE]) fail(`unknown PAPC_WRONG_CODEX ${MODE}`);
const home = process.env.CODEX_HOME ?? "";
const configFile = join(home, "config.toml");

function fail(message) {
  process.stderr.write(`Error: ${message}\n`);
  process.exit(1);
}
const print = (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const readConfig = () => (existsSync(configFile) ? parse(readFileSync(configFile, "utf8")) : {});
const writeConfig = (config) => writeFileSync(configFile, stringify(config));
const manifestOf = (dir) => join(dir, ".agents", "plugins", "marketplace.json");

/** [marketplace name, its folder, its entries] for every marketplace in config.toml. */
function marketplaces() {
  return Object.entries(readConfig().marketplaces ?? {}).map(([name, m]) => [name, m.source, readJson(manifestOf(m.source)).plugins ?? []]);
}

/** The version folder the loader takes: a directory (or a symlink to one), `local` first, names with `~` passed over. */
function versionFolder(mkt, name) {
  const dir = join(home, "plugins", "cache", mkt, name);
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => !n.includes("~") && statSync(join(dir, n), { throwIfNoEntry: false })?.isDirectory()) : [];
  if (names.includes("local")) return "local";
  return names.sort((a, b) => a.localeCompare(b, "en", { numeric: true })).pop();
}

/** The reference's answer for one plugin root, with the mutation applied. */
async function load(root) {
  const mutation = MUTATIONS[MODE] ?? {};
  const c = { source: root };
  if (mutation.reply) return mutation.reply(c);
  mutation.before?.(c);
  const result = await loadAgentPlugin({ pluginRoot: root, dataRoot: join(home, "plugins", "data", "agent-plugins") });
  return mutation.after ? mutation.after(c, result) : result;
}

/** Every enabled plugin Codex would load: [id, name, installed root, load result]. */
async function loadedPlugins() {
  const enabled = readConfig().plugins ?? {};
  const out = [];
  for (const [mkt, , entries] of marketplaces()) {
    for (const entry of entries) {
      const version = versionFolder(mkt, entry.name);
      if (version === undefined || enabled[`${entry.name}@${mkt}`]?.enabled !== true) continue;
      const root = join(home, "plugins", "cache", mkt, entry.name, version);
      const result = await load(root);
      if (result.loaded) out.push([entry.name, root, result]);
    }
  }
  return out;
}

/** Copies `from` (inside the canonical `root`) to `to`, each symlink as the installer mode decides. */
function install(root, from, to) {
  let path = from;
  if (lstatSync(from).isSymbolicLink()) {
    const target = realpathSafe(from);
    const inside = target !== undefined && (target === root || target.startsWith(root + sep));
    if (target === undefined || MODE === "installer-drops-symlinks" || (!inside && MODE !== "installer-follows-symlinks")) return;
    path = target;
  }
  if (statSync(path).isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(path)) install(root, join(from, name), join(to, name));
  } else copyFileSync(path, to);
}

function realpathSafe(path) {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

const args = [];
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === "-c")
    i++; // config overrides: nothing to configure here
  else args.push(process.argv[i]);
}
const command = args.filter((a) => !a.startsWith("--")).join(" ");

if (args[0] === "--version") {
  process.stdout.write("codex-cli 0.0.0-papc-stand-in\n");
} else if (command.startsWith("plugin marketplace add ")) {
  const dir = args[3];
  const name = readJson(manifestOf(dir)).name;
  const config = readConfig();
  config.marketplaces = { ...config.marketplaces, [name]: { source_type: "local", source: dir } };
  writeConfig(config);
  print({ marketplaceName: name, installedRoot: dir, alreadyAdded: false });
} else if (command.startsWith("plugin add ")) {
  const [name, mkt] = args[2].split("@");
  const found = marketplaces().find(([m]) => m === mkt);
  const entry = found?.[2].find((p) => p.name === name);
  if (!entry) fail(`plugin ${name} not found in marketplace ${mkt}`);
  const source = resolve(found[1], entry.source.path);
  const checked = await loadAgentPlugin({ pluginRoot: source, dataRoot: join(home, "tmp") });
  if (!checked.loaded) fail("missing or invalid plugin.json");
  const installedPath = join(home, "plugins", "cache", mkt, name, checked.identity.version ?? "1.0.0");
  install(realpathSync(source), realpathSync(source), installedPath);
  const config = readConfig();
  config.plugins = { ...config.plugins, [`${name}@${mkt}`]: { enabled: true } };
  writeConfig(config);
  print({ pluginId: `${name}@${mkt}`, name, marketplaceName: mkt, version: checked.identity.version ?? "1.0.0", installedPath });
} else if (command === "plugin list") {
  const enabled = readConfig().plugins ?? {};
  const installed = [];
  const available = [];
  for (const [mkt, , entries] of marketplaces()) {
    for (const entry of entries) {
      const version = versionFolder(mkt, entry.name) ?? null;
      const row = {
        pluginId: `${entry.name}@${mkt}`,
        name: entry.name,
        marketplaceName: mkt,
        version,
        installed: version !== null,
        enabled: enabled[`${entry.name}@${mkt}`]?.enabled === true,
      };
      (version === null ? available : installed).push(row);
    }
  }
  print({ installed, available });
} else if (command === "mcp list") {
  const servers = [];
  for (const [, root, r] of await loadedPlugins()) {
    for (const s of r.mcp_servers) {
      const transport = { type: s.type === "streamable-http" ? "streamable_http" : s.type };
      if (s.command !== undefined)
        Object.assign(transport, { command: s.command, args: s.args ?? [], env: { ...s.env, PLUGIN_ROOT: root, PLUGIN_DATA: r.plugin_data }, cwd: s.cwd ?? root });
      if (s.url !== undefined) Object.assign(transport, { url: s.url, http_headers: s.headers ?? null });
      servers.push({ name: s.name, enabled: true, transport });
    }
  }
  print(servers);
} else if (command === "debug prompt-input") {
  const lines = [];
  for (const [name, root, r] of await loadedPlugins())
    for (const s of r.skills) lines.push(`- ${name}:${s.name}: ${s.description ?? ""} (file: ${join(root, s.path ?? `skills/${s.name}/SKILL.md`)})`);
  print([{ type: "message", role: "developer", content: [{ type: "input_text", text: `<skills_instructions>\n${lines.join("\n")}\n</skills_instructions>` }] }]);
} else if (command === "app-server") {
  // the app-server reads the marketplace's copy of a plugin, as Codex's does
  const answer = async (method, params) => {
    if (method === "initialize") return {};
    const enabled = readConfig().plugins ?? {};
    const list = [];
    for (const [mkt, dir, entries] of marketplaces()) {
      const plugins = [];
      for (const entry of entries) {
        const r = await load(resolve(dir, entry.source.path));
        const version = versionFolder(mkt, entry.name);
        const declared =
          r.loaded && Object.keys(r.interface ?? {}).length > 0
            ? r.interface
            : { displayName: entry.name, category: "Other", shortDescription: r.identity?.description ?? null, longDescription: r.identity?.description ?? null };
        plugins.push({
          name: entry.name,
          localVersion: r.identity?.version ?? null,
          installed: version !== undefined,
          enabled: enabled[`${entry.name}@${mkt}`]?.enabled === true,
          interface: r.loaded ? declared : null,
          read: r,
        });
      }
      list.push({ name: mkt, path: manifestOf(dir), plugins });
    }
    if (method === "plugin/list") return { marketplaces: list.map((m) => ({ ...m, plugins: m.plugins.map(({ read, ...p }) => p) })) };
    if (method === "hooks/list") {
      const hooks = [];
      for (const [name, , r] of await loadedPlugins()) {
        const mkt = marketplaces().find(([, , entries]) => entries.some((e) => e.name === name))?.[0];
        for (const h of r.hooks ?? [])
          hooks.push({ eventName: h.event.charAt(0).toLowerCase() + h.event.slice(1), command: h.command, pluginId: `${name}@${mkt}`, source: "plugin" });
      }
      return { data: [{ cwd: params.cwds?.[0] ?? "", hooks, warnings: [], errors: [] }] };
    }
    if (method === "plugin/read") {
      const p = list.find((m) => m.path === params.marketplacePath)?.plugins.find((q) => q.name === params.pluginName);
      if (!p?.read.loaded) throw new Error("missing or invalid plugin.json");
      return { plugin: { description: p.read.identity.description, apps: (p.read.apps ?? []).map((a) => ({ id: a.name, name: a.name })) } };
    }
    throw new Error(`unknown method ${method}`);
  };
  for await (const line of createInterface({ input: process.stdin })) {
    const msg = JSON.parse(line);
    if (typeof msg.id !== "number") continue;
    try {
      process.stdout.write(`${JSON.stringify({ id: msg.id, result: await answer(msg.method, msg.params) })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ id: msg.id, error: { code: -32600, message: error.message } })}\n`);
    }
  }
} else {
  fail(`the stand-in does not implement: ${args.join(" ")}`);
}
