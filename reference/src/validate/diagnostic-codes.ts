// The validator's diagnostic codes and, fixed once per code, their phase and severity (SPEC.md
// 4.4; reference/test/diagnostic-codes.test.ts checks this table against SPEC.md's). A finding
// names its code, where it is and what it says; the phase and severity come from here.

import type { ReportDiagnostic } from "../../../runner/shared/validation-report.js";
import { type Problem, render } from "./messages/index.js";

/** `"required"`: an error when the unresolved member or dependency is required, else a warning. */
type CodeSeverity = "error" | "warning" | "required";

export const DIAGNOSTIC_CODES = {
  invalid_plugin_package: { phase: "package_contract", severity: "error" },
  unsafe_plugin_package_entry: { phase: "package_contract", severity: "error" },
  duplicate_plugin_stable_id: { phase: "package_contract", severity: "error" },
  unreadable_plugin_path: { phase: "package_contract", severity: "error" },
  unsupported_active_component_schema: { phase: "package_contract", severity: "error" },
  no_plugin_packages: { phase: "package_contract", severity: "error" },
  invalid_source_path: { phase: "package_contract", severity: "error" },
  invalid_source_id: { phase: "package_contract", severity: "error" },
  unresolved_member: { phase: "member_resolution", severity: "required" },
  source_malformed_frontmatter: { phase: "member_resolution", severity: "warning" },
  source_invalid_slot_name: { phase: "member_resolution", severity: "warning" },
  source_skipped_symlink: { phase: "member_resolution", severity: "warning" },
  source_unreadable_path: { phase: "member_resolution", severity: "warning" },
  unresolved_dependency: { phase: "dependency_resolution", severity: "required" },
  required_dependency_cycle: { phase: "dependency_resolution", severity: "error" },
} as const satisfies Record<string, { phase: ReportDiagnostic["phase"]; severity: CodeSeverity }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** One finding: what was found (its code, kind and values) and the report path it is on (relative to the source). */
export interface Finding {
  path: string;
  problem: Problem;
  /** For unresolved_member and unresolved_dependency: whether the reference is required. */
  required?: boolean;
}

/** The report's diagnostic for a finding: the phase and severity its code fixes, the wording messages/ gives it. */
export function diagnostic(finding: Finding): ReportDiagnostic {
  const { code } = finding.problem;
  const { phase, severity } = DIAGNOSTIC_CODES[code];
  const { message, pointer } = render(finding.problem);
  const reported: ReportDiagnostic = { code, phase, severity: severity === "required" ? (finding.required ? "error" : "warning") : severity, path: finding.path, message };
  if (pointer !== undefined) reported.pointer = pointer;
  return reported;
}
