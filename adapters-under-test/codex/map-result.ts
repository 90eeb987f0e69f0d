// What Codex showed → the protocol's AgentPluginLoadResult. Only observed facts go in:
// - hooks: app-server `hooks/list`, the hooks Codex will run, those whose pluginId is this plugin.
//   Codex 0.147.0 loads no hooks from an Agent Plugins package at all (however declared), while
//   the same hooks file in a Codex-format plugin is listed there and runs (FINDINGS.md, "Hooks").
// - apps: app-server `plugin/read` apps (empty for an Agent Plugins package, for the same reason).
// - diagnostics: left out, with the reason in `unobserved`: Codex reports loader problems only as
//   free-text log lines, for some problems only, and the runner then skips a case that checks them.

import { isAbsolute, relative, sep } from "node:path";
import type { AgentPluginHook, AgentPluginLoadResult, AgentPluginMcpServer, AgentPluginSkill } from "../../runner/shared/protocol.js";
import type { AppServerView } from "./app-server.js";
import type { Profile } from "../shared/profiles.js";
import { isRecord, realOrSame } from "../shared/values.js";
import type { ListedPlugin, McpListed, PromptSkill } from "./observe.js";

export interface Observation {
  profile: Profile;
  /** `<plugin>@<marketplace>`, as hooks/list names a plugin's hooks. */
  pluginId: string;
  /** install: `codex plugin add` succeeded; loader: the package was written into the cache. */
  installed: boolean;
  /** The installed root: `installedPath` of `codex plugin add`, or the folder the loader profile wrote. */
  installedPath?: string;
  /** The plugin as `codex plugin list --json --available` shows it. */
  listed?: ListedPlugin;
  mcp: McpListed[];
  skills: PromptSkill[];
  appServer: AppServerView;
  /** The one folder under $CODEX_HOME/plugins/data/agent-plugins, if exactly one exists. */
  dataDir?: string;
}

/**
 * Whether Codex accepted the package. install: `codex plugin add` installed it and `plugin list`
 * shows it installed and enabled (the installer validates the manifest). loader: `plugin list`
 * shows it installed and enabled, and either its skills or servers appear, or the app-server
 * parsed its manifest: Codex shows whether it accepted a manifest only there, and the app-server
 * reads the marketplace's copy, which the loader profile keeps identical to the cache's.
 */
function isLoaded(o: Observation): boolean {
  const enabled = o.installed && o.listed !== undefined && o.listed.installed && o.listed.enabled;
  if (o.profile === "install") return enabled;
  const exposed = o.skills.length > 0 || o.mcp.some((s) => s.enabled);
  return enabled && (exposed || o.appServer.detail !== undefined);
}

export function mapResult(o: Observation): AgentPluginLoadResult {
  const loaded = isLoaded(o);
  const root = o.installedPath === undefined ? undefined : realOrSame(o.installedPath);
  const result: AgentPluginLoadResult = {
    loaded,
    identity: null,
    skills: o.skills.map((s) => skill(s, root)),
    mcp_servers: o.mcp.filter((s) => s.enabled).map(server),
  };
  if (root !== undefined) result.plugin_root = root;
  const data = dataDirectory(o);
  if (data !== undefined) result.plugin_data = data;
  result.hooks = pluginHooks(o.appServer.hooks, o.pluginId);
  // a package Codex did not accept has no plugin/read detail: nothing of it is published
  result.apps = loaded ? appNames(o.appServer.detail) : [];
  result.unobserved = { diagnostics: DIAGNOSTICS_UNOBSERVED };
  if (!loaded || o.listed === undefined) {
    // refused by the installer, or in the cache but not accepted: Codex shows no interface for it
    // (the app-server's `interface` is null)
    result.interface = {};
    return result;
  }

  // identity: the name `plugin list` shows; the version the app-server reports as `localVersion`
  // (plugin.json's own version, null when absent: the CLI's `version` is the cache folder's name,
  // "1.0.0" by default, so it is not used); the description plugin/read parsed from plugin.json (null when absent).
  const summary = o.appServer.summary;
  const detail = o.appServer.detail;
  const version = summary?.["localVersion"];
  const description = detail?.["description"];
  result.identity = {
    name: o.listed.name,
    version: typeof version === "string" ? version : null,
    description: typeof description === "string" ? description : null,
  };

  const iface = summary?.["interface"];
  if (isRecord(iface)) result.interface = vendorInterface(iface, result.identity.name, result.identity.description);
  return result;
}

export const DIAGNOSTICS_UNOBSERVED =
  "Codex reports loader problems only as free-text log lines (app-server stderr with RUST_LOG=warn), for some problems only, never as codes with a path";

/** `preToolUse` → `PreToolUse`: hooks/list names events in camelCase. */
function eventName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function pluginHooks(hooks: Record<string, unknown>[], pluginId: string): AgentPluginHook[] {
  return hooks
    .filter((h) => h["pluginId"] === pluginId && typeof h["eventName"] === "string")
    .map((h) => (typeof h["command"] === "string" ? { event: eventName(String(h["eventName"])), command: h["command"] } : { event: eventName(String(h["eventName"])) }));
}

function appNames(detail: Record<string, unknown> | undefined): { name: string }[] {
  const apps = detail?.["apps"];
  return Array.isArray(apps) ? apps.filter(isRecord).map((a) => ({ name: String(a["name"] ?? a["id"]) })) : [];
}

function skill(s: PromptSkill, root: string | undefined): AgentPluginSkill {
  const out: AgentPluginSkill = { name: s.name };
  if (s.description !== "") out.description = s.description;
  if (s.file !== undefined && root !== undefined && isAbsolute(s.file)) {
    const rel = relative(root, realOrSame(s.file));
    if (rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)) out.path = rel.split(sep).join("/");
  }
  return out;
}

const TRANSPORT_TYPES: Record<string, string> = { stdio: "stdio", streamable_http: "streamable-http", sse: "sse" };

/**
 * One server as `codex mcp list --json` shows it. env is reported as Codex will start the server:
 * Codex adds PLUGIN_ROOT and PLUGIN_DATA to every plugin stdio server's env on its own.
 * Headers: Codex prints `http_headers` but never an Authorization header (it keeps that as a
 * bearer token it does not print), so an Authorization header cannot be reported.
 */
function server(s: McpListed): AgentPluginMcpServer {
  const t = s.transport;
  const rawType = typeof t["type"] === "string" ? t["type"] : "unknown";
  const out: AgentPluginMcpServer = { name: s.name, type: TRANSPORT_TYPES[rawType] ?? rawType };
  if (typeof t["command"] === "string") out.command = t["command"];
  if (Array.isArray(t["args"])) out.args = t["args"].map(String);
  if (isRecord(t["env"])) out.env = Object.fromEntries(Object.entries(t["env"]).map(([k, v]) => [k, String(v)]));
  if (typeof t["cwd"] === "string") out.cwd = t["cwd"];
  if (typeof t["url"] === "string") out.url = t["url"];
  if (isRecord(t["http_headers"])) out.headers = Object.fromEntries(Object.entries(t["http_headers"]).map(([k, v]) => [k, String(v)]));
  return out;
}

function dataDirectory(o: Observation): string | undefined {
  if (o.dataDir !== undefined) return realOrSame(o.dataDir);
  for (const s of o.mcp) {
    const env = s.transport["env"];
    if (isRecord(env) && typeof env["PLUGIN_DATA"] === "string") return env["PLUGIN_DATA"];
  }
  return undefined;
}

/**
 * The app-server's PluginInterface without its empty fields (null, []). When a package declares
 * no interface (or `{}`), Codex synthesizes exactly {displayName: <name>, shortDescription and
 * longDescription: <description>, category: "Other"} (those two absent without a description);
 * that default is not vendor metadata, so it maps to {} ("none applies"). A declared interface
 * identical to that default cannot be told apart and also reads as {}.
 */
export function vendorInterface(iface: Record<string, unknown>, name: string, description: string | null): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(iface).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)));
  const synthesized: Record<string, unknown> = { displayName: name, category: "Other" };
  if (description !== null) {
    synthesized["shortDescription"] = description;
    synthesized["longDescription"] = description;
  }
  const keys = Object.keys(kept);
  const isDefault = keys.length === Object.keys(synthesized).length && keys.every((k) => kept[k] === synthesized[k]);
  return isDefault ? {} : kept;
}
