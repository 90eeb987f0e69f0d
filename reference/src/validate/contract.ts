// The package contract of one structurally accepted manifest (SPEC.md 3.2 to 3.5, 3.9, 3.10):
// identity, member and dependency declarations, tools and hooks. Cross-package rules
// (duplicate plugin ids) are identity.ts; resolution against the source is resolution.ts.

import { checkHooks } from "./hooks.js";
import type { ManifestHook, ManifestV1 } from "../manifest-types.js";
import type { ContractFinding } from "./messages/index.js";
import { checkDeclarations, type ParsedDependency, type ParsedMember } from "./members.js";
import { checkTools } from "./tools.js";

export interface ContractInput {
  /** Directory name under plugins/. */
  slot: string;
  /** Absolute path of the package directory (for locating tool files). */
  packageDir: string;
  /** `<source identity>:<slot>` */
  packageRef: string;
  manifest: ManifestV1;
}

export interface ContractResult {
  findings: ContractFinding[];
  members: ParsedMember[];
  dependencies: ParsedDependency[];
  hooks: readonly ManifestHook[];
  toolRecords: Record<string, unknown>[];
  hookRecords: Record<string, unknown>[];
}

export async function checkPackageContract(input: ContractInput): Promise<ContractResult> {
  const { manifest, slot } = input;
  const findings: ContractFinding[] = [];
  if (manifest.plugin.name !== slot) {
    findings.push({ code: "invalid_plugin_package", kind: "plugin-name-directory", name: manifest.plugin.name, directory: slot });
  }
  const declarations = checkDeclarations(manifest.plugin);
  findings.push(...declarations.findings);
  const tools = await checkTools(manifest.tool ?? [], input.packageDir, input.packageRef);
  findings.push(...tools.findings);
  const hooks = checkHooks(manifest.hook ?? [], tools.byId, input.packageRef);
  findings.push(...hooks.findings);
  return {
    findings,
    members: declarations.members,
    dependencies: declarations.dependencies,
    hooks: manifest.hook ?? [],
    toolRecords: tools.records,
    hookRecords: hooks.records,
  };
}
