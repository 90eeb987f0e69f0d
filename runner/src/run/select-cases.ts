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

type GlobToken = { literal: string } | "*" | "**";

function globTokens(glob: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] !== "*") tokens.push({ literal: glob[i]! });
    else if (glob[i + 1] === "*") {
      tokens.push("**");
      i++;
    } else tokens.push("*");
  }
  return tokens;
}

/**
 * Whether some id starting with `prefix` can match `glob`: what lets a run skip the case files
 * of folders a --case selection cannot reach. The glob's tokens are walked as an automaton over
 * the prefix's characters; any state left alive can still be completed to a match.
 */
export function globCanMatchPrefix(glob: string, prefix: string): boolean {
  const tokens = globTokens(glob);
  const close = (states: Set<number>): Set<number> => {
    for (const i of states) if (tokens[i] === "*" || tokens[i] === "**") states.add(i + 1);
    return states;
  };
  let states = close(new Set([0]));
  for (const ch of prefix) {
    const next = new Set<number>();
    for (const i of states) {
      const t = tokens[i];
      if (t === undefined) continue;
      if (t === "**" || (t === "*" && ch !== "/")) next.add(i);
      else if (typeof t === "object" && t.literal === ch) next.add(i + 1);
    }
    states = close(next);
    if (states.size === 0) return false;
  }
  return true;
}

/**
 * The case files a selection needs: with --case globs, those of the folders the globs can reach
 * (every id in a file starts with its folder; a file that does not load is known by its path);
 * with only --requirement, every file.
 */
export function filesSelected(s: Selection): ((folder: string, file: string) => boolean) | undefined {
  const globs = s.caseGlobs ?? [];
  if (globs.length === 0) return undefined;
  return (folder, file) => globs.some((g) => globCanMatchPrefix(g, `${folder}/`) || globCanMatchPrefix(g, `${file}#`));
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
