// `plugin validate` (SPEC.md chapters 2 to 4):
//   discovery → [package tree walk] → read and decode under the limits → JSON Schema →
//   package contract (identity, members, requires, tools, hooks) → duplicate plugin ids →
//   source components (skills, agents, instructions) → reference resolution → cycles →
//   provider support → report.
// Validation only reads: it never executes, downloads, trusts or writes anything.

import type { Stats } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import type { ValidateResult } from "../../../runner/shared/protocol.js";
import type { ReportDiagnostic, ReportPackage, ValidationReport } from "../../../runner/shared/validation-report.js";
import { scanAgents } from "./agents.js";
import { checkPackageContract, type ContractResult } from "./contract.js";
import { findCycles } from "./cycles.js";
import { discoverPackages, type DiscoveredPackage } from "./discovery.js";
import { duplicateIds } from "./identity.js";
import { InstructionIndex } from "./instructions.js";
import { decodeManifest, readManifestBytes, type JsonObject } from "./manifest-decode.js";
import type { ManifestV1 } from "../manifest-types.js";
import type { Problem } from "./messages/index.js";
import type { SchemaProblem } from "./messages/structure.js";
import type { SourceProblem } from "./messages/source.js";
import { dependencyRecord, memberRecord } from "./members.js";
import { providerStatuses } from "./providers.js";
import { buildReport, packageRecord, type Verdict } from "./report.js";
import { resolvePackages } from "./resolution.js";
import { scanSkills } from "./skills.js";
import { checkStructure, type StructuralError } from "./structural.js";
import { walkPackage } from "./package-tree.js";
import { diagnostic, type Finding } from "./diagnostic-codes.js";

export const DEFAULT_SOURCE_ID = "validation";

/** Exit codes of the draft 0.1 validator CLI contract. */
export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

/**
 * The per-package tree walk (package-tree.ts: entry count, depth, file and package sizes,
 * symlinks and special files). `packageDir` is absolute, `packagePath` the report path
 * `plugins/<name>`. Every finding is a package-contract error and makes the package invalid.
 */
export type PackageTreeWalk = (packageDir: string, packagePath: string) => Promise<{ findings: readonly Finding[] }>;

export interface ValidateOptions {
  sourceId?: string;
  /** The package tree walk to run on every discovered package (default: package-tree.ts's walkPackage). */
  walkPackage?: PackageTreeWalk;
}

/** The `validate` operation result, with the report (also on exit 2) and the structural verdict always present. */
export interface ReferenceValidateResult extends ValidateResult {
  report: NonNullable<ValidateResult["report"]>;
  structural: Verdict;
}

const MAX_SOURCE_ID_BYTES = 128;

/** Source ids as the published reference accepts them: [A-Za-z0-9._-], 1-128, not "." or "..". */
export function sourceIdProblem(sourceId: string): Extract<SourceProblem, { code: "invalid_source_id" }> | undefined {
  if (
    // Stryker disable next-line ConditionalExpression: the character-class test below refuses the empty id as well (the same code; the line holds the whole condition's start too)
    sourceId.length === 0 ||
    sourceId.length > MAX_SOURCE_ID_BYTES ||
    sourceId === "." ||
    sourceId === ".."
  ) {
    return { code: "invalid_source_id", kind: "source-id-length", sourceId, maxBytes: MAX_SOURCE_ID_BYTES };
  }
  if (!/^[A-Za-z0-9._-]+$/.test(sourceId)) return { code: "invalid_source_id", kind: "source-id-characters", sourceId };
  return undefined;
}

/** A finding about one package's manifest (reported on its manifest path). */
function manifestDiagnostic(pkg: DiscoveredPackage, finding: Problem): ReportDiagnostic {
  return diagnostic({ path: pkg.manifestPath, problem: finding });
}

/**
 * An exit-2 outcome (missing source directory, bad source id). The CLI contract only fixes
 * the exit code; a report is still returned so the protocol reply and `--json` stay uniform.
 */
function usageFailure(sourcePath: string, problem: SourceProblem): ReferenceValidateResult {
  const report = buildReport({
    sourcePath,
    discovered: 0,
    packages: [],
    diagnostics: [diagnostic({ path: "", problem })],
    members: [],
    dependencies: [],
    providers: providerStatuses([]),
    structural: "accept",
  });
  return { exit: EXIT.usage, report, structural: "accept" };
}

/** A package that passed its own package contract (it may still lose to a duplicate id). */
interface Candidate {
  discovered: DiscoveredPackage;
  bytes: Buffer;
  manifest: ManifestV1;
  contract: ContractResult;
}

/** What one discovered package contributes: its diagnostics, and the package when it is a candidate. */
interface PackageCheck {
  diagnostics: ReportDiagnostic[];
  /** Whether its manifest was decoded and refused by the decoder or the schema (the structural verdict). */
  structuralReject: boolean;
  candidate?: Candidate;
}

/** One package: tree walk, read, decode, structure, package contract (SPEC.md 3.1.1, chapter 2, 3.2 to 3.5, 3.9, 3.10). */
async function checkPackage(pkg: DiscoveredPackage, sourcePath: string, sourceId: string, walk: PackageTreeWalk): Promise<PackageCheck> {
  const packageDir = join(sourcePath, pkg.path);
  // The package tree walk (package-tree.ts, SPEC.md 3.1.1), before the manifest is read: any
  // finding (symlink, special file, entry/depth/size limit) makes the package invalid.
  const tree = await walk(packageDir, pkg.path);
  const diagnostics = tree.findings.map(diagnostic);

  const read = await readManifestBytes(pkg.manifestFile);
  if (!read.ok) {
    diagnostics.push(manifestDiagnostic(pkg, read.failure));
    // An unreadable file never reached the decoder: that says nothing about its structure.
    return { diagnostics, structuralReject: read.failure.code !== "unreadable_plugin_path" };
  }
  const decoded = decodeManifest(read.bytes);
  // Stryker disable next-line ConditionalExpression,BlockStatement: an undecoded manifest checked as undefined fails the schema: the same invalid_plugin_package on the same path, structural reject
  if (!decoded.ok) {
    diagnostics.push(manifestDiagnostic(pkg, decoded.failure));
    return { diagnostics, structuralReject: true };
  }
  const errors = checkStructure(decoded.manifest);
  if (errors.length > 0) {
    for (const error of errors) diagnostics.push(manifestDiagnostic(pkg, schemaProblem(error, decoded.manifest)));
    return { diagnostics, structuralReject: true }; // semantic rules apply to structurally accepted manifests only
  }

  const manifest = decoded.manifest as unknown as ManifestV1;
  const contract = await checkPackageContract({ slot: pkg.name, packageDir, packageRef: `${sourceId}:${pkg.name}`, manifest });
  for (const finding of contract.findings) diagnostics.push(manifestDiagnostic(pkg, finding));
  if (tree.findings.length > 0 || contract.findings.length > 0) return { diagnostics, structuralReject: false };
  return { diagnostics, structuralReject: false, candidate: { discovered: pkg, bytes: read.bytes, manifest, contract } };
}

/** plugin.id unique within the source (3.2): the candidates that keep theirs, and a diagnostic for each that does not. */
function withUniqueIds(candidates: readonly Candidate[], sourceId: string): { valid: Candidate[]; diagnostics: ReportDiagnostic[] } {
  // Stryker disable next-line ConditionalExpression: an id: undefined entry is skipped by duplicateIds like a missing one
  const duplicated = duplicateIds(candidates.map((c) => ({ slot: c.discovered.name, ...(c.manifest.plugin.id === undefined ? {} : { id: c.manifest.plugin.id }) })));
  const diagnostics: ReportDiagnostic[] = [];
  for (const candidate of candidates) {
    const id = duplicated.get(candidate.discovered.name);
    if (id !== undefined) diagnostics.push(manifestDiagnostic(candidate.discovered, { code: "duplicate_plugin_stable_id", kind: "source-duplicate-id", sourceId, id }));
  }
  return { valid: candidates.filter((c) => !duplicated.has(c.discovered.name)), diagnostics };
}

/** The source's components (3.6, 3.7), the valid packages' references resolved against them, and required cycles (3.8). */
async function resolveSource(sourcePath: string, sourceId: string, valid: readonly Candidate[]) {
  const [skills, agents, instructions] = await Promise.all([scanSkills(sourcePath), scanAgents(sourcePath), InstructionIndex.open(sourcePath)]);
  // Stryker disable next-line ConditionalExpression: id: undefined matches no selector, like a missing id
  const plugins = valid.map((c) => ({ dir: c.discovered.name, ...(c.manifest.plugin.id === undefined ? {} : { id: c.manifest.plugin.id }) }));
  const resolution = await resolvePackages(
    valid.map((c) => ({
      slot: c.discovered.name,
      packageRef: `${sourceId}:${c.discovered.name}`,
      manifestPath: c.discovered.manifestPath,
      members: c.contract.members,
      dependencies: c.contract.dependencies,
    })),
    sourceId,
    { skills, agents, instructions, plugins },
  );
  const diagnostics = [...skills.warnings.map(diagnostic), ...resolution.diagnostics];
  for (const slots of findCycles(resolution.requiredEdges)) {
    diagnostics.push(diagnostic({ path: "", problem: { code: "required_dependency_cycle", kind: "source-dependency-cycle", sourceId, slots } }));
  }
  return { diagnostics, members: resolution.members, dependencies: resolution.dependencies };
}

function packageRecords(valid: readonly Candidate[], sourceId: string): ReportPackage[] {
  return valid.map((c) =>
    packageRecord({
      sourceId,
      discovered: c.discovered,
      bytes: c.bytes,
      manifest: c.manifest,
      members: c.contract.members.map(memberRecord),
      requires: c.contract.dependencies.map(dependencyRecord),
      tools: c.contract.toolRecords,
      hooks: c.contract.hookRecords,
    }),
  );
}

export async function validate(sourcePath: string, options: ValidateOptions = {}): Promise<ReferenceValidateResult> {
  const sourceId = options.sourceId ?? DEFAULT_SOURCE_ID;
  const idProblem = sourceIdProblem(sourceId);
  // papc codes, not in the published list: that reference reports these as usage errors only.
  if (idProblem) return usageFailure(sourcePath, idProblem);

  let stats: Stats | undefined;
  try {
    // Stryker disable BlockStatement: the catch block: stats is still undefined when lstat throws
    stats = await lstat(sourcePath);
  } catch {
    stats = undefined;
  }
  // Stryker restore BlockStatement
  if (!stats || !stats.isDirectory()) {
    return usageFailure(sourcePath, { code: "invalid_source_path", kind: "source-path-not-directory", sourcePath });
  }

  // Discovery (3.1), then each package on its own.
  const discovery = await discoverPackages(sourcePath);
  const diagnostics: ReportDiagnostic[] = discovery.findings.map(diagnostic);
  const candidates: Candidate[] = [];
  let structural: Verdict = "accept";
  for (const pkg of discovery.packages) {
    const checked = await checkPackage(pkg, sourcePath, sourceId, options.walkPackage ?? walkPackage);
    diagnostics.push(...checked.diagnostics);
    if (checked.structuralReject) structural = "reject";
    if (checked.candidate) candidates.push(checked.candidate);
  }
  const { valid, diagnostics: duplicates } = withUniqueIds(candidates, sourceId);
  diagnostics.push(...duplicates);

  // As in the published reference: "no packages" only when nothing else explains the emptiness.
  if (discovery.packages.length === 0 && diagnostics.length === 0) {
    diagnostics.push(diagnostic({ path: "", problem: { code: "no_plugin_packages", kind: "source-no-packages" } }));
  }

  const resolved = await resolveSource(sourcePath, sourceId, valid);
  diagnostics.push(...resolved.diagnostics);

  // Provider support (3.11) and the report (chapter 4).
  const providers = providerStatuses(valid.map((c) => ({ packageRef: `${sourceId}:${c.discovered.name}`, hooks: c.contract.hooks })));
  const report = buildReport({
    sourcePath,
    discovered: discovery.packages.length,
    packages: packageRecords(valid, sourceId),
    diagnostics,
    members: resolved.members,
    dependencies: resolved.dependencies,
    providers,
    structural,
  });
  return { exit: exitFor(report), report, structural };
}

const DESCRIPTOR_VERSION = /^\/(tool|hook)\/(\d+)\/schema_version$/;

/**
 * A tool or hook descriptor whose schema_version is an integer other than 1 is a descriptor
 * version this consumer does not support (published reference's code); anything else the
 * schema refuses is an invalid package.
 */
function schemaProblem(error: StructuralError, manifest: JsonObject): SchemaProblem {
  const m = DESCRIPTOR_VERSION.exec(error.pointer);
  // Stryker disable next-line ConditionalExpression: for a descriptor schema_version only the const keyword fails on an integer (a TOML float there fails the type keyword); anything else is invalid_plugin_package either way
  if (m && error.kind === "schema-keyword" && error.keyword === "const") {
    const list = manifest[m[1] as string];
    const entry = Array.isArray(list) ? list[Number(m[2])] : undefined;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a pointer /tool/N/schema_version exists only inside an object entry
    const version = entry && typeof entry === "object" && !Array.isArray(entry) ? (entry as JsonObject)["schema_version"] : undefined;
    if (Number.isInteger(version)) return { ...error, code: "unsupported_active_component_schema", kind: "schema-descriptor-version" };
  }
  return error;
}

export function exitFor(report: ValidationReport): number {
  return report.valid ? EXIT.valid : EXIT.invalid;
}
