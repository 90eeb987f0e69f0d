// Diagnostic codes of the load-agent-plugin operation and a collector for them. A code's
// severity is fixed: "error" means something was rejected or skipped, "warning" that it was
// reported and ignored. The modules that find a problem build a typed finding (its code, its
// kind and the values it is about, messages/) and say which file it is in, relative to the
// plugin root (POSIX); messages/ words it, with a JSON Pointer into that file when it is about
// a value.

import type { AgentPluginDiagnostic } from "../../../runner/shared/protocol.js";
import { type LoaderFinding, render } from "./messages/index.js";
import { comparePointers } from "./schemas.js";

export type { LoaderFinding };

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
} as const satisfies Record<LoaderFinding["code"], AgentPluginDiagnostic["severity"]>;

export type AgentPluginCode = keyof typeof SEVERITY;

function diagnostic(path: string, finding: LoaderFinding): AgentPluginDiagnostic {
  const { message, pointer } = render(finding, path);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: a diagnostic's pointer is never compared (KIT-OP-AP-RESULT: code, path, severity)
  const at = pointer === undefined ? {} : { pointer };
  return { code: finding.code, severity: SEVERITY[finding.code], path, ...at, message };
}

/** Collects findings in the order they are made (callers make them in a deterministic order). */
export class Findings {
  readonly list: AgentPluginDiagnostic[] = [];

  /** A finding about the file at `path` (relative to the plugin root). */
  add(path: string, finding: LoaderFinding): void {
    this.list.push(diagnostic(path, finding));
  }

  /** Findings about the file at `path`, in the order of their pointers (equal pointers keep their order). */
  addByPointer(path: string, found: readonly LoaderFinding[]): void {
    const diagnostics = found.map((finding) => diagnostic(path, finding));
    // Stryker disable next-line MethodExpression,ArrowFunction,LogicalOperator,StringLiteral: diagnostics are compared as a set, never in order (KIT-OP-AP-RESULT); every finding given here has a pointer
    diagnostics.sort((left, right) => comparePointers(left.pointer ?? "", right.pointer ?? ""));
    this.list.push(...diagnostics);
  }
}
