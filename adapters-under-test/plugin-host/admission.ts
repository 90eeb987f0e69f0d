// Per-package admission: the compose contract's steps 1-6 (SPEC 10.2). Seed 002's composePlugins
// stops the whole composition at the first failed check; a host that loads third-party packages
// instead leaves the offending packages out and composes the rest. This layer runs before
// composePlugins, with composePlugins' own check functions (compose-plugins.ts), in the
// contract's order, over the set of packages still in play:
//   1 host_invalid_package      (the reader could not read a name)
//   2 host_duplicate_name       findDuplicateNames: every bearer of a shared name
//   3 host_missing_dependency   a required selector matching no package in play (one pass)
//   4 host_dependency_cycle     findDependencyCycles over the required edges in play
//   5 host_dependency_rejected  a required selector whose every match has been rejected; to a fixpoint
//   6 host_tool_collision       findToolCollisions among the remaining; then step 5 again
// What is left is handed to composePlugins, which must then accept it (anything it still throws
// is a bug of this layer and surfaces as an error of the run).

import type { ComposeRejectionCode } from "../../runner/shared/protocol.js";
import { findDependencyCycles, findDuplicateNames, findToolCollisions } from "./compose-plugins.js";
import { requiredSelectors, selectorMatches, type PortablePackage, type ReadOutcome } from "./portable-manifest.js";

/** The codes are the protocol's (SPEC 10.2). */
export type RejectionCode = ComposeRejectionCode;

export interface Rejection {
  /** The package directory as given. */
  package: string;
  code: RejectionCode;
  /** For people: why. */
  reason: string;
}

export interface Admission {
  /** Accepted packages in input order, each with the names its required dependencies resolve to. */
  accepted: { pkg: PortablePackage; dependsOn: string[] }[];
  /** In input order; each package once, with the first step that rejected it. */
  rejected: Rejection[];
}

export function admitPackages(read: readonly ReadOutcome[]): Admission {
  const dirs = read.map((r) => (r.ok ? r.pkg.dir : r.dir));
  const rejection = new Map<number, Rejection>();
  const reject = (index: number, code: RejectionCode, reason: string): void => {
    if (!rejection.has(index)) rejection.set(index, { package: dirs[index]!, code, reason });
  };
  const packages: (PortablePackage | undefined)[] = read.map((r) => (r.ok ? r.pkg : undefined));
  const inPlay = (): number[] => packages.flatMap((p, i) => (p !== undefined && !rejection.has(i) ? [i] : []));
  const pkg = (i: number): PortablePackage => packages[i]!;
  const matches = (selector: string, among: readonly number[]): number[] => among.filter((i) => selectorMatches(selector, pkg(i)));

  // 1. Invalid packages.
  read.forEach((r, i) => {
    if (!r.ok) reject(i, "host_invalid_package", r.reason);
  });

  // 2. Duplicate names: all bearers, no precedence by order.
  {
    const play = inPlay();
    const duplicates = new Set(findDuplicateNames(play.map((i) => pkg(i).name)));
    for (const i of play) if (duplicates.has(pkg(i).name)) reject(i, "host_duplicate_name", `plugin name ${pkg(i).name} is not unique`);
  }

  // 3. Missing required dependencies: a selector that matches no package still in play after
  // step 2 (contract step 3), judged once. A selector matching only duplicate-named packages is
  // therefore missing, not rejected (SPEC 10.2's wording admits both; see README).
  {
    const play = inPlay();
    const missing = play.flatMap((i) => {
      const selector = requiredSelectors(pkg(i)).find((s) => matches(s, play).length === 0);
      return selector === undefined ? [] : [{ i, selector }];
    });
    for (const { i, selector } of missing) reject(i, "host_missing_dependency", `required plugin:${selector} matches no package`);
  }

  // 4. Cycles of required dependencies among the packages in play (names are unique now).
  {
    const play = inPlay();
    const byName = new Map(play.map((i) => [pkg(i).name, i] as const));
    const edges = (name: string): string[] => {
      const i = byName.get(name)!;
      return requiredSelectors(pkg(i)).flatMap((s) => matches(s, play).map((j) => pkg(j).name));
    };
    for (const cycle of findDependencyCycles(
      play.map((i) => pkg(i).name),
      edges,
    )) {
      for (const name of cycle) reject(byName.get(name)!, "host_dependency_cycle", `on the required dependency cycle ${cycle.join(" → ")}`);
    }
  }

  // 5. Dependents of rejected packages, to a fixpoint.
  const rejectDependents = (): void => {
    for (;;) {
      const play = inPlay();
      const dependents = play.flatMap((i) => {
        const selector = requiredSelectors(pkg(i)).find((s) => matches(s, play).length === 0);
        return selector === undefined ? [] : [{ i, selector }];
      });
      if (dependents.length === 0) return;
      for (const { i, selector } of dependents) reject(i, "host_dependency_rejected", `required plugin:${selector} was rejected`);
    }
  };
  rejectDependents();

  // 6. Tool collisions among the remaining, all at once; then step 5 again.
  {
    const play = inPlay();
    const collisions = findToolCollisions(play.map((i) => ({ plugin: String(i), tools: pkg(i).tools.map((t) => t.id) })));
    for (const c of collisions)
      for (const owner of c.plugins)
        reject(
          Number(owner),
          "host_tool_collision",
          `tool ${c.tool} is also contributed by ${c.plugins
            .filter((o) => o !== owner)
            .map((o) => pkg(Number(o)).name)
            .join(", ")}`,
        );
    rejectDependents();
  }

  const play = inPlay();
  const accepted = play.map((i) => ({
    pkg: pkg(i),
    dependsOn: [...new Set(requiredSelectors(pkg(i)).flatMap((s) => matches(s, play).map((j) => pkg(j).name)))],
  }));
  const rejected = [...rejection].sort(([a], [b]) => a - b).map(([, r]) => r);
  return { accepted, rejected };
}
