// MCP servers (Agent Plugins 1.0.0 §7.2, §9.2): root mcp.json only. A file-level problem
// disables MCP for the plugin; a server-level problem skips that server. Published servers are
// sorted by name, with ${PLUGIN_ROOT}/${PLUGIN_DATA} expanded in args, env values and cwd, a
// plugin-relative command made absolute, and cwd resolved (the plugin root when omitted).

import { isIP } from "node:net";
import { posix } from "node:path";
import type { AgentPluginMcpServer } from "../../../runner/shared/protocol.js";
import { escapeSegment } from "../json-pointer.js";
import { compareUtf8 } from "../manifest-types.js";
import { isWithin, resolveLoosely, resolvePackagePath } from "./containment.js";
import type { Findings } from "./diagnostics.js";
import { isJsonObject, jsonType, readJsonFile, type JsonObject } from "./json-file.js";
import { expandPlaceholders, type PlaceholderValues } from "./placeholders.js";
import { comparePointers, schemaProblems } from "./schemas.js";

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
  const at = (pointer?: string) => (pointer === undefined ? { path: MCP_FILE } : { path: MCP_FILE, pointer });
  const located = await resolvePackagePath(context.rootReal, MCP_FILE);
  switch (located.kind) {
    case "absent":
      return []; // §6.2
    case "outside":
      findings.add("agent_plugin_path_escapes", "mcp.json resolves outside the plugin root; MCP is disabled", at());
      return [];
    case "unresolvable":
    case "error":
      findings.add("agent_plugin_component_invalid", `mcp.json does not resolve to a regular file (${located.message}); MCP is disabled`, at());
      return [];
    case "inside":
      if (!located.stats.isFile()) {
        findings.add("agent_plugin_component_invalid", "mcp.json is not a regular file; MCP is disabled", at());
        return [];
      }
  }
  const read = await readJsonFile(located.real);
  if (!read.ok) {
    findings.add("agent_plugin_mcp_invalid", `mcp.json: ${read.message}; MCP is disabled`, at());
    return [];
  }
  const config = read.value;
  if (!isJsonObject(config)) {
    findings.add("agent_plugin_mcp_invalid", `mcp.json holds ${jsonType(config)}, not a JSON object; MCP is disabled`, at());
    return [];
  }

  // §7.2.1 / §10.1: a recognized $schema of the same version as plugin.json selects the rules.
  const schema = config["$schema"];
  const version = typeof schema === "string" ? MCP_SCHEMAS.get(schema) : undefined;
  if (version === undefined || version !== context.specVersion) {
    const what =
      schema === undefined
        ? "is missing"
        : typeof schema !== "string"
          ? `is ${jsonType(schema)}, not a string`
          : version === undefined
            ? `${JSON.stringify(schema)} is not a supported Agent Plugins version`
            : `targets Agent Plugins ${version}, plugin.json targets ${context.specVersion}`;
    findings.add("agent_plugin_mcp_invalid", `$schema ${what}; MCP is disabled`, at("/$schema"));
    return [];
  }
  const problems: { pointer: string; message: string }[] = [];
  for (const key of Object.keys(config)) {
    if (!MCP_KEYS.includes(key)) problems.push({ pointer: "/" + escapeSegment(key), message: `top-level key ${JSON.stringify(key)} is not allowed` });
  }
  const servers = config["mcpServers"];
  if (servers === undefined) problems.push({ pointer: "/mcpServers", message: "mcpServers is required" });
  else if (!isJsonObject(servers)) problems.push({ pointer: "/mcpServers", message: `mcpServers is ${jsonType(servers)}, not an object` });
  if (problems.length > 0 || !isJsonObject(servers)) {
    problems.sort((left, right) => comparePointers(left.pointer, right.pointer));
    for (const problem of problems) findings.add("agent_plugin_mcp_invalid", `${problem.message}; MCP is disabled`, at(problem.pointer));
    return [];
  }

  const values: PlaceholderValues = { PLUGIN_ROOT: context.rootReal, PLUGIN_DATA: context.dataReal };
  const published: AgentPluginMcpServer[] = [];
  for (const name of Object.keys(servers).sort(compareUtf8)) {
    const base = "/mcpServers/" + escapeSegment(name);
    const outcome = await checkServer(name, servers[name], base, context, values);
    if ("server" in outcome) {
      published.push(outcome.server);
      continue;
    }
    for (const problem of outcome.problems) {
      findings.add("agent_plugin_mcp_server_invalid", `server ${JSON.stringify(name)}: ${problem.message}; the server was skipped`, at(problem.pointer));
    }
  }
  return published;
}

type ServerOutcome = { server: AgentPluginMcpServer } | { problems: { pointer: string; message: string }[] };

async function checkServer(name: string, entry: unknown, base: string, context: McpContext, values: PlaceholderValues): Promise<ServerOutcome> {
  if (!isJsonObject(entry)) return { problems: [{ pointer: base, message: `the entry is ${jsonType(entry)}, not an object` }] };
  const type = entry["type"];
  if (type === undefined) return { problems: [{ pointer: `${base}/type`, message: "type is required" }] };
  if (type === "stdio") {
    const problems = schemaProblems("stdioServer", entry, base);
    return problems.length > 0 ? { problems } : checkStdio(name, entry, base, context, values);
  }
  if (typeof type === "string" && REMOTE_TYPES.includes(type)) {
    const problems = schemaProblems("remoteServer", entry, base);
    return problems.length > 0 ? { problems } : checkRemote(name, type, entry, base);
  }
  return { problems: [{ pointer: `${base}/type`, message: `type ${JSON.stringify(type)} is not one of "stdio", "streamable-http", "sse"` }] };
}

/** A bare executable name: one token, no path separator, not "." or "..". */
export function isBareCommand(command: string): boolean {
  return command !== "" && command !== "." && command !== ".." && !/[/\\]/.test(command) && !/\s/.test(command);
}

async function checkStdio(name: string, entry: JsonObject, base: string, context: McpContext, values: PlaceholderValues): Promise<ServerOutcome> {
  const problems: { pointer: string; message: string }[] = [];
  const { rootReal, dataReal } = context;

  // command: bare, or "./…" resolved against the plugin root (no expansion, §7.2.1).
  let command = entry["command"] as string;
  if (/\$\{PLUGIN_(?:ROOT|DATA)\}/.test(command)) {
    problems.push({ pointer: `${base}/command`, message: `command ${JSON.stringify(command)} uses a placeholder; placeholders are not expanded in command (use a "./" path)` });
  } else if (command.startsWith("./")) {
    const absolute = posix.resolve(rootReal, command);
    const real = await resolveLoosely(rootReal + command.slice(1));
    if (absolute === rootReal || real === rootReal) {
      problems.push({ pointer: `${base}/command`, message: `command ${JSON.stringify(command)} names the plugin root itself, not a file in it` });
    } else if (!isWithin(rootReal, absolute) || !isWithin(rootReal, real)) {
      problems.push({ pointer: `${base}/command`, message: `command ${JSON.stringify(command)} resolves outside the plugin root` });
    }
    command = absolute;
  } else if (!isBareCommand(command)) {
    problems.push({ pointer: `${base}/command`, message: `command ${JSON.stringify(command)} is neither a bare executable name nor a plugin-relative path beginning with "./"` });
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
      problems.push({
        pointer: `${base}/cwd`,
        message: `cwd ${JSON.stringify(rawCwd)} must begin with "./", or be "\${PLUGIN_ROOT}" or "\${PLUGIN_DATA}" or begin with one of them and "/"`,
      });
    } else {
      cwd = posix.resolve(raw);
      const real = await resolveLoosely(raw);
      if (!isWithin(container, cwd) || !isWithin(container, real)) {
        const where = container === rootReal ? "the plugin root" : "the plugin data directory";
        problems.push({ pointer: `${base}/cwd`, message: `cwd ${JSON.stringify(rawCwd)} resolves outside ${where}` });
      }
    }
  }

  // env: the reserved names are the client's (§9.2).
  const env = entry["env"] as Record<string, string> | undefined;
  for (const key of Object.keys(env ?? {}).sort(compareUtf8)) {
    if (key === "PLUGIN_ROOT" || key === "PLUGIN_DATA") {
      problems.push({ pointer: `${base}/env/${escapeSegment(key)}`, message: `env may not set ${key}; the client supplies it` });
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
  if (!(lower.startsWith("[") && lower.endsWith("]"))) return false;
  const inner = lower.slice(1, -1);
  if (isIP(inner) !== 6) return false;
  let canonical: string;
  try {
    canonical = new URL(`http://[${inner}]/`).hostname.slice(1, -1); // compressed, lower-case, hex
  } catch {
    return false;
  }
  return canonical === "::1" || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
}

/** The host part of an authority as written: userinfo, if any, and the port removed. */
function authorityHost(authority: string): string {
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  if (hostPort.startsWith("[")) return hostPort.slice(0, hostPort.indexOf("]") + 1);
  const colon = hostPort.indexOf(":");
  return colon === -1 ? hostPort : hostPort.slice(0, colon);
}

/** Why `url` is not an acceptable MCP endpoint (§7.2.1), or undefined. */
export function urlProblem(url: string): string | undefined {
  // The WHATWG parser forgives what an absolute URL may not hold; refuse that first.
  if (/[\s\\\u0000-\u001f\u007f]/.test(url)) return "must not contain whitespace, control characters or backslashes";
  if (url.includes("#")) return "must not contain a fragment";
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url);
  if (scheme === null) return "must be an absolute http:// or https:// URL";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not a valid URL";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "must use http or https";
  const authority = url.slice(scheme[0].length).split(/[/?]/)[0] ?? "";
  if (authority.includes("@") || parsed.username !== "" || parsed.password !== "") return "must not contain user information";
  if (parsed.hostname === "") return "must name a host";
  if (parsed.protocol === "http:" && !isLoopbackHost(authorityHost(authority))) return "must use https unless the host is localhost or a loopback IP address";
  return undefined;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^(?:[\x21-\x7e\x80-\xff](?:[\x20\x09\x21-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/;

/** Why a header field is not a valid HTTP field (RFC 9110 §5), or undefined. */
export function headerProblem(name: string, value: string): string | undefined {
  if (!TOKEN.test(name)) return `header name ${JSON.stringify(name)} is not a valid HTTP field name`;
  if (!FIELD_VALUE.test(value)) return `header ${JSON.stringify(name)} has a value that is not a valid HTTP field value`;
  return undefined;
}

function checkRemote(name: string, type: string, entry: JsonObject, base: string): ServerOutcome {
  const problems: { pointer: string; message: string }[] = [];
  const url = entry["url"] as string;
  const problem = urlProblem(url);
  if (problem !== undefined) problems.push({ pointer: `${base}/url`, message: `url ${problem}` });
  const headers = entry["headers"] as Record<string, string> | undefined;
  const seen = new Map<string, string>();
  for (const key of Object.keys(headers ?? {}).sort(compareUtf8)) {
    const pointer = `${base}/headers/${escapeSegment(key)}`;
    const fieldProblem = headerProblem(key, (headers ?? {})[key] ?? "");
    if (fieldProblem !== undefined) problems.push({ pointer, message: fieldProblem });
    const folded = key.toLowerCase();
    const earlier = seen.get(folded);
    if (earlier !== undefined) problems.push({ pointer, message: `header ${JSON.stringify(key)} repeats ${JSON.stringify(earlier)} in another casing` });
    else seen.set(folded, key);
  }
  if (problems.length > 0) return { problems };
  const server: AgentPluginMcpServer = { name, type, url };
  if (headers !== undefined) server.headers = { ...headers };
  return { server };
}
