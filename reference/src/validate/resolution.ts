// Reference resolution within the supplied source (SPEC.md 3.6): each member and dependency
// of a valid package gets a status (resolved | missing | ambiguous | unavailable_external),
// a report entry, and, unless resolved, an unresolved_member / unresolved_dependency
// diagnostic. Selectors are compared with names the scans listed, never joined into paths.
// Nothing outside the source is consulted: another source's references stay unavailable.

import { diagnostic } from "./diagnostic-codes.js";
import type { ReportDiagnostic, ReportMember } from "../../../runner/shared/validation-report.js";
import type { AgentScan } from "./agents.js";
import type { InstructionIndex } from "./instructions.js";
import type { ParsedDependency, ParsedMember } from "./members.js";
import { compareUtf8 } from "../manifest-types.js";
import type { ComponentReference } from "./references.js";
import { type ResolutionProblem, type ResolutionReason, resolutionDetail } from "./messages/resolution.js";
import type { SkillScan } from "./skills.js";

export type ResolutionStatus = "resolved" | "missing" | "ambiguous" | "unavailable_external";

export interface Resolution {
  status: ResolutionStatus;
  /** Why: the report record's detail (messages/resolution.ts). */
  reason: ResolutionReason;
  /** The one matching component, when resolved (a report path, or a package directory). */
  target?: string;
}

export interface PluginComponent {
  /** Directory name under plugins/. */
  dir: string;
  id?: string;
}

export interface SourceComponents {
  skills: SkillScan;
  agents: AgentScan;
  instructions: InstructionIndex;
  /** Valid packages only. */
  plugins: readonly PluginComponent[];
}

interface Named {
  key: string;
  dir: string;
  id?: string;
}

/** Components whose directory name or id equals the selector, as distinct keys. */
function matching(components: readonly Named[], selector: string): string[] {
  const keys = new Set<string>();
  for (const component of components) {
    if (component.dir === selector || component.id === selector) keys.add(component.key);
  }
  // Stryker disable next-line MethodExpression: the order only shows in the detail of an ambiguous reference; the count decides the status
  return [...keys].sort(compareUtf8);
}

function fromMatches(reference: ComponentReference, matches: string[], missing: ResolutionReason): Resolution {
  if (matches.length === 1) return { status: "resolved", reason: { outcome: "found", path: matches[0] as string }, target: matches[0] as string };
  // Stryker disable next-line EqualityOperator: a single match has returned on the line above
  if (matches.length > 1) return { status: "ambiguous", reason: { outcome: "ambiguous", reference, matches } };
  return { status: "missing", reason: missing };
}

export async function resolveReference(reference: ComponentReference, sourceId: string, components: SourceComponents): Promise<Resolution> {
  if (reference.source !== undefined && reference.source !== sourceId) {
    return { status: "unavailable_external", reason: { outcome: "external", reference, source: reference.source } };
  }
  const selector = reference.selector;
  const absent: ResolutionReason = { outcome: "absent", reference };
  switch (reference.kind) {
    case "skill": {
      // Stryker disable next-line ConditionalExpression: an id of undefined matches no selector either
      const skills = components.skills.skills.map((skill) => ({ key: skill.path, dir: skill.dir, ...(skill.id === undefined ? {} : { id: skill.id }) }));
      // Stryker disable next-line ArrowFunction,ConditionalExpression,MethodExpression,LogicalOperator,StringLiteral,EqualityOperator: whether the skill was warned about only changes the detail of a missing skill, not its status
      const warned = components.skills.warnings.some((warning) => warning.path.startsWith(`skills/${selector}/`) || warning.path === `skills/${selector}`);
      return fromMatches(reference, matching(skills, selector), warned ? { outcome: "unusable-skill", reference } : absent);
    }
    case "agent": {
      // Stryker disable next-line ConditionalExpression: an id of undefined matches no selector either
      const agents = components.agents.agents.map((agent) => ({ key: agent.path, dir: agent.dir, ...(agent.id === undefined ? {} : { id: agent.id }) }));
      // Stryker disable next-line LogicalOperator: which reason a missing agent gets only changes its detail, not its status
      const rejection = components.agents.rejected.get(selector) ?? components.agents.unavailable;
      return fromMatches(reference, matching(agents, selector), rejection ? { outcome: "unusable-agent", reference, rejection } : absent);
    }
    case "instruction": {
      const check = await components.instructions.check(selector);
      if (check.available) return { status: "resolved", reason: { outcome: "found", path: check.path }, target: check.path };
      return { status: "missing", reason: { outcome: "unusable-instruction", reference, flaw: check.reason } };
    }
    case "plugin": {
      // Stryker disable next-line ConditionalExpression: an id of undefined matches no selector either
      const plugins = components.plugins.map((plugin) => ({ key: `plugins/${plugin.dir}`, dir: plugin.dir, ...(plugin.id === undefined ? {} : { id: plugin.id }) }));
      const resolution = fromMatches(reference, matching(plugins, selector), { outcome: "no-valid-package", reference });
      if (resolution.target !== undefined) resolution.target = resolution.target.slice("plugins/".length);
      return resolution;
    }
  }
}

export interface ResolvablePackage {
  /** Directory name under plugins/. */
  slot: string;
  /** `<source identity>:<slot>` */
  packageRef: string;
  manifestPath: string;
  members: readonly ParsedMember[];
  dependencies: readonly ParsedDependency[];
}

export interface ResolutionReport {
  members: ReportMember[];
  dependencies: ReportMember[];
  diagnostics: ReportDiagnostic[];
  /** Required dependency edges between package directories, for cycles.ts. */
  requiredEdges: Map<string, string[]>;
}

/** unresolved_member / unresolved_dependency: an error when required, else a warning (diagnostic-codes.ts). */
function unresolved(problem: ResolutionProblem, path: string): ReportDiagnostic {
  return diagnostic({ path, problem, required: problem.requirement === "required" });
}

export async function resolvePackages(packages: readonly ResolvablePackage[], sourceId: string, components: SourceComponents): Promise<ResolutionReport> {
  const report: ResolutionReport = { members: [], dependencies: [], diagnostics: [], requiredEdges: new Map() };
  for (const pkg of packages) {
    for (const member of pkg.members) {
      const result = await resolveReference(member.reference, sourceId, components);
      report.members.push({ plugin: pkg.packageRef, ref: member.ref, requirement: member.requirement, status: result.status, detail: resolutionDetail(result.reason) });
      if (result.status !== "resolved") {
        const { ref, requirement } = member;
        const problem: ResolutionProblem = { code: "unresolved_member", kind: "resolution-member-unresolved", ref, requirement, status: result.status, reason: result.reason };
        report.diagnostics.push(unresolved(problem, pkg.manifestPath));
      }
    }
    // Stryker disable next-line ArrayDeclaration: an edge to a name that is no package directory (names are lower kebab case) closes no cycle
    const edges: string[] = [];
    for (const dependency of pkg.dependencies) {
      const result = await resolveReference(dependency.reference, sourceId, components);
      report.dependencies.push({
        plugin: pkg.packageRef,
        ref: dependency.ref,
        requirement: dependency.requirement,
        status: result.status,
        detail: resolutionDetail(result.reason),
      });
      if (result.status !== "resolved") {
        const { ref, requirement } = dependency;
        const problem: ResolutionProblem = {
          code: "unresolved_dependency",
          kind: "resolution-dependency-unresolved",
          ref,
          requirement,
          status: result.status,
          reason: result.reason,
        };
        report.diagnostics.push(unresolved(problem, pkg.manifestPath));
      } else if (
        dependency.requirement === "required" &&
        // Stryker disable next-line ConditionalExpression: a resolved dependency (always plugin:) always has a target
        result.target !== undefined
      ) {
        edges.push(result.target);
      }
    }
    report.requiredEdges.set(pkg.slot, edges);
  }
  return report;
}
