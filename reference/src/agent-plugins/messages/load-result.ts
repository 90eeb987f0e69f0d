// The human-readable form of a load result (pap-reference agent-plugin load without --json):
// wording only, like the rest of this folder (no case reads it; cases compare the JSON result).

import type { AgentPluginLoadResult } from "../../../../runner/shared/protocol.js";

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function loadResultText(result: AgentPluginLoadResult, shownRoot: string): string {
  const lines: string[] = [];
  const root = result.plugin_root ?? shownRoot;
  if (result.loaded && result.identity !== null) {
    const { name, version } = result.identity;
    lines.push(`${root}: loaded ${name}${version === null ? "" : ` ${version}`} (${plural(result.skills.length, "skill")}, ${plural(result.mcp_servers.length, "MCP server")})`);
    if (result.plugin_data !== undefined) lines.push(`  PLUGIN_DATA ${result.plugin_data}`);
    for (const skill of result.skills) lines.push(`  skill ${skill.name}${skill.path === undefined ? "" : ` (${skill.path})`}`);
    for (const server of result.mcp_servers) {
      const target = server.type === "stdio" ? [server.command ?? "", ...(server.args ?? [])].join(" ") : (server.url ?? "");
      lines.push(`  mcp ${server.name} [${server.type}] ${target}`);
    }
    for (const hook of result.hooks ?? []) lines.push(`  hook ${hook.event}: ${hook.command ?? ""}`);
    for (const app of result.apps ?? []) lines.push(`  app ${app.name}`);
    if (result.interface !== undefined && Object.keys(result.interface).length > 0) lines.push(`  interface ${JSON.stringify(result.interface)}`);
  } else {
    lines.push(`${root}: not loaded`);
  }
  for (const diagnostic of result.diagnostics ?? []) {
    const where = `${diagnostic.path ?? "."}${diagnostic.pointer === undefined ? "" : `#${diagnostic.pointer}`}`;
    lines.push(`${where}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`);
  }
  return lines.join("\n") + "\n";
}
