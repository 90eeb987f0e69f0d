// Which packages the host composes, and in what order (SPEC 10.2, its rules in
// order). Every rejected package is reported once, with the code of the
// first rule that rejected it.

import type { ComposeRejectionCode } from "../../../runner/shared/protocol.js";
import { cyclicPackages, dependencyEdges, dependentsOfRejected, missingDependencies, resolveDependencies } from "./dependencies.js";
import { stableTopologicalOrder } from "./order.js";
import type { HostPackage, ReadPackage } from "./packages.js";
import { collidingPackages } from "./tools.js";

/** The codes are the protocol's (SPEC 10.2). */
export type RejectionCode = ComposeRejectionCode;

export interface Admission {
  /** Accepted packages in composition order. */
  ordered: HostPackage[];
  /** In input order. */
  rejected: { package: string; code: RejectionCode }[];
}

export function admit(read: readonly ReadPackage[]): Admission {
  const codes = new Map<number, RejectionCode>();
  const reject = (positions: Iterable<number>, code: RejectionCode): void => {
    // Stryker disable next-line ConditionalExpression: no position comes twice: every step after the first passes only packages still in play
    for (const i of positions) if (!codes.has(i)) codes.set(i, code);
  };
  const inPlay = (): number[] => read.map((_, i) => i).filter((i) => !codes.has(i));
  // Invalid packages keep a placeholder so positions stay input positions; they are never in play.
  // Stryker disable next-line StringLiteral,ArrayDeclaration: a placeholder is rejected at step 1 and never in play: only its path is read
  const packages: HostPackage[] = read.map((entry) => (entry.ok ? entry.pkg : { path: entry.path, name: "", requires: [], tools: [], hooks: [] }));

  // 1. host_invalid_package
  reject(
    read.flatMap((entry, i) => (entry.ok ? [] : [i])),
    "host_invalid_package",
  );

  // 2. host_duplicate_name: all of them, no precedence.
  const byName = new Map<string, number[]>();
  for (const i of inPlay()) byName.set(packages[i]!.name, [...(byName.get(packages[i]!.name) ?? []), i]);
  reject([...byName.values()].filter((group) => group.length > 1).flat(), "host_duplicate_name");

  // 3. host_missing_dependency, against the packages still in play.
  const candidates = inPlay();
  const targets = resolveDependencies(packages, candidates);
  reject(missingDependencies(targets), "host_missing_dependency");

  // 4. host_dependency_cycle, among those still in play.
  reject(cyclicPackages(targets, inPlay()), "host_dependency_cycle");

  // 5. host_dependency_rejected, to a fixpoint (a dependency rejected in any step).
  const rejectedSet = (): Set<number> => new Set(codes.keys());
  reject(dependentsOfRejected(targets, candidates, rejectedSet()), "host_dependency_rejected");

  // 6. host_tool_collision among the remaining; then step 5 again.
  reject(collidingPackages(packages, inPlay()), "host_tool_collision");
  reject(dependentsOfRejected(targets, candidates, rejectedSet()), "host_dependency_rejected");

  // 7. Stable topological order of the remaining packages.
  const accepted = inPlay();
  const local = new Map(accepted.map((i, k) => [i, k]));
  const order = stableTopologicalOrder(
    accepted.length,
    // every dependency of an accepted package is accepted (step 5 runs after the last rejection), so local holds it
    accepted.map((i) => dependencyEdges(targets, i).map((j) => local.get(j)!)),
  );
  const rejected = [...codes];
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: a case compares rejected as a set of {package, code} (SPEC 1.9)
  rejected.sort(([a], [b]) => a - b);

  return {
    ordered: order.map((k) => packages[accepted[k]!]!),
    rejected: rejected.map(([i, code]) => ({ package: packages[i]!.path, code })),
  };
}
