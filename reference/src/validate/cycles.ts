// Required-dependency cycles among valid packages (SPEC.md 3.8): the strongly connected
// groups of the graph whose edges are resolved *required* dependencies. Tarjan's algorithm,
// iterative so a long chain cannot exhaust the stack; linear in nodes plus edges.

import { compareUtf8 } from "../manifest-types.js";

/** Returns every group that contains a cycle (two or more nodes, or one with a self-edge), each sorted, in order. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Stryker disable next-line MethodExpression: only the order of names inside a cycle message and of cycle diagnostics, which PAP-REPORT-SORTED then orders by message: message text
  const nodes = [...graph.keys()].sort(compareUtf8);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  // Stryker disable next-line ArrayDeclaration: an initial element is never popped (each group pops down to its own root)
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;

  for (const root of nodes) {
    if (index.has(root)) continue;
    // Each frame: a node and the position of the next edge to follow.
    const frames: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as { node: string; next: number };
      // Stryker disable next-line ArrayDeclaration: every node on a frame is a key of the graph
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next] as string;
        frame.next += 1;
        // Stryker disable next-line ConditionalExpression: edges lead only to resolved valid packages, all keys of the graph (resolution.ts)
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          frames.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        // Stryker disable next-line ConditionalExpression,ArrayDeclaration: a group of two or more is pushed anyway; every node is a key of the graph
        const selfLoop = group.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        // Stryker disable next-line MethodExpression: only the order of names inside a cycle message and of cycle diagnostics, which PAP-REPORT-SORTED then orders by message: message text
        if (group.length > 1 || selfLoop) groups.push(group.sort(compareUtf8));
      }
    }
  }
  // Stryker disable next-line MethodExpression,ArrowFunction,StringLiteral: only the order of names inside a cycle message and of cycle diagnostics, which PAP-REPORT-SORTED then orders by message: message text
  return groups.sort((left, right) => compareUtf8(left.join("\u0000"), right.join("\u0000")));
}
