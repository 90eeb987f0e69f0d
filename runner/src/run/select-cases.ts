// --case GLOB and --requirement ID filters. In a glob, `*` matches within one id segment
// and `**` across segments.

import type { LoadedCase } from "../types/case.js";

export interface Selection {
  caseGlobs?: string[];
  requirements?: string[];
}

export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join(".*");
  return new RegExp(`^${body}$`);
}

export function selectCases<T extends Pick<LoadedCase, "id" | "spec">>(cases: readonly T[], s: Selection): T[] {
  const globs = (s.caseGlobs ?? []).map(globToRegExp);
  const reqs = new Set(s.requirements ?? []);
  return cases.filter((c) => (globs.length === 0 || globs.some((g) => g.test(c.id))) && (reqs.size === 0 || c.spec.some((id) => reqs.has(id))));
}

export function describeSelection(s: Selection): string | undefined {
  const parts = [...(s.caseGlobs ?? []).map((g) => `case ${g}`), ...(s.requirements ?? []).map((r) => `requirement ${r}`)];
  return parts.length > 0 ? parts.join(", ") : undefined;
}
