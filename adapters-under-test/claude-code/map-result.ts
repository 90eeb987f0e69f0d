// What Claude Code showed → the protocol's AgentPluginLoadResult. Only observed facts go in; what
// Claude Code has no way to show is left out, with the reason in `unobserved`:
// - interface, apps: Claude Code has neither (it implements no `extensions` namespace);
// - diagnostics: it reports problems as free text (plugin list `errors`, its debug log), and not at
//   all for most of what Agent Plugins 1.0 asks to report;
// - hooks, when the handlers' events are ambiguous: `plugin details` names the events, the debug
//   log counts the handlers, nothing says which handler belongs to which event.

import type { AgentPluginHook, AgentPluginLoadResult, AgentPluginMcpServer, AgentPluginSkill } from "../../runner/shared/protocol.js";
import type { Profile } from "../shared/profiles.js";
import { isRecord, realOrSame } from "../shared/values.js";
import type { SessionView } from "./control-session.js";
import type { ListedPlugin } from "./observe.js";

export interface Observation {
  profile: Profile;
  /** install: `claude plugin install` succeeded; loader: there is no installer. */
  installed: boolean;
  /** The plugin's name as Claude Code calls it (the part of its id before "@"). */
  pluginName: string;
  /** Its entry in `claude plugin list --json`. */
  listed?: ListedPlugin;
  session: SessionView;
  /** Hook events from `plugin details` and the handler count from the debug log. */
  hooks: { events: string[]; registered: number };
  /** The session's working directory: where Claude Code starts a stdio server. */
  sessionCwd: string;
  /** The plugin's data folder, if the session created one. */
  dataDir?: string;
}

export const UNOBSERVED = {
  interface: "Claude Code has no vendor interface metadata: it implements no `extensions` namespace",
  apps: "Claude Code has no plugin apps",
  diagnostics: "Claude Code reports loader problems only as free text (plugin list errors, its debug log), and not at all for most of what Agent Plugins 1.0 asks to report",
} as const;

function records(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

export function mapResult(o: Observation): AgentPluginLoadResult {
  const plugin = records(o.session.reload["plugins"]).find((p) => p["name"] === o.pluginName);
  const loaded = o.installed && o.listed !== undefined && o.listed.enabled && o.listed.errors.length === 0 && plugin !== undefined;
  const result: AgentPluginLoadResult = {
    loaded,
    identity: null,
    skills: skills(o),
    mcp_servers: servers(o),
    unobserved: { ...UNOBSERVED },
  };
  const hooks = hookList(o.hooks);
  if (typeof hooks === "string") result.unobserved = { ...result.unobserved, hooks };
  else result.hooks = hooks;
  if (plugin !== undefined && typeof plugin["path"] === "string") result.plugin_root = realOrSame(plugin["path"]);
  if (o.dataDir !== undefined) result.plugin_data = realOrSame(o.dataDir);
  if (loaded && o.listed !== undefined) {
    // Claude Code reads no root plugin.json at load: a version comes only from the install
    // record (root plugin.json's `version` at install time; "unknown" without one, and always
    // with --plugin-dir), and no description is shown anywhere
    result.identity = { name: o.pluginName, version: o.listed.version === "unknown" ? null : o.listed.version, description: null };
  }
  return result;
}

function skills(o: Observation): AgentPluginSkill[] {
  const prefix = `${o.pluginName}:`;
  return records(o.session.initialize["commands"])
    .filter((c) => typeof c["name"] === "string" && c["name"].startsWith(prefix))
    .map((c) => {
      const skill: AgentPluginSkill = { name: String(c["name"]).slice(prefix.length) };
      const description = typeof c["description"] === "string" ? c["description"].replace(`(${o.pluginName}) `, "") : "";
      if (description !== "") skill.description = description;
      return skill;
    });
}

const TRANSPORT: Record<string, string> = { stdio: "stdio", http: "streamable-http", sse: "sse" };

/**
 * The plugin's servers as `mcp_status` shows them (command, args, url and headers after Claude
 * Code's own expansion), with `env` as `plugin list` shows it (Claude Code prints no expanded env
 * without starting the server) and `cwd` the session's: Claude Code drops a server's `cwd` and
 * starts it where the session runs.
 */
function servers(o: Observation): AgentPluginMcpServer[] {
  const prefix = `plugin:${o.pluginName}:`;
  return records(o.session.mcpStatus["mcpServers"])
    .filter((s) => typeof s["name"] === "string" && s["name"].startsWith(prefix))
    .map((s) => {
      const name = String(s["name"]).slice(prefix.length);
      const config = isRecord(s["config"]) ? s["config"] : {};
      const type = typeof config["type"] === "string" ? config["type"] : "stdio";
      const out: AgentPluginMcpServer = { name, type: TRANSPORT[type] ?? type };
      if (typeof config["command"] === "string") out.command = config["command"];
      if (Array.isArray(config["args"])) out.args = config["args"].map(String);
      const declared = o.listed?.mcpServers[name]?.["env"];
      if (isRecord(declared)) out.env = Object.fromEntries(Object.entries(declared).map(([k, v]) => [k, String(v)]));
      if (out.type === "stdio") out.cwd = o.sessionCwd;
      if (typeof config["url"] === "string") out.url = config["url"];
      if (isRecord(config["headers"])) out.headers = Object.fromEntries(Object.entries(config["headers"]).map(([k, v]) => [k, String(v)]));
      return out;
    });
}

/** One hook per handler when the events and the count say it unambiguously, else why not. */
function hookList(h: { events: string[]; registered: number }): AgentPluginHook[] | string {
  if (h.registered === 0) return [];
  if (h.events.length === h.registered) return h.events.map((event) => ({ event }));
  if (h.events.length === 1) return Array.from({ length: h.registered }, () => ({ event: h.events[0]! }));
  return `Claude Code shows a plugin's hook events (plugin details: ${h.events.join(", ") || "none"}) and how many handlers it registered (debug log: ${h.registered}), not which event each handler belongs to`;
}
