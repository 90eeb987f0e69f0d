// Diagnostic codes of the load-agent-plugin operation and a collector for them. A code's
// severity is fixed: "error" means something was rejected or skipped, "warning" that it was
// reported and ignored. Paths are relative to the plugin root (POSIX), pointers are JSON
// Pointers into the file at `path`.

import type { AgentPluginDiagnostic } from "../../../runner/shared/protocol.js";

export const SEVERITY = {
  agent_plugin_manifest_missing: "error",
  agent_plugin_manifest_malformed: "error",
  agent_plugin_unsupported_version: "error",
  agent_plugin_manifest_invalid: "error",
  agent_plugin_unknown_key: "warning",
  agent_plugin_extensions_invalid: "warning",
  agent_plugin_component_invalid: "error",
  agent_plugin_path_escapes: "error",
  agent_plugin_skill_invalid: "error",
  agent_plugin_mcp_invalid: "error",
  agent_plugin_mcp_server_invalid: "error",
  agent_plugin_vendor_override_ignored: "warning",
  agent_plugin_vendor_invalid: "error",
} as const satisfies Record<string, AgentPluginDiagnostic["severity"]>;

export type AgentPluginCode = keyof typeof SEVERITY;

/** Where a finding is: a file relative to the plugin root and, optionally, a value in it. */
export interface Place {
  path?: string;
  pointer?: string;
}

/** Collects findings in the order they are made (callers make them in a deterministic order). */
export class Findings {
  readonly list: AgentPluginDiagnostic[] = [];

  add(code: AgentPluginCode, message: string, place: Place = {}): void {
    this.list.push({
      code,
      severity: SEVERITY[code],
      ...(place.path === undefined ? {} : { path: place.path }),
      ...(place.pointer === undefined ? {} : { pointer: place.pointer }),
      message,
    });
  }
}
