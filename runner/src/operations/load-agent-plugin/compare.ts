// Compares a load-agent-plugin case's expectations (SPEC 1.8) with what the loader published.
// Names are compared as sorted multisets; server patterns by their named fields after
// `{plugin_root}`/`{plugin_data}` are replaced with the result's own paths. A field the case
// checks but the result leaves out (hooks, apps, interface, diagnostics, or the paths a pattern
// needs) is not a difference: it is listed as unobserved, and the case is then a skip
// (KIT-AP-UNOBSERVED), never a pass.

import type { AgentPluginExpectation, DiagnosticsExpectation, McpServerPattern } from "../../types/case.js";
import type { AgentPluginLoadResult, AgentPluginOptionalField } from "../../../shared/protocol.js";
import type { DiffLine } from "../../types/run-report.js";
import { compareDiagnostics } from "../validate/compare.js";
import { diffField } from "../../compare/diff-lines.js";
import { pathDiff } from "../../compare/path-diff.js";

export interface AgentPluginComparison {
  diff: DiffLine[];
  /** Result fields the case checks that the implementation did not report, with its reason when it gave one ("diagnostics (why)"). */
  unobserved: string[];
}

type Expectation = AgentPluginExpectation & { diagnostics?: DiagnosticsExpectation };

export function compareAgentPlugin(expect: Expectation, result: AgentPluginLoadResult): AgentPluginComparison {
  const diff: DiffLine[] = [];
  const unobserved: string[] = [];
  const field = (path: string, expected: unknown, actual: unknown): void => {
    diff.push(...pathDiff(path, expected, actual));
  };
  const names = (path: string, expected: string[], actual: string[]): void => {
    const want = [...expected].sort();
    const got = [...actual].sort();
    if (JSON.stringify(want) !== JSON.stringify(got)) diff.push(...diffField(path, want, got));
  };

  const missing = (key: AgentPluginOptionalField): void => {
    const why = result.unobserved?.[key];
    const label = why === undefined ? key : `${key} (${why})`;
    if (!unobserved.includes(label)) unobserved.push(label);
  };

  if (expect.loaded !== undefined) field("loaded", expect.loaded, result.loaded);
  if (expect.identity !== undefined) field("identity", expect.identity, result.identity);
  if (expect.skills)
    names(
      "skills",
      expect.skills,
      result.skills.map((s) => s.name),
    );
  if (expect.mcp_servers) {
    names(
      "mcp_servers",
      expect.mcp_servers.map((s) => (typeof s === "string" ? s : s.name)),
      result.mcp_servers.map((s) => s.name),
    );
    for (const pattern of expect.mcp_servers) {
      if (typeof pattern === "string") continue;
      const actual = result.mcp_servers.find((s) => s.name === pattern.name);
      if (!actual) continue; // already a difference in the names
      const expanded = expandPattern(pattern, result);
      if (typeof expanded === "string") missing(expanded);
      else field(`mcp_servers[${pattern.name}]`, expanded, actual);
    }
  }
  const optional = <K extends "hooks" | "apps" | "interface" | "diagnostics">(key: K): AgentPluginLoadResult[K] | undefined => {
    if (result[key] === undefined) missing(key);
    return result[key];
  };
  if (expect.hooks) {
    const hooks = optional("hooks");
    if (hooks)
      names(
        "hooks",
        expect.hooks,
        hooks.map((h) => h.event),
      );
  }
  if (expect.apps) {
    const apps = optional("apps");
    if (apps)
      names(
        "apps",
        expect.apps,
        apps.map((a) => a.name),
      );
  }
  if (expect.interface) {
    const meta = optional("interface");
    if (meta) {
      // `interface: {}` states that no vendor interface applies at all
      if (Object.keys(expect.interface).length === 0) {
        if (Object.keys(meta).length > 0) diff.push(...diffField("interface", {}, meta));
      } else field("interface", expect.interface, meta);
    }
  }
  if (expect.diagnostics) {
    const found = optional("diagnostics");
    if (found) diff.push(...compareDiagnostics(expect.diagnostics, found));
  }
  return { diff, unobserved };
}

const PLACEHOLDERS = { "{plugin_root}": "plugin_root", "{plugin_data}": "plugin_data" } as const;

/** The pattern with `{plugin_root}`/`{plugin_data}` replaced, or the name of the result field it needs but lacks. */
function expandPattern(pattern: McpServerPattern, result: AgentPluginLoadResult): McpServerPattern | "plugin_root" | "plugin_data" {
  let missing: "plugin_root" | "plugin_data" | undefined;
  const expand = (text: string): string =>
    text.replace(/\{plugin_root\}|\{plugin_data\}/g, (token) => {
      const key = PLACEHOLDERS[token as keyof typeof PLACEHOLDERS];
      const value = result[key];
      if (value === undefined) missing = key;
      return value ?? token;
    });
  const expanded = JSON.parse(JSON.stringify(pattern), (_key, value: unknown) => (typeof value === "string" ? expand(value) : value)) as McpServerPattern;
  return missing ?? expanded;
}
