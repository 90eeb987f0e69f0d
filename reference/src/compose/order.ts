// Stable topological order (SPEC 10.2; HOST-ORDER-TOPOLOGICAL, HOST-ORDER-STABLE):
// repeatedly place the FIRST item, in input order, all of whose dependencies are already
// placed. Dependencies first; input order decides everything else.

/**
 * `dependencies[i]` lists the positions (within 0..count-1) item i depends on, for every i.
 * Returns the positions in composition order. Throws when some items can never be placed (a
 * cycle), which the caller has ruled out by rejecting cycles first.
 */
export function stableTopologicalOrder(count: number, dependencies: readonly (readonly number[])[]): number[] {
  // Stryker disable next-line ArrayDeclaration: filling an empty array does nothing, and an unset position reads undefined, which is not placed either
  const placed = new Array<boolean>(count).fill(false);
  const order: number[] = [];
  const ready = (i: number): boolean => dependencies[i]!.every((d) => placed[d] === true);
  while (order.length < count) {
    let next = -1;
    for (let i = 0; i < count; i += 1) {
      if (!placed[i] && ready(i)) {
        next = i;
        break;
      }
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral: admission rejects every cycle first (HOST-DEPENDENCY-CYCLE), so some item is always ready
    if (next < 0) throw new Error("stableTopologicalOrder: the dependencies contain a cycle");
    placed[next] = true;
    order.push(next);
  }
  return order;
}
