// Parsers for what Claude Code prints. Each takes text and returns plain data; none of them knows
// the protocol's result shape (map-result.ts does).

import { isRecord } from "../shared/values.js";

export interface ListedPlugin {
  /** `<name>@<marketplace>`, `<name>@inline` for --plugin-dir, `inline[<n>]` for one that failed to load. */
  id: string;
  version: string | null;
  enabled: boolean;
  /** The servers' configurations as the plugin declares them (not expanded), by server name. */
  mcpServers: Record<string, Record<string, unknown>>;
  errors: string[];
}

export class ParseError extends Error {}

/** `claude plugin list --json`. */
export function parsePluginList(stdout: string): ListedPlugin[] {
  let v: unknown;
  try {
    v = JSON.parse(stdout);
  } catch {
    throw new ParseError(`claude plugin list --json did not print JSON: ${stdout.slice(0, 200)}`);
  }
  if (!Array.isArray(v)) throw new ParseError("claude plugin list --json printed no array");
  return v.filter(isRecord).map((p) => ({
    id: String(p["id"] ?? ""),
    version: typeof p["version"] === "string" ? p["version"] : null,
    enabled: p["enabled"] === true,
    mcpServers: isRecord(p["mcpServers"]) ? (Object.fromEntries(Object.entries(p["mcpServers"]).filter(([, s]) => isRecord(s))) as Record<string, Record<string, unknown>>) : {},
    errors: Array.isArray(p["errors"]) ? p["errors"].map(String) : [],
  }));
}

/** How many hooks the session registered: the debug log's last "Registered N hooks from M plugins". */
export function registeredHooks(debugLog: string): number {
  const all = [...debugLog.matchAll(/Registered (\d+) hooks from \d+ plugins?/g)];
  const last = all[all.length - 1];
  return last ? Number(last[1]) : 0;
}

/** The hook events `claude plugin details` lists: "  Hooks (2)  PreToolUse, PostToolUse  (harness-only …)". */
export function detailsHookEvents(stdout: string): string[] {
  const line = /^\s*Hooks \((\d+)\)\s*(.*)$/m.exec(stdout);
  if (!line) throw new ParseError(`claude plugin details printed no "Hooks (n)" line: ${stdout.slice(0, 300)}`);
  const names = (line[2] ?? "").replace(/\s+\(.*\)\s*$/, "").trim();
  return names === "" ? [] : names.split(/,\s*/);
}
