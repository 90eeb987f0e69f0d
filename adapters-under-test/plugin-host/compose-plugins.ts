// composePlugins (seed 002, "How composePlugins works"): validate and merge plugins into one
// ComposedPlugins bundle, in five steps:
//   1. duplicate check        → DuplicatePluginError
//   2. dependency validation  → MissingDependencyError
//   3. topological sort, stable on unrelated plugins (input order is the tiebreak);
//      a dependency cycle makes the sort impossible → DependencyCycleError
//   4. collision detection (tool names) → ToolCollisionError
//   5. aggregation: flat tool list and registry, flat hook list, ownership maps.
// The checks are exported as plain functions over names so that a caller which must reject
// packages one by one instead of failing the whole composition (the portable admission layer)
// runs the very same checks.

import { DependencyCycleError, DuplicatePluginError, MissingDependencyError, ToolCollisionError, type MissingDependency, type ToolCollision } from "./compose-errors.js";
import type { AnyHookMatcher, ComposedPlugins, Plugin, ToolDefinition } from "./plugin-types.js";

/** Names that more than one entry carries, in order of first appearance. */
export function findDuplicateNames(names: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const name of names) count.set(name, (count.get(name) ?? 0) + 1);
  return [...count].filter(([, n]) => n > 1).map(([name]) => name);
}

/** Dependencies that name no entry of `present`. */
export function findMissingDependencies(nodes: readonly { name: string; dependsOn: readonly string[] }[], present: ReadonlySet<string>): MissingDependency[] {
  const missing: MissingDependency[] = [];
  for (const node of nodes) for (const dependency of node.dependsOn) if (!present.has(dependency)) missing.push({ plugin: node.name, dependency });
  return missing;
}

/**
 * The dependency cycles of a graph: every strongly connected group of two or more nodes, and
 * every node that depends on itself (Tarjan). Each group lists its nodes in `nodes` order; groups
 * come in order of their first node. Edges to names outside `nodes` are ignored.
 */
export function findDependencyCycles(nodes: readonly string[], dependsOn: (node: string) => readonly string[]): string[][] {
  const position = new Map(nodes.map((n, i) => [n, i] as const));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of dependsOn(node)) {
      if (!position.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || dependsOn(node).includes(node)) groups.push(group.sort((a, b) => position.get(a)! - position.get(b)!));
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => position.get(a[0]!)! - position.get(b[0]!)!);
}

/**
 * Stable topological order: repeatedly place the first entry, in input order, all of whose
 * dependencies are already placed. Returns the placed entries and the ones that could not be
 * placed (on a cycle, or waiting for one). Dependencies outside `items` are ignored.
 */
export function stableTopologicalOrder<T>(items: readonly T[], name: (item: T) => string, dependsOn: (item: T) => readonly string[]): { order: T[]; stuck: T[] } {
  const known = new Set(items.map(name));
  const placed = new Set<string>();
  const order: T[] = [];
  let pending = [...items];
  for (;;) {
    const next = pending.findIndex((item) => dependsOn(item).every((d) => !known.has(d) || placed.has(d)));
    if (next < 0) break;
    const item = pending[next]!;
    order.push(item);
    placed.add(name(item));
    pending = [...pending.slice(0, next), ...pending.slice(next + 1)];
  }
  return { order, stuck: pending };
}

/** Tools that more than one owner contributes, in order of first appearance; owners in the given order. */
export function findToolCollisions(owners: readonly { plugin: string; tools: readonly string[] }[]): ToolCollision[] {
  const byTool = new Map<string, string[]>();
  for (const owner of owners) {
    for (const tool of new Set(owner.tools)) {
      const list = byTool.get(tool) ?? [];
      list.push(owner.plugin);
      byTool.set(tool, list);
    }
  }
  return [...byTool].filter(([, plugins]) => plugins.length > 1).map(([tool, plugins]) => ({ tool, plugins }));
}

export interface ComposePluginsOptions {
  plugins: readonly Plugin[];
}

export function composePlugins({ plugins }: ComposePluginsOptions): ComposedPlugins {
  // 1. Duplicate check.
  const duplicates = findDuplicateNames(plugins.map((p) => p.name));
  if (duplicates.length > 0) throw new DuplicatePluginError(duplicates);

  // 2. Dependency validation.
  const names = new Set(plugins.map((p) => p.name));
  const missing = findMissingDependencies(
    plugins.map((p) => ({ name: p.name, dependsOn: p.dependsOn ?? [] })),
    names,
  );
  if (missing.length > 0) throw new MissingDependencyError(missing);

  // 3. Topological sort (stable).
  const deps = (p: Plugin): readonly string[] => p.dependsOn ?? [];
  const { order, stuck } = stableTopologicalOrder(plugins, (p) => p.name, deps);
  if (stuck.length > 0) {
    const byName = new Map(plugins.map((p) => [p.name, p] as const));
    throw new DependencyCycleError(
      findDependencyCycles(
        stuck.map((p) => p.name),
        (n) => deps(byName.get(n)!),
      ),
    );
  }

  // 4. Collision detection (tool names). Each plugin's tools() is called once.
  const contributed = order.map((plugin) => ({ plugin, tools: plugin.tools?.() ?? [] }));
  const collisions = findToolCollisions(contributed.map((c) => ({ plugin: c.plugin.name, tools: c.tools.map((t) => t.name) })));
  // A plugin listing one tool name twice collides with itself.
  for (const c of contributed) {
    const seen = new Set<string>();
    for (const t of c.tools) {
      if (seen.has(t.name) && !collisions.some((x) => x.tool === t.name)) collisions.push({ tool: t.name, plugins: [c.plugin.name, c.plugin.name] });
      seen.add(t.name);
    }
  }
  if (collisions.length > 0) throw new ToolCollisionError(collisions);

  // 5. Aggregation.
  const tools: ToolDefinition[] = [];
  const toolRegistry = new Map<string, ToolDefinition>();
  const hooks: AnyHookMatcher[] = [];
  const ownership = { tools: new Map<string, string>(), hooks: new Map<AnyHookMatcher, string>() };
  for (const { plugin, tools: own } of contributed) {
    for (const tool of own) {
      tools.push(tool);
      toolRegistry.set(tool.name, tool);
      ownership.tools.set(tool.name, plugin.name);
    }
    for (const hook of plugin.hooks?.() ?? []) {
      hooks.push(hook);
      ownership.hooks.set(hook, plugin.name);
    }
  }
  return { plugins: order, tools, toolRegistry, hooks, ownership };
}
