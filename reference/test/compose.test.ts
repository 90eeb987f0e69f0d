// Pure helpers of the compose operation (SPEC 1.9, chapter 10): stable topological order,
// admission steps, hook selection and the decision combiner.

import { describe, expect, it } from "vitest";
import { admit } from "../src/compose/admission.js";
import { answerOf } from "../src/compose/answers.js";
import { combine, type Answer } from "../src/compose/decision.js";
import { firedHooks } from "../src/compose/hooks.js";
import { stableTopologicalOrder } from "../src/compose/order.js";
import type { HostHook, HostPackage, ReadPackage } from "../src/compose/packages.js";

const pkg = (name: string, extra: Partial<HostPackage> = {}): ReadPackage => ({ ok: true, pkg: { path: `p/${name}`, name, requires: [], tools: [], hooks: [], ...extra } });
const hook = (id: string, extra: Partial<HostHook> = {}): HostHook => ({
  id,
  subject: "tool_call",
  phase: "before",
  effect: "allow_deny",
  failure_policy: "report",
  toolNames: [],
  ...extra,
});

describe("stableTopologicalOrder", () => {
  it("keeps input order when nothing depends on anything", () => {
    expect(stableTopologicalOrder(3, [[], [], []])).toEqual([0, 1, 2]);
  });
  it("places dependencies first and otherwise the first ready item in input order", () => {
    // 0 needs 2; 1 is free; 2 is free → 1 is the first ready, then 2, then 0.
    expect(stableTopologicalOrder(3, [[2], [], []])).toEqual([1, 2, 0]);
    // 0 needs 3, 1 needs 0, 2 free, 3 free.
    expect(stableTopologicalOrder(4, [[3], [0], [], []])).toEqual([2, 3, 0, 1]);
  });
  it("refuses a cycle", () => {
    expect(() => stableTopologicalOrder(2, [[1], [0]])).toThrow(/cycle/);
  });
});

describe("admit", () => {
  it("rejects every duplicate name and the invalid, each once with its first code", () => {
    const result = admit([pkg("a"), { ok: false, path: "p/bad", problem: { kind: "compose-plugin-name" } }, pkg("a"), pkg("b")]);
    expect(result.ordered.map((p) => p.name)).toEqual(["b"]);
    expect(result.rejected).toEqual([
      { package: "p/a", code: "host_duplicate_name" },
      { package: "p/bad", code: "host_invalid_package" },
      { package: "p/a", code: "host_duplicate_name" },
    ]);
  });
  it("missing, cycles (self included) and propagation to dependents", () => {
    const result = admit([
      pkg("a", { requires: ["nope"] }),
      pkg("b", { requires: ["a"] }),
      pkg("c", { requires: ["d"] }),
      pkg("d", { requires: ["c"] }),
      pkg("e", { requires: ["e"] }),
      pkg("f", { requires: ["b"] }),
      pkg("g"),
    ]);
    expect(result.ordered.map((p) => p.name)).toEqual(["g"]);
    expect(Object.fromEntries(result.rejected.map((r) => [r.package, r.code]))).toEqual({
      "p/a": "host_missing_dependency",
      "p/b": "host_dependency_rejected",
      "p/c": "host_dependency_cycle",
      "p/d": "host_dependency_cycle",
      "p/e": "host_dependency_cycle",
      "p/f": "host_dependency_rejected",
    });
  });
  it("resolves by name or id, orders dependencies first, rejects tool collisions and their dependents", () => {
    const result = admit([
      pkg("app", { requires: ["org.base"] }),
      pkg("base", { id: "org.base", tools: ["t1", "t2"] }),
      pkg("x", { tools: ["dup"] }),
      pkg("y", { tools: ["dup"] }),
      pkg("z", { requires: ["y"] }),
    ]);
    expect(result.ordered.map((p) => p.name)).toEqual(["base", "app"]);
    expect(result.rejected).toEqual([
      { package: "p/x", code: "host_tool_collision" },
      { package: "p/y", code: "host_tool_collision" },
      { package: "p/z", code: "host_dependency_rejected" },
    ]);
  });
});

describe("firedHooks", () => {
  it("maps subject/phase to host hooks, applies exact matchers and sorts by identity bytes", () => {
    const accepted = [
      { path: "p/b", name: "b", requires: [], tools: [], hooks: [hook("z"), hook("after", { phase: "after", effect: "observe" })] },
      { path: "p/a", name: "a", requires: [], tools: [], hooks: [hook("m", { toolNames: ["Bash"] }), hook("n", { toolNames: ["bash"] })] },
    ];
    expect(firedHooks(accepted, { hook: "PreToolUse", tool_name: "Bash" }).map((f) => f.identity)).toEqual(["a#hook:m", "b#hook:z"]);
    expect(firedHooks(accepted, { hook: "PostToolUseFailure", tool_name: "Bash" }).map((f) => f.identity)).toEqual(["b#hook:after"]);
    expect(firedHooks(accepted, { hook: "SessionStart" })).toEqual([]);
  });
});

describe("answerOf", () => {
  const fired = (extra: Partial<HostHook>) => ({ identity: "p#hook:h", hook: hook("h", extra) });
  it("abstains by default and keeps an admitted result", () => {
    expect(answerOf(fired({}), undefined)).toEqual({ hook: "p#hook:h", result: { kind: "abstain" } });
    expect(answerOf(fired({}), { kind: "deny", reason: "no" })).toEqual({ hook: "p#hook:h", result: { kind: "deny", reason: "no" } });
  });
  it("turns an incompatible result into a failure: fail_closed denies, report ignores", () => {
    expect(answerOf(fired({ failure_policy: "fail_closed" }), { kind: "add_context", context: "x" })).toEqual({
      hook: "p#hook:h",
      result: { kind: "deny", reason: "p#hook:h failed: hook_result_incompatible" },
      failure: "hook_result_incompatible",
    });
    expect(answerOf(fired({ phase: "after", effect: "observe" }), { kind: "allow" })).toEqual({
      hook: "p#hook:h",
      result: { kind: "abstain" },
      failure: "hook_result_incompatible",
    });
  });
});

describe("combine", () => {
  const a = (hook: string, result: Answer["result"]): Answer => ({ hook, result });
  it("is none with nothing to say", () => {
    expect(combine([])).toEqual({ decision: { kind: "none" }, conflicts: [] });
  });
  it("deny wins, reasons joined in order, no context on deny", () => {
    expect(
      combine([a("1", { kind: "allow" }), a("2", { kind: "deny", reason: "r2" }), a("3", { kind: "add_context", context: "c" }), a("4", { kind: "deny", reason: "r4" })]),
    ).toEqual({ decision: { kind: "deny", reason: "r2\nr4" }, conflicts: [] });
  });
  it("equal rewrites agree whatever their key order; different ones conflict and deny", () => {
    expect(
      combine([a("1", { kind: "rewrite_input", input: { x: 1, y: 2 } }), a("2", { kind: "rewrite_input", input: { y: 2, x: 1 } }), a("3", { kind: "add_context", context: "c" })])
        .decision,
    ).toEqual({ kind: "rewrite_input", input: { x: 1, y: 2 }, context: "c" });
    expect(
      combine([a("1", { kind: "rewrite_input", input: { x: 1 } }), a("2", { kind: "rewrite_input", input: { x: 1 } }), a("3", { kind: "rewrite_input", input: { x: 2 } })]),
    ).toEqual({
      decision: { kind: "deny", reason: "conflicting rewrites: 1, 2, 3" },
      conflicts: [{ hooks: ["1", "2", "3"] }],
    });
  });
  it("different output replacements conflict and apply none", () => {
    expect(combine([a("1", { kind: "replace_output", output: "a" }), a("2", { kind: "replace_output", output: "b" })])).toEqual({
      decision: { kind: "none" },
      conflicts: [{ hooks: ["1", "2"] }],
    });
    expect(combine([a("1", { kind: "replace_output", output: null })]).decision).toEqual({ kind: "replace_output", output: null });
  });
  it("continuation reasons are joined; allow and contexts otherwise", () => {
    expect(combine([a("1", { kind: "continue_workflow", reason: "a" }), a("2", { kind: "allow" }), a("3", { kind: "continue_workflow", reason: "b" })]).decision).toEqual({
      kind: "continue_workflow",
      reason: "a\nb",
    });
    expect(combine([a("1", { kind: "add_context", context: "x" }), a("2", { kind: "allow" }), a("3", { kind: "add_context", context: "y" })]).decision).toEqual({
      kind: "allow",
      context: "x\ny",
    });
    expect(combine([a("1", { kind: "observe" }), a("2", { kind: "add_context", context: "x" })]).decision).toEqual({ kind: "none", context: "x" });
  });
});
