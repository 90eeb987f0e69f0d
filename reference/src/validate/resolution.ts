// Reference resolution within the supplied source (SPEC.md 3.6): each member and dependency
// of a valid package gets a status (resolved | missing | ambiguous | unavailable_external),
// a report entry, and, unless resolved, an unresolved_member / unresolved_dependency
// diagnostic. Selectors are compared with names the scans listed, never joined into paths.
// Nothing outside the source is consulted: another source's references stay unavailable.

import { diagnostic } from "./diagnostic-codes.js";
import { worded } from "./messages/index.js";
import type { ReportDiagnostic, ReportMember } from "../../../runner/shared/validation-report.js";
import type { AgentScan } from "./agents.js";
import type { InstructionIndex } from "./instructions.js";
import type { ParsedDependency, ParsedMember } from "./members.js";
import { compareUtf8 } from "../manifest-types.js";
import type { ComponentReference } from "./references.js";
import { formatReference } from "./messages/wording.js";
import type { SkillScan } from "./skills.js";

export type ResolutionStatus = "resolved" | "missing" | "ambiguous" | "unavailable_external";

export interface Resolution {
  status: ResolutionStatus;
  detail: string;
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
  // Stryker disable next-line MethodExpression: the order only words the detail of an ambiguous reference; the count decides the status
  return [...keys].sort(compareUtf8);
}

function fromMatches(written: string, matches: string[], missingDetail: string): Resolution {
  if (matches.length === 1) return { status: "resolved", detail: `resolved in the supplied source tree: ${matches[0]}`, target: matches[0] as string };
  // Stryker disable next-line EqualityOperator: a single match has returned on the line above
  if (matches.length > 1) return { status: "ambiguous", detail: `${written} matches multiple local components: ${matches.join(", ")}` };
  return { status: "missing", detail: missingDetail };
}

export async function resolveReference(reference: ComponentReference, sourceId: string, components: SourceComponents): Promise<Resolution> {
  const written = formatReference(reference);
  if (reference.source !== undefined && reference.source !== sourceId) {
    return {
      status: "unavailable_external",
      detail: `${written} references source \`${reference.source}\`; external sources are not resolved without a store`,
    };
  }
  const selector = reference.selector;
  // Stryker disable next-line StringLiteral: only words a detail
  const absent = `${written} is not present in the supplied source tree`;
  switch (reference.kind) {
    case "skill": {
      // Stryker disable next-line ConditionalExpression: an id of undefined matches no selector either
      const skills = components.skills.skills.map((skill) => ({ key: skill.path, dir: skill.dir, ...(skill.id === undefined ? {} : { id: skill.id }) }));
      // Stryker disable next-line ArrowFunction,ConditionalExpression,MethodExpression,LogicalOperator,StringLiteral,EqualityOperator: whether the skill was warned about only words the detail of a missing skill
      const warned = components.skills.warnings.some((warning) => warning.path.startsWith(`skills/${selector}/`) || warning.path === `skills/${selector}`);
      // Stryker disable next-line StringLiteral: only words a detail
      return fromMatches(written, matching(skills, selector), warned ? `${absent}: skills/${selector} is not a usable skill (see its diagnostics)` : absent);
    }
    case "agent": {
      // Stryker disable next-line ConditionalExpression: an id of undefined matches no selector either
      const agents = components.agents.agents.map((agent) => ({ key: agent.path, dir: agent.dir, ...(agent.id === undefined ? {} : { id: agent.id }) }));
      // Stryker disable next-line LogicalOperator: the reason only words the detail of a missing agent
      const reason = components.agents.rejected.get(selector) ?? components.agents.unavailable;
      // Stryker disable next-line StringLiteral: only words a detail
      return fromMatches(written, matching(agents, selector), reason ? `${absent}: agents/${selector}: ${reason}` : absent);
    }
    case "instruction": {
      const check = await components.instructions.check(selector);
      if (check.available) return { status: "resolved", detail: `resolved in the supplied source tree: ${check.path}`, target: check.path };
      return { status: "missing", detail: `${absent}: ${check.reason}` };
    }
    case "plugin": {
      // Stryker disable next-line ConditionalExpression: an id of undefined matches no selector either
      const plugins = components.plugins.map((plugin) => ({ key: `plugins/${plugin.dir}`, dir: plugin.dir, ...(plugin.id === undefined ? {} : { id: plugin.id }) }));
      // Stryker disable next-line StringLiteral: only words a detail
      const resolution = fromMatches(written, matching(plugins, selector), `${absent} as a valid package`);
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
function unresolved(
  code: "unresolved_member" | "unresolved_dependency",
  entry: { ref: string; requirement: string },
  result: { status: string; detail: string },
  path: string,
): ReportDiagnostic {
  return diagnostic({
    path,
    problem: worded(code, `${entry.requirement} ${code === "unresolved_member" ? "member" : "dependency"} ${entry.ref} is ${result.status}: ${result.detail}`),
    required: entry.requirement === "required",
  });
}

export async function resolvePackages(packages: readonly ResolvablePackage[], sourceId: string, components: SourceComponents): Promise<ResolutionReport> {
  const report: ResolutionReport = { members: [], dependencies: [], diagnostics: [], requiredEdges: new Map() };
  for (const pkg of packages) {
    for (const member of pkg.members) {
      const result = await resolveReference(member.reference, sourceId, components);
      report.members.push({ plugin: pkg.packageRef, ref: member.ref, requirement: member.requirement, status: result.status, detail: result.detail });
      if (result.status !== "resolved") report.diagnostics.push(unresolved("unresolved_member", member, result, pkg.manifestPath));
    }
    // Stryker disable next-line ArrayDeclaration: an edge to a name that is no package directory (names are lower kebab case) closes no cycle
    const edges: string[] = [];
    for (const dependency of pkg.dependencies) {
      const result = await resolveReference(dependency.reference, sourceId, components);
      report.dependencies.push({ plugin: pkg.packageRef, ref: dependency.ref, requirement: dependency.requirement, status: result.status, detail: result.detail });
      if (result.status !== "resolved") {
        report.diagnostics.push(unresolved("unresolved_dependency", dependency, result, pkg.manifestPath));
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
