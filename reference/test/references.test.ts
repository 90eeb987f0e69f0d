// The reference grammar (SPEC.md 3.3): shapes, kinds, atoms, and what a selector is not.

import { describe, expect, it } from "vitest";
import { referenceFlaw } from "../src/validate/messages/declarations.js";
import { formatReference } from "../src/validate/messages/wording.js";
import { atomProblem, parseReference, sameReference } from "../src/validate/references.js";

describe("parseReference", () => {
  it.each([
    ["skill:review", { kind: "skill", selector: "review" }],
    ["skill:company:review", { kind: "skill", source: "company", selector: "review" }],
    ["plugin:base", { kind: "plugin", selector: "base" }],
    ["instruction:design-context", { kind: "instruction", selector: "design-context" }],
    ["agent:x:y", { kind: "agent", source: "x", selector: "y" }],
    // Atoms are not names: anything but : # / \ and emptiness is grammatical.
    ["skill:Review Me", { kind: "skill", selector: "Review Me" }],
    ["skill:..", { kind: "skill", selector: ".." }],
    ["skill:é", { kind: "skill", selector: "é" }],
  ])("accepts %s", (text, reference) => {
    expect(parseReference(text)).toEqual({ ok: true, reference });
    const parsed = parseReference(text);
    if (parsed.ok) expect(formatReference(parsed.reference)).toBe(text);
  });

  it.each([
    ["skill", { kind: "parts", count: 1 }, "has 1 ':'-separated parts (expected <kind>:<selector> or <kind>:<source>:<selector>)"],
    ["skill:", { kind: "atom", part: "selector", flaw: { kind: "empty" } }, "selector is empty"],
    [":review", { kind: "unknown-kind", prefix: "" }, 'has unknown kind "" (expected one of plugin, skill, agent, instruction)'],
    ["skill::review", { kind: "atom", part: "source", flaw: { kind: "empty" } }, "source is empty"],
    ["skill:company:", { kind: "atom", part: "selector", flaw: { kind: "empty" } }, "selector is empty"],
    ["skill:a:b:c", { kind: "parts", count: 4 }, "has 4 ':'-separated parts (expected <kind>:<selector> or <kind>:<source>:<selector>)"],
    ["tool:run", { kind: "unknown-kind", prefix: "tool" }, 'has unknown kind "tool" (expected one of plugin, skill, agent, instruction)'],
    ["Skill:review", { kind: "unknown-kind", prefix: "Skill" }, 'has unknown kind "Skill" (expected one of plugin, skill, agent, instruction)'],
    ["skill:docs/style", { kind: "atom", part: "selector", flaw: { kind: "forbidden", character: "/" } }, 'selector contains "/"'],
    ["skill:a\\b", { kind: "atom", part: "selector", flaw: { kind: "forbidden", character: "\\" } }, 'selector contains "\\\\"'],
    ["skill:review#v2", { kind: "atom", part: "selector", flaw: { kind: "forbidden", character: "#" } }, 'selector contains "#"'],
    ["skill:com#pany:review", { kind: "atom", part: "source", flaw: { kind: "forbidden", character: "#" } }, 'source contains "#"'],
    ["skill:a/b:c#d", { kind: "atom", part: "source", flaw: { kind: "forbidden", character: "/" } }, 'source contains "/"'],
  ] as const)("rejects %s", (text, problem, words) => {
    const parsed = parseReference(text);
    expect(parsed).toEqual({ ok: false, problem });
    if (!parsed.ok) expect(referenceFlaw(parsed.problem)).toBe(words);
  });

  it("counts atom length in UTF-8 bytes, not characters", () => {
    const tooLong = { kind: "too-long", maxBytes: 16384 };
    expect(atomProblem("a".repeat(16384))).toBeUndefined();
    expect(atomProblem("a".repeat(16385))).toEqual(tooLong);
    expect(atomProblem("é".repeat(8192))).toBeUndefined(); // 16384 bytes
    expect(atomProblem("é".repeat(8193))).toEqual(tooLong); // 8193 characters
    expect(referenceFlaw({ kind: "atom", part: "selector", flaw: { kind: "too-long", maxBytes: 16384 } })).toBe("selector is longer than 16384 UTF-8 bytes");
  });

  it("compares references structurally: the source part counts", () => {
    const parse = (text: string) => {
      const parsed = parseReference(text);
      if (!parsed.ok) throw new Error(referenceFlaw(parsed.problem));
      return parsed.reference;
    };
    expect(sameReference(parse("skill:review"), parse("skill:review"))).toBe(true);
    expect(sameReference(parse("skill:review"), parse("skill:validation:review"))).toBe(false);
    expect(sameReference(parse("skill:review"), parse("agent:review"))).toBe(false);
  });
});
