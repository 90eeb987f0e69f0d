// The order in which parallel jobs take cases: the slowest first, so that a long case (a live
// harness run, a 4097-entry fixture, a handler that sleeps to its timeout) does not start last
// and leave the other jobs idle at the end. The cost is a guess from the case alone; nothing a
// case observes depends on the order.

import type { FixtureEntry, LoadedCase } from "../types/case.js";

/** A rough cost in milliseconds. */
export function expectedCost(c: LoadedCase): number {
  if (c.live !== undefined) return 10_000;
  let cost = 1 + Object.values(c.given?.files ?? {}).reduce((t, f) => t + entryCost(f), 0);
  for (const h of c.dispatch?.hooks ?? []) {
    // a handler is a process (~100 ms); one that outlives its timeout costs the timeout
    cost += 100 + Math.min(h.handler.delay_ms ?? 0, h.timeout_ms) + (h.handler.spawn_sleeper ? h.timeout_ms : 0);
  }
  // a project case runs each configured event's command: a dispatcher and its handlers
  cost += 300 * Object.keys(c.project?.payloads ?? {}).length;
  if (c.operation === "steps") cost += 50 * (c.steps?.length ?? 1) + (c.steps?.some((s) => s.operation === "live") ? 10_000 : 0);
  return cost;
}

function entryCost(f: FixtureEntry): number {
  if (typeof f === "string") return 0.5;
  if ("parts" in f) return 0.5 + f.parts.reduce((t, p) => t + (typeof p === "string" ? 0 : (p.repeat.length * p.times) / 1e6), 0);
  return 0.5;
}

/** The cases' indices, most expensive first; equal costs keep their order. */
export function slowestFirst(cases: readonly LoadedCase[]): number[] {
  const cost = cases.map(expectedCost);
  return cases.map((_, i) => i).sort((a, b) => cost[b]! - cost[a]! || a - b);
}
