// Assembly of report schema 1 (field names as in the published reference, see SPEC.md).
// validate.ts decides what was found; this module only shapes it.

import { createHash } from "node:crypto";
import type { ReportDiagnostic, ReportPackage, ReportProvider, ValidationReport } from "../../runner/src/types/validation-report.js";
import type { DiscoveredPackage } from "./discovery.js";
import type { JsonObject, JsonValue } from "./manifest-decode.js";

export const PROFILE = "portable-agent-packages/0.1";

/** Pinned provider baselines of draft 0.1 (report names, not protocol names). */
export const PROVIDER_BASELINES = [
  { provider: "claude", baseline: "2.1.233" },
  { provider: "codex", baseline: "0.147.0" },
] as const;

const EXECUTION_AUTHORIZATION = {
  status: "never_granted",
  check: "not_applicable",
  detail: "author validation has no trust store and never executes package code",
};

export type Verdict = "accept" | "reject";

/** A package whose manifest decoded (it may still have failed the schema). */
export interface DecodedPackage {
  discovered: DiscoveredPackage;
  bytes: Buffer;
  manifest: JsonObject;
  structurallyValid: boolean;
}

export interface ReportInput {
  sourcePath: string;
  sourceId: string;
  packages: DecodedPackage[];
  /** Diagnostics of phase package_contract (the only phase in this slice). */
  contractDiagnostics: ReportDiagnostic[];
  structural: Verdict;
}

function utf8Compare(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, "utf8"), Buffer.from(right, "utf8"));
}

/** Report order: path, phase, code, message (byte order, as the published reference sorts). */
export function compareDiagnostics(left: ReportDiagnostic, right: ReportDiagnostic): number {
  return (
    utf8Compare(left.path, right.path) ||
    utf8Compare(left.phase, right.phase) ||
    utf8Compare(left.code, right.code) ||
    utf8Compare(left.message, right.message)
  );
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOrNull(value: JsonValue | undefined): string | null {
  return typeof value === "string" ? value : null;
}

function arrayOrEmpty(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** The table entries of an array; a schema-invalid manifest may hold anything else there. */
function tablesIn(value: JsonValue | undefined): JsonObject[] {
  return arrayOrEmpty(value).filter(isObject);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function packageEntry(sourceId: string, decoded: DecodedPackage): ReportPackage {
  const { manifest, discovered } = decoded;
  const plugin = isObject(manifest["plugin"]) ? manifest["plugin"] : {};
  const providers = manifest["providers"];
  return {
    source_id: sourceId,
    source_ref: `${sourceId}:${discovered.name}`,
    slot_name: discovered.name,
    id: stringOrNull(plugin["id"]),
    description: stringOrNull(plugin["description"]),
    version: stringOrNull(plugin["version"]),
    path: discovered.path,
    manifest_file: discovered.manifestPath,
    members: tablesIn(plugin["members"]),
    tools: tablesIn(manifest["tool"]),
    hooks: tablesIn(manifest["hook"]),
    requires: tablesIn(plugin["requires"]),
    // Overlay values are inert adapter data (possibly secrets): only their names are reported.
    provider_overlays: isObject(providers) ? Object.keys(providers).sort(utf8Compare) : [],
    package_hash: sha256Hex(decoded.bytes),
  };
}

/** Hook support per provider. For now: not_applicable without hooks, else supported. */
export function providerStatuses(packages: DecodedPackage[]): ReportProvider[] {
  const hasHooks = packages.some((entry) => entry.structurallyValid && arrayOrEmpty(entry.manifest["hook"]).length > 0);
  return PROVIDER_BASELINES.map(({ provider, baseline }) => ({
    provider,
    baseline,
    scope: "hooks",
    status: hasHooks ? "supported" : "not_applicable",
    unsupported_hooks: [],
  }));
}

export function buildReport(input: ReportInput): ValidationReport {
  const contractDiagnostics = [...input.contractDiagnostics].sort(compareDiagnostics);
  const contractValid = contractDiagnostics.length === 0;
  return {
    schema_version: 1,
    profile: PROFILE,
    source_path: input.sourcePath,
    valid: contractValid && input.packages.length > 0,
    package_contract: { valid: contractValid, diagnostics: contractDiagnostics },
    members: [],
    dependencies: [],
    providers: providerStatuses(input.packages),
    execution_authorization: { ...EXECUTION_AUTHORIZATION },
    packages: input.packages.map((entry) => packageEntry(input.sourceId, entry)),
    // Later phases (member and dependency resolution) add their diagnostics here too.
    diagnostics: [...contractDiagnostics],
    structural: input.structural,
  };
}
