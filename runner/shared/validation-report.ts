// Report schema 1 of Portable Agent Packages draft 0.1: what `plugin validate --json` prints.
// Field names follow the published reference implementation (see SPEC.md "Validator report").
// Consumers must ignore unknown fields and tolerate unknown enum values, so the
// string unions below are open (`| string`) where the draft may grow.

export type DiagnosticPhase = "package_contract" | "member_resolution" | "dependency_resolution" | (string & {});

export type DiagnosticSeverity = "error" | "warning" | (string & {});

export interface ReportDiagnostic {
  code: string;
  phase: DiagnosticPhase;
  severity: DiagnosticSeverity;
  /** Path relative to the validated source, "/"-separated ("" for the source itself). */
  path: string;
  message: string;
  /** papc extension: JSON Pointer into the decoded manifest, for structural findings. */
  pointer?: string;
}

export interface ReportMember {
  plugin: string;
  ref: string;
  requirement: string;
  status: "resolved" | "missing" | "unavailable_external" | "ambiguous" | (string & {});
  detail: string;
}

export interface ReportProvider {
  provider: string;
  baseline: string;
  scope: string;
  status: "not_applicable" | "supported" | "unsupported" | (string & {});
  unsupported_hooks: string[];
}

export interface ReportPackage {
  source_id: string;
  source_ref: string;
  slot_name: string;
  id: string | null;
  description: string | null;
  version: string | null;
  path: string;
  manifest_file: string;
  members: Record<string, unknown>[];
  tools: Record<string, unknown>[];
  hooks: Record<string, unknown>[];
  requires: Record<string, unknown>[];
  provider_overlays: string[];
  package_hash: string | null;
}

export interface ValidationReport {
  schema_version: 1;
  profile: string;
  source_path: string;
  valid: boolean;
  package_contract: { valid: boolean; diagnostics: ReportDiagnostic[] };
  members: ReportMember[];
  dependencies: Record<string, unknown>[];
  providers: ReportProvider[];
  execution_authorization: { status: string; check: string; detail: string };
  packages: ReportPackage[];
  diagnostics: ReportDiagnostic[];
  /** papc extension: verdict of the JSON Schema layer alone over every discovered manifest. */
  structural?: "accept" | "reject";
}
