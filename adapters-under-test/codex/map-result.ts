// What Codex showed → the protocol's AgentPluginLoadResult. Only observed facts go in; what Codex
// cannot show offline is left out (the runner then reports a case that checks it as skip):
// - hooks: neither `hooks/list` nor `plugin/read` shows hooks from extensions.com.openai.hooks,
//   com.openai/hooks/hooks.json or .codex-plugin hooks (observed empty), so `hooks` is omitted
//   for an installed package (for a refused one nothing was installed: hooks and apps are []).
// - apps: `plugin/read` apps and `app/list` stay empty without a ChatGPT account: omitted.
// - diagnostics: Codex reports problems only as free-text log lines (app-server stderr with
//   RUST_LOG=warn), and silently for many (a SKILL.md that is a directory, a mismatched skill
//   name); a partial list would fail cases Codex handles correctly, so `diagnostics` is omitted.

import { realpathSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import type { AgentPluginLoadResult, AgentPluginMcpServer, AgentPluginSkill } from "../../runner/src/types/protocol.js";
import type { AppServerView } from "./app-server.js";
import type { ListedPlugin, McpListed, PromptSkill } from "./observe.js";

export interface Observation {
  /** `codex plugin add` succeeded. */
  installed: boolean;
  /** Its `installedPath`, when it succeeded. */
  installedPath?: string;
  /** The plugin as `codex plugin list --json --available` shows it. */
  listed?: ListedPlugin;
  mcp: McpListed[];
  skills: PromptSkill[];
  appServer: AppServerView;
  /** The one folder under $CODEX_HOME/plugins/data/agent-plugins, if exactly one exists. */
  dataDir?: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export function mapResult(o: Observation): AgentPluginLoadResult {
  // loaded: Codex installed it and lists it as installed and enabled
  const loaded = o.installed && o.listed !== undefined && o.listed.installed && o.listed.enabled;
  const root = o.installedPath === undefined ? undefined : real(o.installedPath);
  const result: AgentPluginLoadResult = {
    loaded,
    identity: null,
    skills: o.skills.map((s) => skill(s, root)),
    mcp_servers: o.mcp.filter((s) => s.enabled).map(server),
  };
  if (root !== undefined) result.plugin_root = root;
  const data = dataDirectory(o);
  if (data !== undefined) result.plugin_data = data;
  if (!o.installed) {
    // A package `codex plugin add` refused was never copied into CODEX_HOME and has no entry in
    // its config: nothing of it exists for Codex to publish, so no hooks and no apps, observed as
    // such (not assumed). The app-server shows `interface: null` for it: none applies.
    return { ...result, hooks: [], apps: [], interface: {} };
  }
  if (!loaded || o.listed === undefined) {
    // installed but not listed as installed and enabled: Codex shows no interface for it
    result.interface = {};
    return result;
  }

  // identity: the name `plugin list` shows; the version the app-server reports as `localVersion`
  // (plugin.json's own version, null when absent: the CLI's `version` falls back to "1.0.0", its
  // cache key, so it is not used); the description plugin/read parsed from plugin.json (null when absent).
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

function skill(s: PromptSkill, root: string | undefined): AgentPluginSkill {
  const out: AgentPluginSkill = { name: s.name };
  if (s.description !== "") out.description = s.description;
  if (s.file !== undefined && root !== undefined && isAbsolute(s.file)) {
    const rel = relative(root, real(s.file));
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
  if (o.dataDir !== undefined) return real(o.dataDir);
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
