// The host's flat tool registry (seed 002: tool names unique across the composition;
// HOST-MAP-TOOLS, HOST-TOOL-COLLISION). A tool's host name is its `id`.

import type { HostPackage } from "./packages.js";

export interface RegisteredTool {
  name: string;
  plugin: string;
}

/** Every package of `among` holding a tool id that another package of `among` also holds. */
export function collidingPackages(packages: readonly HostPackage[], among: readonly number[]): number[] {
  const owners = new Map<string, Set<number>>();
  for (const i of among) {
    for (const tool of packages[i]!.tools) {
      const set = owners.get(tool) ?? new Set<number>();
      set.add(i);
      owners.set(tool, set);
    }
  }
  const colliding = new Set<number>();
  for (const set of owners.values()) if (set.size > 1) for (const i of set) colliding.add(i);
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: a case compares rejected as a set of {package, code} (SPEC 1.9)
  return [...colliding].sort((a, b) => a - b);
}

/** The registry: packages in composition order, each package's tools in manifest order. */
export function toolRegistry(ordered: readonly HostPackage[]): RegisteredTool[] {
  return ordered.flatMap((pkg) => pkg.tools.map((name) => ({ name, plugin: pkg.name })));
}
