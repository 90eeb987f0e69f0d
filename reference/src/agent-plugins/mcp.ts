// MCP servers (Agent Plugins 1.0.0 §7.2, §9.2): root mcp.json only. A file-level problem
// disables MCP for the plugin; a server-level problem skips that server. Published servers are
// sorted by name, with ${PLUGIN_ROOT}/${PLUGIN_DATA} expanded in args, env values and cwd, a
// plugin-relative command made absolute, and cwd resolved (the plugin root when omitted).

import { isIP } from "node:net";
import { posix } from "node:path";
import type { AgentPluginMcpServer } from "../../../runner/shared/protocol.js";
import { compareUtf8 } from "../manifest-types.js";
import { isWithin, resolveLoosely, resolvePackagePath } from "./containment.js";
import type { Findings, LoaderFinding } from "./diagnostics.js";
import { isJsonObject, readJsonFile, type JsonObject } from "./json-file.js";
import type { SchemaViolation } from "./messages/json.js";
import type { HeaderFlaw, McpServerFinding, McpServerProblem, UrlFlaw } from "./messages/mcp.js";
import { expandPlaceholders, type PlaceholderValues } from "./placeholders.js";
import { schemaViolations } from "./schemas.js";

export const MCP_FILE = "mcp.json";
export const MCP_SCHEMA_1_0_0 = "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json";
/** Recognized mcp.json $schema identifiers → the Agent Plugins version they select. */
export const MCP_SCHEMAS: ReadonlyMap<string, string> = new Map([[MCP_SCHEMA_1_0_0, "1.0.0"]]);
const MCP_KEYS = ["$schema", "mcpServers"];
const REMOTE_TYPES = ["streamable-http", "sse"];

export interface McpContext {
  /** Filesystem-resolved plugin root. */
  rootReal: string;
  /** Filesystem-resolved PLUGIN_DATA (it need not exist). */
  dataReal: string;
  /** The Agent Plugins version plugin.json selected; mcp.json must target the same. */
  specVersion: string;
}

/** Loads the servers of mcp.json; findings go to `findings`. */
export async function loadMcpServers(context: McpContext, findings: Findings): Promise<AgentPluginMcpServer[]> {
  const located = await resolvePackagePath(context.rootReal, MCP_FILE);
  switch (located.kind) {
    case "absent":
      return []; // §6.2
    case "outside":
      findings.add(MCP_FILE, { code: "agent_plugin_path_escapes", kind: "ap-mcp-outside" });
      return [];
    case "unresolvable":
    case "error":
      findings.add(MCP_FILE, { code: "agent_plugin_component_invalid", kind: "ap-mcp-unresolvable", error: located.error });
      return [];
    case "inside":
      if (!located.stats.isFile()) {
        findings.add(MCP_FILE, { code: "agent_plugin_component_invalid", kind: "ap-mcp-not-file" });
        return [];
      }
  }
  const read = await readJsonFile(located.real);
  // Stryker disable next-line ConditionalExpression,BlockStatement: without it read.value is undefined, which the object check below reports with the same code
  if (!read.ok) {
    findings.add(MCP_FILE, { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-unreadable", flaw: read.flaw });
    return [];
  }
  const config = read.value;
  if (!isJsonObject(config)) {
    findings.add(MCP_FILE, { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-not-object", value: config });
    return [];
  }

  // §7.2.1 / §10.1: a recognized $schema of the same version as plugin.json selects the rules.
  const schema = config["$schema"];
  // Stryker disable next-line ConditionalExpression: a Map of string keys has nothing under another type either
  const version = typeof schema === "string" ? MCP_SCHEMAS.get(schema) : undefined;
  if (version !== context.specVersion) {
    findings.add(MCP_FILE, { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-schema-unsupported", schema, version, pluginVersion: context.specVersion });
    return [];
  }
  const problems: LoaderFinding[] = [];
  for (const key of Object.keys(config)) {
    if (!MCP_KEYS.includes(key)) problems.push({ code: "agent_plugin_mcp_invalid", kind: "ap-mcp-key-not-allowed", key });
  }
  const servers = config["mcpServers"];
  // Stryker disable next-line ConditionalExpression: a missing mcpServers, taken for one that is not an object, is reported with the same code
  if (servers === undefined) problems.push({ code: "agent_plugin_mcp_invalid", kind: "ap-mcp-servers-missing" });
  else if (!isJsonObject(servers)) problems.push({ code: "agent_plugin_mcp_invalid", kind: "ap-mcp-servers-not-object", value: servers });
  if (problems.length > 0 || !isJsonObject(servers)) {
    findings.addByPointer(MCP_FILE, problems);
    return [];
  }

  const values: PlaceholderValues = { PLUGIN_ROOT: context.rootReal, PLUGIN_DATA: context.dataReal };
  const published: AgentPluginMcpServer[] = [];
  // Stryker disable next-line MethodExpression: servers are compared as a set (KIT-OP-AP-RESULT); only the order of findings would change
  for (const name of Object.keys(servers).sort(compareUtf8)) {
    const outcome = await checkServer(name, servers[name], context, values);
    if ("server" in outcome) {
      published.push(outcome.server);
      continue;
    }
    for (const problem of outcome.problems) findings.add(MCP_FILE, problem);
  }
  return published;
}

type ServerOutcome = { server: AgentPluginMcpServer } | { problems: McpServerFinding[] };

const serverFinding = (server: string, problem: McpServerProblem): McpServerFinding => ({ code: "agent_plugin_mcp_server_invalid", server, ...problem });

async function checkServer(name: string, entry: unknown, context: McpContext, values: PlaceholderValues): Promise<ServerOutcome> {
  const skip = (found: McpServerProblem): ServerOutcome => ({ problems: [serverFinding(name, found)] });
  if (!isJsonObject(entry)) return skip({ kind: "ap-mcp-server-not-object", value: entry });
  const type = entry["type"];
  // Stryker disable next-line ConditionalExpression: a missing type, taken for an unknown one, skips the server with the same code
  if (type === undefined) return skip({ kind: "ap-mcp-server-type-missing" });
  if (type === "stdio") {
    const violations = schemaViolations("stdioServer", entry);
    return violations.length > 0 ? fieldProblems(name, violations) : checkStdio(name, entry, context, values);
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the remote schema's type enum refuses any other type, with the same code
  if (typeof type === "string" && REMOTE_TYPES.includes(type)) {
    const violations = schemaViolations("remoteServer", entry);
    return violations.length > 0 ? fieldProblems(name, violations) : checkRemote(name, type, entry);
  }
  return skip({ kind: "ap-mcp-server-type-unknown", type });
}

function fieldProblems(name: string, violations: SchemaViolation[]): ServerOutcome {
  return { problems: violations.map((violation) => serverFinding(name, { kind: "ap-mcp-server-field-invalid", violation })) };
}

/** A bare executable name: one token, no path separator, not "." or "..". */
export function isBareCommand(command: string): boolean {
  // Stryker disable next-line ConditionalExpression,StringLiteral: the schema (minLength 1) refuses an empty command before this runs
  if (command === "") return false;
  return command !== "." && command !== ".." && !/[/\\]/.test(command) && !/\s/.test(command);
}

async function checkStdio(name: string, entry: JsonObject, context: McpContext, values: PlaceholderValues): Promise<ServerOutcome> {
  const problems: McpServerFinding[] = [];
  const report = (found: McpServerProblem) => problems.push(serverFinding(name, found));
  const { rootReal, dataReal } = context;

  // command: bare, or "./…" resolved against the plugin root (no expansion, §7.2.1).
  let command = entry["command"] as string;
  if (/\$\{PLUGIN_(?:ROOT|DATA)\}/.test(command)) {
    report({ kind: "ap-mcp-command-placeholder", command });
  } else if (command.startsWith("./")) {
    const absolute = posix.resolve(rootReal, command);
    const real = await resolveLoosely(rootReal + command.slice(1));
    if (absolute === rootReal || real === rootReal) {
      report({ kind: "ap-mcp-command-root", command });
    } else if (!isWithin(rootReal, absolute) || !isWithin(rootReal, real)) {
      report({ kind: "ap-mcp-command-outside", command });
    }
    command = absolute;
  } else if (!isBareCommand(command)) {
    report({ kind: "ap-mcp-command-form", command });
  }

  // cwd: three forms, expanded, then contained in the root or in PLUGIN_DATA.
  let cwd = rootReal;
  const rawCwd = entry["cwd"];
  if (typeof rawCwd === "string") {
    const expanded = expandPlaceholders(rawCwd, values);
    let container: string | undefined;
    let raw = expanded;
    if (rawCwd.startsWith("./")) {
      container = rootReal;
      raw = rootReal + expanded.slice(1);
    } else if (rawCwd === "${PLUGIN_ROOT}" || rawCwd.startsWith("${PLUGIN_ROOT}/")) container = rootReal;
    else if (rawCwd === "${PLUGIN_DATA}" || rawCwd.startsWith("${PLUGIN_DATA}/")) container = dataReal;
    if (container === undefined) {
      report({ kind: "ap-mcp-cwd-form", cwd: rawCwd });
    } else {
      cwd = posix.resolve(raw);
      const real = await resolveLoosely(raw);
      if (!isWithin(container, cwd) || !isWithin(container, real)) {
        // Stryker disable next-line ConditionalExpression,EqualityOperator: which container is named only words the message
        report({ kind: "ap-mcp-cwd-outside", cwd: rawCwd, container: container === rootReal ? "plugin-root" : "plugin-data" });
      }
    }
  }

  // env: the reserved names are the client's (§9.2).
  const env = entry["env"] as Record<string, string> | undefined;
  // Stryker disable next-line MethodExpression: only the order of this server's findings would change
  for (const key of Object.keys(env ?? {}).sort(compareUtf8)) {
    if (key === "PLUGIN_ROOT" || key === "PLUGIN_DATA") {
      report({ kind: "ap-mcp-env-reserved", key });
    }
  }
  if (problems.length > 0) return { problems };

  const server: AgentPluginMcpServer = { name, type: "stdio", command };
  const args = entry["args"] as string[] | undefined;
  if (args !== undefined) server.args = args.map((arg) => expandPlaceholders(arg, values));
  if (env !== undefined) server.env = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, expandPlaceholders(value, values)]));
  server.cwd = cwd;
  return { server };
}

/**
 * Is the URL host, as written (`[…]` for IPv6), exactly localhost or an IP literal in a
 * loopback range (127.0.0.0/8, ::1, IPv4-mapped 127.0.0.0/8)? Numeric forms other than a
 * dotted quad (127.1, 0x7f.1, 2130706433) are not IP literals and do not count.
 */
export function isLoopbackHost(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower === "localhost") return true;
  if (isIP(lower) === 4) return lower.startsWith("127.");
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: authorityHost cuts an unbracketed host at its first ":", so its inner part is never IPv6 below
  if (!(lower.startsWith("[") && lower.endsWith("]"))) return false;
  const inner = lower.slice(1, -1);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: the WHATWG parser already refused a bracketed host that is not IPv6 ("unparsable")
  if (isIP(inner) !== 6) return false;
  let canonical: string;
  try {
    // Stryker disable BlockStatement: the catch block below (a region: a next-line directive here would cover only this line): an IPv6 literal (checked above) always parses
    canonical = new URL(`http://[${inner}]/`).hostname.slice(1, -1); // compressed, lower-case, hex
  } catch {
    // Stryker restore BlockStatement
    // Stryker disable next-line BooleanLiteral: an IPv6 literal (checked above) always parses
    return false;
  }
  return canonical === "::1" || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
}

/** The host part of an authority as written: userinfo, if any, and the port removed. */
function authorityHost(authority: string): string {
  // Stryker disable next-line MethodExpression: urlFlaw refuses an authority with an "@" before it gets here
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  if (hostPort.startsWith("[")) return hostPort.slice(0, hostPort.indexOf("]") + 1);
  const colon = hostPort.indexOf(":");
  return colon === -1 ? hostPort : hostPort.slice(0, colon);
}

/** Why `url` is not an acceptable MCP endpoint (§7.2.1), or undefined. */
export function urlFlaw(url: string): UrlFlaw | undefined {
  // The WHATWG parser forgives what an absolute URL may not hold; refuse that first.
  if (/[\s\\\u0000-\u001f\u007f]/.test(url)) return "blank-or-control";
  if (url.includes("#")) return "fragment";
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url);
  if (scheme === null) return "not-absolute-http";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "unparsable";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "scheme";
  // Stryker disable next-line StringLiteral: split always yields a first element
  const authority = url.slice(scheme[0].length).split(/[/?]/)[0] ?? "";
  // A user name or password needs an "@" in the authority (it ends where WHATWG's does: "\\" and "#" were refused above).
  if (authority.includes("@")) return "userinfo";
  // Stryker disable next-line ConditionalExpression,StringLiteral: WHATWG refuses an http(s) URL with an empty host ("unparsable")
  if (parsed.hostname === "") return "no-host";
  if (parsed.protocol === "http:" && !isLoopbackHost(authorityHost(authority))) return "plain-http";
  return undefined;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^(?:[\x21-\x7e\x80-\xff](?:[\x20\x09\x21-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/;

/** Which part of a header field is not valid HTTP (RFC 9110 §5), or undefined. */
export function headerFlaw(name: string, value: string): HeaderFlaw | undefined {
  if (!TOKEN.test(name)) return "name";
  if (!FIELD_VALUE.test(value)) return "value";
  return undefined;
}

function checkRemote(name: string, type: string, entry: JsonObject): ServerOutcome {
  const problems: McpServerFinding[] = [];
  const report = (found: McpServerProblem) => problems.push(serverFinding(name, found));
  const url = entry["url"] as string;
  const flaw = urlFlaw(url);
  if (flaw !== undefined) report({ kind: "ap-mcp-url-invalid", flaw });
  const headers = entry["headers"] as Record<string, string> | undefined;
  const seen = new Map<string, string>();
  // Stryker disable next-line MethodExpression: only the order of findings and which of two repeated names is "earlier" in a message would change
  for (const header of Object.keys(headers ?? {}).sort(compareUtf8)) {
    // Stryker disable next-line StringLiteral: the schema makes every header value a string
    const fieldFlaw = headerFlaw(header, (headers ?? {})[header] ?? "");
    if (fieldFlaw !== undefined) report({ kind: "ap-mcp-header-invalid", header, flaw: fieldFlaw });
    // Stryker disable next-line MethodExpression: folding to upper case finds the same repeats
    const folded = header.toLowerCase();
    const earlier = seen.get(folded);
    if (earlier !== undefined) report({ kind: "ap-mcp-header-repeated", header, earlier });
    else seen.set(folded, header);
  }
  if (problems.length > 0) return { problems };
  const server: AgentPluginMcpServer = { name, type, url };
  // Stryker disable next-line ConditionalExpression: no headers and an empty headers object mean the same
  if (headers !== undefined) server.headers = { ...headers };
  return { server };
}
