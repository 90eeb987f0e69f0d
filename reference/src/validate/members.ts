// Member and dependency declarations of one manifest (SPEC.md 3.3 to 3.5): reference
// grammar, admitted requirements per kind, duplicates, and the inline-fallback closure.
// Resolution against the source is resolution.ts; this module looks at the manifest only.

import type { DependencyRequirement, ManifestPlugin, MemberRequirement } from "../manifest-types.js";
import type { DeclarationProblem } from "./messages/declarations.js";
import { parseReference, referenceRecord, sameReference, type ComponentReference } from "./references.js";

export interface ParsedMember {
  /** Position in plugin.members. */
  index: number;
  ref: string;
  reference: ComponentReference;
  requirement: MemberRequirement;
  fallback?: ComponentReference;
}

export interface ParsedDependency {
  ref: string;
  reference: ComponentReference;
  requirement: DependencyRequirement;
}

export interface DeclarationsResult {
  findings: DeclarationProblem[];
  members: ParsedMember[];
  dependencies: ParsedDependency[];
}

/** Requirements admitted per member kind (published reference's member table). */
export const MEMBER_REQUIREMENTS: Record<string, readonly MemberRequirement[]> = {
  skill: ["required", "optional"],
  agent: ["required", "optional"],
  instruction: ["required", "optional", "recommended"],
};

export function checkDeclarations(plugin: ManifestPlugin): DeclarationsResult {
  const findings: DeclarationProblem[] = [];
  const members: ParsedMember[] = [];
  const dependencies: ParsedDependency[] = [];

  const seenMembers = new Set<string>();
  for (const [index, member] of (plugin.members ?? []).entries()) {
    const { ref } = member;
    if (seenMembers.has(ref)) findings.push({ code: "invalid_plugin_package", kind: "member-repeated", member: index, ref });
    seenMembers.add(ref);

    const parsed = parseReference(ref);
    if (!parsed.ok) {
      findings.push({ code: "invalid_plugin_package", kind: "member-reference", member: index, ref, flaw: parsed.problem });
      continue;
    }
    const { reference } = parsed;
    const admitted = MEMBER_REQUIREMENTS[reference.kind];
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable: the schema admits only these reference kinds here, and structural validation runs first
    if (!admitted) {
      // The schema admits only skill/agent/instruction prefixes; kept for completeness.
      findings.push({ code: "invalid_plugin_package", kind: "member-kind", member: index, ref });
      continue;
    }
    if (!admitted.includes(member.requirement)) {
      findings.push({ code: "invalid_plugin_package", kind: "member-requirement", member: index, requirement: member.requirement, memberKind: reference.kind, admitted });
    }
    const entry: ParsedMember = { index, ref, reference, requirement: member.requirement };
    if (member.fallback !== undefined) {
      if (reference.kind !== "agent") {
        findings.push({ code: "invalid_plugin_package", kind: "member-fallback-not-agent", member: index, ref, memberKind: reference.kind });
      }
      const text = member.fallback.skill;
      const skill = parseReference(text);
      if (!skill.ok) findings.push({ code: "invalid_plugin_package", kind: "member-fallback-reference", member: index, skill: text, flaw: skill.problem });
      // Stryker disable next-line ConditionalExpression: unreachable: the schema admits only these reference kinds here, and structural validation runs first
      else if (skill.reference.kind !== "skill") findings.push({ code: "invalid_plugin_package", kind: "member-fallback-not-skill", member: index, skill: text });
      else entry.fallback = skill.reference;
    }
    members.push(entry);
  }

  // Inline fallback closure: the exact skill must also be a required member.
  for (const member of members) {
    const fallback = member.fallback;
    if (!fallback) continue;
    const closed = members.some((other) => other.requirement === "required" && sameReference(other.reference, fallback));
    if (!closed) findings.push({ code: "invalid_plugin_package", kind: "member-fallback-unclosed", member: member.index, ref: member.ref, fallback });
  }

  const seenDependencies = new Set<string>();
  for (const [index, dependency] of (plugin.requires ?? []).entries()) {
    const { ref } = dependency;
    if (seenDependencies.has(ref)) findings.push({ code: "invalid_plugin_package", kind: "dependency-repeated", dependency: index, ref });
    seenDependencies.add(ref);
    const parsed = parseReference(ref);
    if (!parsed.ok) {
      findings.push({ code: "invalid_plugin_package", kind: "dependency-reference", dependency: index, ref, flaw: parsed.problem });
      continue;
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable: the schema admits only these reference kinds here, and structural validation runs first
    if (parsed.reference.kind !== "plugin") {
      findings.push({ code: "invalid_plugin_package", kind: "dependency-kind", dependency: index, ref });
      continue;
    }
    dependencies.push({ ref, reference: parsed.reference, requirement: dependency.requirement });
  }

  return { findings, members, dependencies };
}

/** Report records of members and dependencies (published reference's shape). */
export function memberRecord(member: ParsedMember): Record<string, unknown> {
  const record: Record<string, unknown> = { ref: referenceRecord(member.reference), requirement: member.requirement };
  if (member.fallback) record["fallback"] = { skill: referenceRecord(member.fallback) };
  return record;
}

export function dependencyRecord(dependency: ParsedDependency): Record<string, unknown> {
  return { ref: referenceRecord(dependency.reference), requirement: dependency.requirement };
}
