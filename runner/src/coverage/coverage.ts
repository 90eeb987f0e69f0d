// Requirement coverage: which cases check each requirement, split into accepting cases (the
// expected verdict is "valid": exit 0, valid true, or structural accept) and rejecting cases
// (exit 1 or 2, valid false, or structural reject). How a case of each operation counts is its
// definition's `polarity` (runner/src/operations/<name>/definition.ts). A case may say so itself
// with `polarity` where validity is not the verdict (a skill refused with a warning). For the
// per-provider hook rules (PAP-SEM-PROVIDER-*), where the verdict is a provider's support and the
// package stays valid, a case that expects a provider to be `unsupported` counts as rejecting.

import { operationNamed } from "../registry/operations.js";
import type { Exclusion, LoadedCase } from "../types/case.js";
import type { Polarity } from "../registry/operation-definition.js";
import type { Requirement } from "../spec/requirements.js";

export type { Polarity };

const PROVIDER_RULE = /^PAP-SEM-PROVIDER-/;

export function polarityOf(c: LoadedCase, requirementId: string): Polarity {
  const e = c.expect;
  const providers = e.report?.providers;
  const unsupported = Array.isArray(providers) && providers.some((p) => (p as { status?: unknown }).status === "unsupported");
  if (unsupported && PROVIDER_RULE.test(requirementId)) return "rejecting";
  if (c.polarity) return c.polarity;
  if (c.operation === "steps") return stepsPolarity(c.steps ?? []);
  return operationNamed(c.operation)?.polarity(e) ?? "other";
}

/**
 * A multi-step case is rejecting when any step expects something stopped (a non-zero exit, or
 * what the step's operation counts as stopped); else accepting.
 */
function stepsPolarity(steps: NonNullable<LoadedCase["steps"]>): Polarity {
  const stops = (s: (typeof steps)[number]): boolean => {
    const e = s.expect ?? {};
    if (e.exit !== undefined && e.exit !== 0) return true;
    return operationNamed(s.operation)?.stopsInStep?.(e) ?? false;
  };
  const operations = steps.filter((s) => s.operation !== undefined);
  if (operations.length === 0) return "other";
  return operations.some(stops) ? "rejecting" : "accepting";
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
