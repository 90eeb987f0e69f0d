// `plugin validate`: discovery → read and decode under the limits → JSON Schema → report.
// Semantic rules (name = directory, containment, references, hook combinations, …) plug in
// after the structural step; each adds diagnostics, none changes the steps before it.

import type { Stats } from "node:fs";
import { lstat } from "node:fs/promises";
import type { ValidateResult } from "../../runner/src/types/protocol.js";
import type { ReportDiagnostic, ValidationReport } from "../../runner/src/types/validation-report.js";
import { discoverPackages, type DiscoveredPackage } from "./discovery.js";
import { decodeManifest, readManifestBytes, type DecodeFailure, type JsonObject } from "./manifest-decode.js";
import { buildReport, type DecodedPackage, type Verdict } from "./report.js";
import { checkStructure, type StructuralError } from "./structural.js";

export const DEFAULT_SOURCE_ID = "validation";

/** Exit codes of the draft 0.1 validator CLI contract. */
export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

export interface ValidateOptions {
  sourceId?: string;
}

/** The `validate` operation result, with the structural verdict always present. */
export interface ReferenceValidateResult extends ValidateResult {
  structural: Verdict;
}

const MAX_SOURCE_ID_BYTES = 128;

/** Source ids as the published reference accepts them: [A-Za-z0-9._-], 1-128, not "." or "..". */
export function sourceIdProblem(sourceId: string): string | undefined {
  if (sourceId.length === 0 || sourceId.length > MAX_SOURCE_ID_BYTES || sourceId === "." || sourceId === "..") {
    return `source id must be 1-${MAX_SOURCE_ID_BYTES} characters and not "." or ".."`;
  }
  if (!/^[A-Za-z0-9._-]+$/.test(sourceId)) return "source id may contain only ASCII letters, digits, '.', '_' and '-'";
  return undefined;
}

function contractError(code: string, path: string, message: string, pointer?: string): ReportDiagnostic {
  const diagnostic: ReportDiagnostic = { code, phase: "package_contract", severity: "error", path, message };
  if (pointer !== undefined) diagnostic.pointer = pointer;
  return diagnostic;
}

function decodeDiagnostic(pkg: DiscoveredPackage, failure: DecodeFailure): ReportDiagnostic {
  const code = failure.kind === "unreadable" ? "unreadable_plugin_path" : "invalid_plugin_package";
  return contractError(code, pkg.manifestPath, failure.message, failure.pointer);
}

/**
 * An exit-2 outcome (missing source directory, bad source id). The CLI contract only fixes
 * the exit code; a report is still returned so the protocol reply and `--json` stay uniform.
 */
function usageFailure(sourcePath: string, sourceId: string, code: string, message: string): ReferenceValidateResult {
  const report = buildReport({
    sourcePath,
    sourceId,
    packages: [],
    contractDiagnostics: [contractError(code, "", message)],
    structural: "accept",
  });
  return { exit: EXIT.usage, report, structural: "accept" };
}

export async function validate(sourcePath: string, options: ValidateOptions = {}): Promise<ReferenceValidateResult> {
  const sourceId = options.sourceId ?? DEFAULT_SOURCE_ID;
  const idProblem = sourceIdProblem(sourceId);
  // papc codes, not in the published list: that reference reports these as usage errors only.
  if (idProblem) return usageFailure(sourcePath, sourceId, "invalid_source_id", `--source-id ${JSON.stringify(sourceId)}: ${idProblem}`);

  let stats: Stats | undefined;
  try {
    stats = await lstat(sourcePath);
  } catch {
    stats = undefined;
  }
  if (!stats || !stats.isDirectory()) {
    return usageFailure(sourcePath, sourceId, "invalid_source_path", `source path ${JSON.stringify(sourcePath)} must be an existing directory (not a symlink)`);
  }

  const discovery = await discoverPackages(sourcePath);
  const diagnostics: ReportDiagnostic[] = discovery.findings.map((f) => contractError(f.code, f.path, f.message));
  const decoded: DecodedPackage[] = [];
  let structural: Verdict = "accept";

  for (const pkg of discovery.packages) {
    const read = await readManifestBytes(pkg.manifestFile);
    if (!read.ok) {
      // An unreadable file never reached the decoder: that says nothing about its structure.
      if (read.failure.kind !== "unreadable") structural = "reject";
      diagnostics.push(decodeDiagnostic(pkg, read.failure));
      continue;
    }
    const result = decodeManifest(read.bytes);
    if (!result.ok) {
      structural = "reject";
      diagnostics.push(decodeDiagnostic(pkg, result.failure));
      continue;
    }
    const errors = checkStructure(result.manifest);
    if (errors.length > 0) structural = "reject";
    for (const error of errors) {
      diagnostics.push(contractError(schemaErrorCode(error, result.manifest), pkg.manifestPath, error.message, error.pointer));
    }
    decoded.push({ discovered: pkg, bytes: read.bytes, manifest: result.manifest, structurallyValid: errors.length === 0 });
  }

  // As in the published reference: "no packages" only when nothing else explains the emptiness.
  if (decoded.length === 0 && diagnostics.length === 0) {
    diagnostics.push(contractError("no_plugin_packages", "", "source contains no plugins/<name>/PLUGIN.toml package"));
  }

  const report = buildReport({ sourcePath, sourceId, packages: decoded, contractDiagnostics: diagnostics, structural });
  return { exit: exitFor(report), report, structural };
}

const DESCRIPTOR_VERSION = /^\/(tool|hook)\/(\d+)\/schema_version$/;

/**
 * A tool or hook descriptor whose schema_version is an integer other than 1 is a descriptor
 * version this consumer does not support (published reference's code); anything else the
 * schema refuses is an invalid package.
 */
function schemaErrorCode(error: StructuralError, manifest: JsonObject): string {
  const m = DESCRIPTOR_VERSION.exec(error.pointer);
  if (m && error.keyword === "const") {
    const list = manifest[m[1] as string];
    const entry = Array.isArray(list) ? list[Number(m[2])] : undefined;
    const version = entry && typeof entry === "object" && !Array.isArray(entry) ? (entry as JsonObject)["schema_version"] : undefined;
    if (Number.isInteger(version)) return "unsupported_active_component_schema";
  }
  return "invalid_plugin_package";
}

export function exitFor(report: ValidationReport): number {
  return report.valid ? EXIT.valid : EXIT.invalid;
}
