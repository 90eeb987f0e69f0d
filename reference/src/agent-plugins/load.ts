// Loading one Agent Plugins 1.0 package (the load-agent-plugin operation): root plugin.json
// first (§5.1), and only when it is accepted, skills (§7.1), MCP servers (§7.2) and the
// com.openai overlay (§8). Pure reading: no package code runs, nothing is fetched, and
// PLUGIN_DATA is chosen and reported but never created. The same tree always gives the same
// result: skills and servers sorted by name, diagnostics in a fixed order (manifest, skills,
// MCP, vendor; within each, by name or pointer).

import { realpath, stat } from "node:fs/promises";
import { posix, resolve } from "node:path";
import type { AgentPluginLoadResult } from "../../../runner/shared/protocol.js";
import { errorText } from "../wording.js";
import { resolveLoosely } from "./containment.js";
import { Findings } from "./diagnostics.js";
import { MANIFEST_FILE, readManifest } from "./manifest.js";
import { loadMcpServers } from "./mcp.js";
import { discoverSkills } from "./skill-discovery.js";
import { applyOpenAiOverlay } from "./vendor-openai.js";

export type { AgentPluginLoadResult };

export interface LoadOptions {
  /** The plugin root (the directory holding plugin.json). */
  pluginRoot: string;
  /** The directory PLUGIN_DATA directories live in: PLUGIN_DATA = <dataRoot>/<plugin name>. */
  dataRoot: string;
}

/** The result for a plugin that was not loaded. */
function rejected(findings: Findings, pluginRoot?: string): AgentPluginLoadResult {
  return {
    loaded: false,
    identity: null,
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: only server patterns use plugin_root, and a rejected package has no servers
    ...(pluginRoot === undefined ? {} : { plugin_root: pluginRoot }),
    skills: [],
    mcp_servers: [],
    hooks: [],
    apps: [],
    interface: {},
    diagnostics: findings.list,
  };
}

export async function loadAgentPlugin(options: LoadOptions): Promise<AgentPluginLoadResult> {
  const findings = new Findings();
  let rootReal: string;
  let isDirectory: boolean;
  try {
    rootReal = await realpath(resolve(options.pluginRoot));
    // Stryker disable BlockStatement: the catch block: without it isDirectory stays undefined and the next check reports the same code
    isDirectory = (await stat(rootReal)).isDirectory();
  } catch (error) {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_missing", kind: "ap-root-unreadable", root: options.pluginRoot, error: errorText(error) });
    return rejected(findings);
  }
  // Stryker restore BlockStatement
  // Stryker disable next-line ConditionalExpression,BlockStatement: plugin.json below a file is absent, which readManifest reports with the same code
  if (!isDirectory) {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_missing", kind: "ap-root-not-directory", root: options.pluginRoot });
    return rejected(findings);
  }

  const manifest = await readManifest(rootReal, findings);
  if (manifest === undefined) return rejected(findings, rootReal);

  // §9.1: the client chooses PLUGIN_DATA; the reference's is <dataRoot>/<name>, resolved as
  // far as it exists (it is not created here).
  const dataReal = await resolveLoosely(posix.join(resolve(options.dataRoot), manifest.name));

  const skills = await discoverSkills(rootReal, findings);
  const mcpServers = await loadMcpServers({ rootReal, dataReal, specVersion: manifest.specVersion }, findings);
  const overlay = await applyOpenAiOverlay(rootReal, manifest, findings);

  return {
    loaded: true,
    identity: { name: manifest.name, version: manifest.version, description: manifest.description },
    plugin_root: rootReal,
    plugin_data: dataReal,
    skills,
    mcp_servers: mcpServers,
    hooks: overlay.hooks,
    apps: overlay.apps,
    interface: overlay.interface,
    diagnostics: findings.list,
  };
}
