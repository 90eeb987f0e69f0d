// Findings about root mcp.json and its servers (reference/src/agent-plugins/mcp.ts; Agent
// Plugins 1.0.0 §7.2, §9.2). Their path is mcp.json. A file-level finding disables MCP for the
// plugin; a server-level one (agent_plugin_mcp_server_invalid) skips that server.

import { pointerFrom } from "../../messages/json-pointer.js";
import { type JsonFlaw, jsonFlawText, jsonTypeText, type SchemaViolation, violationText } from "./json.js";
import { type Messages, phrase, quote, type Rendered } from "./wording.js";

/** Why a remote server's url is not an acceptable MCP endpoint (mcp.ts urlFlaw). */
export type UrlFlaw = "blank-or-control" | "fragment" | "not-absolute-http" | "unparsable" | "scheme" | "userinfo" | "no-host" | "plain-http";

/** Which part of a header is not a valid HTTP field (mcp.ts headerFlaw). */
export type HeaderFlaw = "name" | "value";

/** The directory a stdio server's cwd must stay in: the plugin root or PLUGIN_DATA. */
export type CwdContainer = "plugin-root" | "plugin-data";

type FileFinding =
  | { code: "agent_plugin_path_escapes"; kind: "ap-mcp-outside" }
  | { code: "agent_plugin_component_invalid"; kind: "ap-mcp-unresolvable"; error: string }
  | { code: "agent_plugin_component_invalid"; kind: "ap-mcp-not-file" }
  | { code: "agent_plugin_mcp_invalid"; kind: "ap-mcp-unreadable"; flaw: JsonFlaw }
  | { code: "agent_plugin_mcp_invalid"; kind: "ap-mcp-not-object"; value: unknown }
  /** `schema`: the $schema value (undefined when absent); `version`: the version it selects, if any; `pluginVersion`: the one plugin.json selected. */
  | { code: "agent_plugin_mcp_invalid"; kind: "ap-mcp-schema-unsupported"; schema: unknown; version: string | undefined; pluginVersion: string }
  | { code: "agent_plugin_mcp_invalid"; kind: "ap-mcp-key-not-allowed"; key: string }
  | { code: "agent_plugin_mcp_invalid"; kind: "ap-mcp-servers-missing" }
  | { code: "agent_plugin_mcp_invalid"; kind: "ap-mcp-servers-not-object"; value: unknown };

/** A problem of one server entry (mcp.ts checkServer), without the server it is about. */
export type McpServerProblem =
  | { kind: "ap-mcp-server-not-object"; value: unknown }
  | { kind: "ap-mcp-server-type-missing" }
  | { kind: "ap-mcp-server-type-unknown"; type: unknown }
  /** A schema violation, its pointer relative to the server entry. */
  | { kind: "ap-mcp-server-field-invalid"; violation: SchemaViolation }
  | { kind: "ap-mcp-command-placeholder"; command: string }
  | { kind: "ap-mcp-command-root"; command: string }
  | { kind: "ap-mcp-command-outside"; command: string }
  | { kind: "ap-mcp-command-form"; command: string }
  | { kind: "ap-mcp-cwd-form"; cwd: string }
  | { kind: "ap-mcp-cwd-outside"; cwd: string; container: CwdContainer }
  | { kind: "ap-mcp-env-reserved"; key: string }
  | { kind: "ap-mcp-url-invalid"; flaw: UrlFlaw }
  | { kind: "ap-mcp-header-invalid"; header: string; flaw: HeaderFlaw }
  | { kind: "ap-mcp-header-repeated"; header: string; earlier: string };

/** A problem of one server entry; `server` is its name in mcpServers. */
export type McpServerFinding = { code: "agent_plugin_mcp_server_invalid"; server: string } & McpServerProblem;

export type McpFinding = FileFinding | McpServerFinding;

function unsupportedSchema(f: Extract<FileFinding, { kind: "ap-mcp-schema-unsupported" }>): string {
  if (f.schema === undefined) return "is missing";
  if (typeof f.schema !== "string") return `is ${jsonTypeText(f.schema)}, not a string`;
  if (f.version === undefined) return `${quote(f.schema)} is not a supported Agent Plugins version`;
  return `targets Agent Plugins ${f.version}, plugin.json targets ${f.pluginVersion}`;
}

const URL_FLAWS: Record<UrlFlaw, string> = {
  "blank-or-control": "must not contain whitespace, control characters or backslashes",
  fragment: "must not contain a fragment",
  "not-absolute-http": "must be an absolute http:// or https:// URL",
  unparsable: "is not a valid URL",
  scheme: "must use http or https",
  userinfo: "must not contain user information",
  "no-host": "must name a host",
  "plain-http": "must use https unless the host is localhost or a loopback IP address",
};

const HEADER_FLAWS: Record<HeaderFlaw, (header: string) => string> = {
  name: (header) => `header name ${quote(header)} is not a valid HTTP field name`,
  value: (header) => `header ${quote(header)} has a value that is not a valid HTTP field value`,
};

const CONTAINERS: Record<CwdContainer, string> = { "plugin-root": "the plugin root", "plugin-data": "the plugin data directory" };

/** A file-level finding: MCP is disabled for the plugin. */
const disabled = (message: string, pointer?: string): Rendered => ({ message: `${message}; MCP is disabled`, ...(pointer === undefined ? {} : { pointer }) });

/** A server-level finding at `segments` below the server's entry: the server is skipped. */
function skipped(server: string, message: string, ...segments: string[]): Rendered {
  return { message: `server ${quote(server)}: ${message}; the server was skipped`, pointer: pointerFrom(["mcpServers", server, ...segments]) };
}

export const MCP_MESSAGES: Messages<McpFinding> = {
  "ap-mcp-outside": () => disabled("mcp.json resolves outside the plugin root"),
  "ap-mcp-unresolvable": (f) => disabled(`mcp.json does not resolve to a regular file (${f.error})`),
  "ap-mcp-not-file": () => disabled("mcp.json is not a regular file"),
  "ap-mcp-unreadable": (f) => disabled(`mcp.json: ${jsonFlawText(f.flaw)}`),
  "ap-mcp-not-object": (f) => disabled(`mcp.json holds ${jsonTypeText(f.value)}, not a JSON object`),
  "ap-mcp-schema-unsupported": (f) => disabled(`$schema ${unsupportedSchema(f)}`, "/$schema"),
  "ap-mcp-key-not-allowed": (f) => disabled(`top-level key ${quote(f.key)} is not allowed`, pointerFrom([f.key])),
  "ap-mcp-servers-missing": () => disabled("mcpServers is required", "/mcpServers"),
  "ap-mcp-servers-not-object": (f) => disabled(`mcpServers is ${jsonTypeText(f.value)}, not an object`, "/mcpServers"),
  "ap-mcp-server-not-object": (f) => skipped(f.server, `the entry is ${jsonTypeText(f.value)}, not an object`),
  "ap-mcp-server-type-missing": (f) => skipped(f.server, "type is required", "type"),
  "ap-mcp-server-type-unknown": (f) => skipped(f.server, `type ${quote(f.type)} is not one of "stdio", "streamable-http", "sse"`, "type"),
  "ap-mcp-server-field-invalid": (f) => {
    const pointer = pointerFrom(["mcpServers", f.server]) + f.violation.pointer;
    return { message: `server ${quote(f.server)}: ${violationText(f.violation, pointer)}; the server was skipped`, pointer };
  },
  "ap-mcp-command-placeholder": (f) => skipped(f.server, `command ${quote(f.command)} uses a placeholder; placeholders are not expanded in command (use a "./" path)`, "command"),
  "ap-mcp-command-root": (f) => skipped(f.server, `command ${quote(f.command)} names the plugin root itself, not a file in it`, "command"),
  "ap-mcp-command-outside": (f) => skipped(f.server, `command ${quote(f.command)} resolves outside the plugin root`, "command"),
  "ap-mcp-command-form": (f) => skipped(f.server, `command ${quote(f.command)} is neither a bare executable name nor a plugin-relative path beginning with "./"`, "command"),
  "ap-mcp-cwd-form": (f) => skipped(f.server, `cwd ${quote(f.cwd)} must begin with "./", or be "\${PLUGIN_ROOT}" or "\${PLUGIN_DATA}" or begin with one of them and "/"`, "cwd"),
  "ap-mcp-cwd-outside": (f) => skipped(f.server, `cwd ${quote(f.cwd)} resolves outside ${phrase(CONTAINERS, f.container)}`, "cwd"),
  "ap-mcp-env-reserved": (f) => skipped(f.server, `env may not set ${f.key}; the client supplies it`, "env", f.key),
  "ap-mcp-url-invalid": (f) => skipped(f.server, `url ${phrase(URL_FLAWS, f.flaw)}`, "url"),
  "ap-mcp-header-invalid": (f) => skipped(f.server, phrase(HEADER_FLAWS, f.flaw)(f.header), "headers", f.header),
  "ap-mcp-header-repeated": (f) => skipped(f.server, `header ${quote(f.header)} repeats ${quote(f.earlier)} in another casing`, "headers", f.header),
};
