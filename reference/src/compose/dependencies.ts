// Required plugin dependencies between the packages of one composition (SPEC 10.2,
// HOST-DEPENDENCY-*): resolution by plugin.name or plugin.id, cycles, and the propagation of a
// rejection to every package that (transitively) requires a rejected one.

import { findCycles } from "../validate/cycles.js";
import type { HostPackage } from "./packages.js";

/** For each package position: one entry per required dependency, the positions its selector matches. */
export type DependencyTargets = Map<number, number[][]>;

/** Resolves the required dependencies of `among` against `among` (the packages still in play). */
export function resolveDependencies(packages: readonly HostPackage[], among: readonly number[]): DependencyTargets {
  const targets: DependencyTargets = new Map();
  for (const i of among) {
    const pkg = packages[i] as HostPackage;
    targets.set(
      i,
      pkg.requires.map((selector) => among.filter((j) => packages[j]!.name === selector || packages[j]!.id === selector)),
    );
  }
  return targets;
}

/** Packages with a required dependency that matches nothing (HOST-DEPENDENCY-MISSING). */
export function missingDependencies(targets: DependencyTargets): number[] {
  return [...targets].filter(([, deps]) => deps.some((matches) => matches.length === 0)).map(([i]) => i);
}

/** Every position depended on by `i`, each once, ascending. */
export function dependencyEdges(targets: DependencyTargets, i: number): number[] {
  // Stryker disable next-line ArrayDeclaration: every caller passes a position that resolveDependencies was given (the candidates or fewer)
  const deps = targets.get(i) ?? [];
  const edges = [...new Set(deps.flat())];
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: callers only ask whether some or every edge is placed or rejected, or look for strongly connected groups, which no edge order changes
  edges.sort((a, b) => a - b);
  return edges;
}

/** Packages on a cycle of required dependencies, self-dependency included (HOST-DEPENDENCY-CYCLE). */
export function cyclicPackages(targets: DependencyTargets, among: readonly number[]): number[] {
  const graph = new Map<string, string[]>(among.map((i) => [String(i), dependencyEdges(targets, i).map(String)]));
  const cyclic = findCycles(graph).flat().map(Number);
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: a case compares rejected as a set of {package, code} (SPEC 1.9)
  cyclic.sort((a, b) => a - b);
  return cyclic;
}

/**
 * Packages of `among`, not yet rejected, that require a rejected package directly or through
 * other packages (HOST-DEPENDENCY-REJECTED), found by repeating to a fixpoint.
 */
export function dependentsOfRejected(targets: DependencyTargets, among: readonly number[], rejected: ReadonlySet<number>): number[] {
  const out = new Set(rejected);
  const found: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const i of among) {
      if (out.has(i)) continue;
      if (dependencyEdges(targets, i).some((j) => out.has(j))) {
        out.add(i);
        found.push(i);
        changed = true;
      }
    }
  }
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: a case compares rejected as a set of {package, code} (SPEC 1.9)
  return found.sort((a, b) => a - b);
}
