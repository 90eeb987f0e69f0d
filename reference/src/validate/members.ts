// Member and dependency declarations of one manifest (SPEC.md 3.3 to 3.5): reference
// grammar, admitted requirements per kind, duplicates, and the inline-fallback closure.
// Resolution against the source is resolution.ts; this module looks at the manifest only.

import { pointerFrom } from "../json-pointer.js";
import type { DependencyRequirement, ManifestPlugin, MemberRequirement } from "../manifest-types.js";
import { type ContractFinding, invalid } from "./messages/index.js";
import { formatReference } from "./messages/wording.js";
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
  findings: ContractFinding[];
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
  const findings: ContractFinding[] = [];
  const members: ParsedMember[] = [];
  const dependencies: ParsedDependency[] = [];

  const seenMembers = new Set<string>();
  for (const [index, member] of (plugin.members ?? []).entries()) {
    const at = (...rest: (string | number)[]) => pointerFrom(["plugin", "members", index, ...rest]);
    if (seenMembers.has(member.ref)) findings.push(invalid(`plugin.members repeats the reference ${JSON.stringify(member.ref)}`, at("ref")));
    seenMembers.add(member.ref);

    const parsed = parseReference(member.ref);
    if (!parsed.ok) {
      findings.push(invalid(`member reference ${JSON.stringify(member.ref)} ${parsed.problem}`, at("ref")));
      continue;
    }
    const { reference } = parsed;
    const admitted = MEMBER_REQUIREMENTS[reference.kind];
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable: the schema admits only these reference kinds here, and structural validation runs first
    if (!admitted) {
      // The schema admits only skill/agent/instruction prefixes; kept for completeness.
      findings.push(invalid(`member reference ${JSON.stringify(member.ref)} must name a skill, agent or instruction`, at("ref")));
      continue;
    }
    if (!admitted.includes(member.requirement)) {
      findings.push(invalid(`requirement ${JSON.stringify(member.requirement)} is not admitted for ${reference.kind} members (admitted: ${admitted.join(", ")})`, at("requirement")));
    }
    const entry: ParsedMember = { index, ref: member.ref, reference, requirement: member.requirement };
    if (member.fallback !== undefined) {
      if (reference.kind !== "agent") {
        findings.push(invalid(`only agent members may declare a fallback; ${JSON.stringify(member.ref)} is a ${reference.kind} member`, at("fallback")));
      }
      const skill = parseReference(member.fallback.skill);
      if (!skill.ok) findings.push(invalid(`fallback skill ${JSON.stringify(member.fallback.skill)} ${skill.problem}`, at("fallback", "skill")));
      // Stryker disable next-line ConditionalExpression: unreachable: the schema admits only these reference kinds here, and structural validation runs first
      else if (skill.reference.kind !== "skill") findings.push(invalid(`fallback skill ${JSON.stringify(member.fallback.skill)} must be a skill reference`, at("fallback", "skill")));
      else entry.fallback = skill.reference;
    }
    members.push(entry);
  }

  // Inline fallback closure: the exact skill must also be a required member.
  for (const member of members) {
    const fallback = member.fallback;
    if (!fallback) continue;
    const closed = members.some((other) => other.requirement === "required" && sameReference(other.reference, fallback));
    if (!closed) {
      findings.push(
        invalid(
          `the inline fallback ${JSON.stringify(formatReference(fallback))} of ${JSON.stringify(member.ref)} must also be a required skill member of this package`,
          pointerFrom(["plugin", "members", member.index, "fallback", "skill"]),
        ),
      );
    }
  }

  const seenDependencies = new Set<string>();
  for (const [index, dependency] of (plugin.requires ?? []).entries()) {
    const at = (...rest: (string | number)[]) => pointerFrom(["plugin", "requires", index, ...rest]);
    if (seenDependencies.has(dependency.ref)) findings.push(invalid(`plugin.requires repeats the reference ${JSON.stringify(dependency.ref)}`, at("ref")));
    seenDependencies.add(dependency.ref);
    const parsed = parseReference(dependency.ref);
    if (!parsed.ok) {
      findings.push(invalid(`dependency reference ${JSON.stringify(dependency.ref)} ${parsed.problem}`, at("ref")));
      continue;
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable: the schema admits only these reference kinds here, and structural validation runs first
    if (parsed.reference.kind !== "plugin") {
      findings.push(invalid(`dependency reference ${JSON.stringify(dependency.ref)} must be a plugin reference`, at("ref")));
      continue;
    }
    dependencies.push({ ref: dependency.ref, reference: parsed.reference, requirement: dependency.requirement });
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
