// Assembly of report schema 1 (SPEC.md chapter 4; field names as in the published reference).
// validate.ts decides what was found; this module only shapes and orders it.

import { createHash } from "node:crypto";
import type { ReportDiagnostic, ReportMember, ReportPackage, ReportProvider, ValidationReport } from "../../../runner/shared/validation-report.js";
import type { DiscoveredPackage } from "./discovery.js";
import { compareUtf8, type ManifestV1 } from "../manifest-types.js";
import { EXECUTION_AUTHORIZATION_DETAIL } from "./messages/source.js";

export const PROFILE = "portable-agent-packages/0.1";

const EXECUTION_AUTHORIZATION = {
  status: "never_granted",
  check: "not_applicable",
  detail: EXECUTION_AUTHORIZATION_DETAIL,
};

export type Verdict = "accept" | "reject";

export interface ReportInput {
  sourcePath: string;
  /** Manifests discovery found (valid or not). */
  discovered: number;
  /** Records of the valid packages. */
  packages: ReportPackage[];
  /** Every diagnostic of every phase, in any order. */
  diagnostics: ReportDiagnostic[];
  members: ReportMember[];
  dependencies: ReportMember[];
  providers: ReportProvider[];
  structural: Verdict;
}

/** Report order: path, phase, code, message (byte order, as the published reference sorts). */
export function compareDiagnostics(left: ReportDiagnostic, right: ReportDiagnostic): number {
  return compareUtf8(left.path, right.path) || compareUtf8(left.phase, right.phase) || compareUtf8(left.code, right.code) || compareUtf8(left.message, right.message);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export interface PackageRecordInput {
  sourceId: string;
  discovered: DiscoveredPackage;
  bytes: Buffer;
  manifest: ManifestV1;
  members: Record<string, unknown>[];
  requires: Record<string, unknown>[];
  tools: Record<string, unknown>[];
  hooks: Record<string, unknown>[];
}

export function packageRecord(input: PackageRecordInput): ReportPackage {
  const { manifest, discovered, sourceId } = input;
  const providers = manifest.providers;
  return {
    source_id: sourceId,
    source_ref: `${sourceId}:${discovered.name}`,
    slot_name: discovered.name,
    id: manifest.plugin.id ?? null,
    description: manifest.plugin.description,
    version: manifest.plugin.version ?? null,
    path: discovered.path,
    manifest_file: discovered.manifestPath,
    members: input.members,
    tools: input.tools,
    hooks: input.hooks,
    requires: input.requires,
    // Overlay values are inert adapter data (possibly secrets): only their names are reported.
    provider_overlays: providers ? Object.keys(providers).sort(compareUtf8) : [],
    // papc: the manifest bytes, until the package-tree walk supplies the whole tree.
    package_hash: sha256Hex(input.bytes),
  };
}

export function buildReport(input: ReportInput): ValidationReport {
  const diagnostics = [...input.diagnostics].sort(compareDiagnostics);
  const contractDiagnostics = diagnostics.filter((diagnostic) => diagnostic.phase === "package_contract");
  const hasError = diagnostics.some((diagnostic) => diagnostic.severity === "error");
  return {
    schema_version: 1,
    profile: PROFILE,
    source_path: input.sourcePath,
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a source without packages always carries the no_plugin_packages error
    valid: input.discovered > 0 && !hasError,
    package_contract: { valid: contractDiagnostics.length === 0, diagnostics: contractDiagnostics },
    members: input.members,
    dependencies: input.dependencies.map((entry) => ({ ...entry })),
    providers: input.providers,
    execution_authorization: { ...EXECUTION_AUTHORIZATION },
    // discovery (discovery.ts) already lists packages in byte order of their directory names
    packages: input.packages,
    diagnostics,
    structural: input.structural,
  };
}
