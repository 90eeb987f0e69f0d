// Requirement coverage: which cases check each requirement, split into accepting cases
// (the expected verdict is "valid": exit 0, valid true, or structural accept) and rejecting
// cases (exit 1 or 2, valid false, or structural reject). A case may say so itself with
// `polarity` where validity is not the verdict (a skill refused with a warning). For the per-provider hook rules
// (PAP-SEM-PROVIDER-*), where the verdict is a provider's support and the package stays valid,
// a case that expects a provider to be `unsupported` counts as rejecting.
// A dispatch case is rejecting when the dispatcher is expected to stop something: a non-zero
// exit, or a response that denies a tool call or blocks (a prompt denied, a stop continued);
// otherwise, with an expected exit or response, accepting (SPEC 1.1).
// A live case is rejecting when something is expected not to happen: the projection refused
// (or a non-zero projection exit), or paths expected absent from the work directory while none
// is expected present (the action never ran); otherwise, when it states any expectation, accepting.
// A load-agent-plugin case is rejecting when the package is expected not to load or an error
// diagnostic (something rejected or skipped) is expected; otherwise, when it loads, accepting.
// A compose case is rejecting when a package is expected rejected, or the decision denies or
// a conflict or failure is expected; otherwise, with any expectation, accepting.

import type { Exclusion, LoadedCase } from "../types/case.js";
import type { Requirement } from "../spec/requirements.js";

export type Polarity = "accepting" | "rejecting" | "other";

const PROVIDER_RULE = /^PAP-SEM-PROVIDER-/;

export function polarityOf(c: LoadedCase, requirementId: string): Polarity {
  const e = c.expect;
  const providers = e.report?.providers;
  const unsupported = Array.isArray(providers) && providers.some((p) => (p as { status?: unknown }).status === "unsupported");
  if (unsupported && PROVIDER_RULE.test(requirementId)) return "rejecting";
  if (c.polarity) return c.polarity;
  if (c.operation === "dispatch") return dispatchPolarity(e);
  if (c.operation === "live") return livePolarity(e);
  if (c.operation === "load-agent-plugin") return agentPluginPolarity(e);
  if (c.operation === "compose") return composePolarity(e);
  if (c.operation === "steps") return stepsPolarity(c.steps ?? []);
  if (e.valid === true || e.exit === 0) return "accepting";
  if (e.valid === false || (e.exit !== undefined && e.exit !== 0)) return "rejecting";
  if (e.structural === "accept") return "accepting";
  if (e.structural === "reject") return "rejecting";
  return "other";
}

/**
 * A multi-step case is rejecting when any step expects something stopped: a handler that does not
 * run, a blocked activation or member, a non-zero exit, a block left in place, a review entry
 * whose grant no longer covers it; else accepting.
 */
function stepsPolarity(steps: NonNullable<LoadedCase["steps"]>): Polarity {
  const stops = (s: (typeof steps)[number]): boolean => {
    const e = s.expect ?? {};
    if (e.exit !== undefined && e.exit !== 0) return true;
    if (s.operation === "dispatch") return dispatchPolarity(e) === "rejecting" || Object.values(e.handlers ?? {}).some((h) => h.ran === false || h.runs === 0);
    if (s.operation === "validate") return e.valid === false;
    const lapsed = Object.values(e.review ?? {}).some((r) => r.trust === "changed");
    return lapsed || e.activation === "blocked" || Object.values(e.members ?? {}).some((m) => m !== "active") || (e.kept?.length ?? 0) > 0;
  };
  const operations = steps.filter((s) => s.operation !== undefined);
  if (operations.length === 0) return "other";
  return operations.some(stops) ? "rejecting" : "accepting";
}

function dispatchPolarity(e: LoadedCase["expect"]): Polarity {
  const r = e.response as { decision?: unknown; hookSpecificOutput?: { permissionDecision?: unknown } } | null | undefined;
  const stops = typeof r === "object" && r !== null && (r.decision === "block" || r.hookSpecificOutput?.permissionDecision === "deny");
  if ((e.exit !== undefined && e.exit !== 0) || stops) return "rejecting";
  return e.exit === 0 || e.response !== undefined ? "accepting" : "other";
}

function livePolarity(e: LoadedCase["expect"]): Polarity {
  const p = e.projection;
  const refused = (p?.refused?.length ?? 0) > 0 || (p?.exit !== undefined && p.exit !== 0);
  const stopped = (e.workdir?.absent?.length ?? 0) > 0 && (e.workdir?.present?.length ?? 0) === 0;
  if (refused || stopped) return "rejecting";
  return Object.keys(e).length > 0 ? "accepting" : "other";
}

function agentPluginPolarity(e: LoadedCase["expect"]): Polarity {
  const skips = (e.diagnostics?.includes ?? []).some((d) => d.severity === "error");
  if (e.loaded === false || skips) return "rejecting";
  return e.loaded === true ? "accepting" : "other";
}

function composePolarity(e: LoadedCase["expect"]): Polarity {
  const refuses = (e.rejected?.length ?? 0) > 0 || e.decision?.kind === "deny" || (e.conflicts?.length ?? 0) > 0 || (e.failures?.length ?? 0) > 0;
  if (refuses) return "rejecting";
  return Object.keys(e).length > 0 ? "accepting" : "other";
}

export interface RequirementCoverage {
  requirement: Requirement;
  accepting: number;
  rejecting: number;
  other: number;
  exclusion?: Exclusion;
}

export function coverageOf(requirements: Iterable<Requirement>, cases: readonly LoadedCase[], exclusions: readonly Exclusion[]): RequirementCoverage[] {
  const excluded = new Map(exclusions.map((e) => [e.id, e]));
  return [...requirements].map((requirement) => {
    const row: RequirementCoverage = { requirement, accepting: 0, rejecting: 0, other: 0 };
    for (const c of cases) if (c.spec.includes(requirement.id)) row[polarityOf(c, requirement.id)]++;
    const ex = excluded.get(requirement.id);
    if (ex) row.exclusion = ex;
    return row;
  });
}

export function isMissing(r: RequirementCoverage): boolean {
  return r.accepting + r.rejecting + r.other === 0 && !r.exclusion;
}

/** Covered by cases, but not from both sides. */
export function isOneSided(r: RequirementCoverage): boolean {
  return !r.exclusion && r.accepting + r.rejecting + r.other > 0 && (r.accepting === 0 || r.rejecting === 0);
}
