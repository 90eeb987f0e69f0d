// Required-dependency cycles (SPEC.md 3.8): strongly connected groups.

import { describe, expect, it } from "vitest";
import { findCycles } from "../src/validate/cycles.js";

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe("findCycles", () => {
  it("finds nothing in a DAG", () => {
    expect(findCycles(graph({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });
  it("finds a two-package cycle once", () => {
    expect(findCycles(graph({ alpha: ["beta"], beta: ["alpha"] }))).toEqual([["alpha", "beta"]]);
  });
  it("finds a self-dependency", () => {
    expect(findCycles(graph({ a: ["a"], b: [] }))).toEqual([["a"]]);
  });
  it("reports disjoint cycles separately, in order, members sorted", () => {
    expect(findCycles(graph({ z: ["y"], y: ["z"], c: ["a"], a: ["b"], b: ["c"], free: ["a"] }))).toEqual([
      ["a", "b", "c"],
      ["y", "z"],
    ]);
  });
  it("merges cycles that share a package into one group", () => {
    expect(findCycles(graph({ a: ["b", "c"], b: ["a"], c: ["a"] }))).toEqual([["a", "b", "c"]]);
  });
  it("ignores edges to packages outside the graph", () => {
    expect(findCycles(graph({ a: ["gone"], b: ["a"] }))).toEqual([]);
  });
  it("handles a long chain without recursion", () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 20000; i += 1) edges[`p${i}`] = [`p${i + 1}`];
    edges["p20000"] = ["p0"];
    const groups = findCycles(graph(edges));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toHaveLength(20001);
  });
});
