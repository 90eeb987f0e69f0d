// The reference grammar (SPEC.md 3.3): shapes, kinds, atoms, and what a selector is not.

import { describe, expect, it } from "vitest";
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
    ["skill", /1 ':'-separated/],
    ["skill:", /selector is empty/],
    [":review", /unknown kind ""/],
    ["skill::review", /source is empty/],
    ["skill:company:", /selector is empty/],
    ["skill:a:b:c", /4 ':'-separated/],
    ["tool:run", /unknown kind "tool"/],
    ["Skill:review", /unknown kind "Skill"/],
    ["skill:docs/style", /selector contains "\/"/],
    ["skill:a\\b", /selector contains "\\\\"/],
    ["skill:review#v2", /selector contains "#"/],
    ["skill:com#pany:review", /source contains "#"/],
  ])("rejects %s", (text, problem) => {
    const parsed = parseReference(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(problem);
  });

  it("counts atom length in UTF-8 bytes, not characters", () => {
    expect(atomProblem("a".repeat(16384))).toBeUndefined();
    expect(atomProblem("a".repeat(16385))).toMatch(/16384 UTF-8 bytes/);
    expect(atomProblem("é".repeat(8192))).toBeUndefined(); // 16384 bytes
    expect(atomProblem("é".repeat(8193))).toMatch(/16384 UTF-8 bytes/); // 8193 characters
  });

  it("compares references structurally: the source part counts", () => {
    const parse = (text: string) => {
      const parsed = parseReference(text);
      if (!parsed.ok) throw new Error(parsed.problem);
      return parsed.reference;
    };
    expect(sameReference(parse("skill:review"), parse("skill:review"))).toBe(true);
    expect(sameReference(parse("skill:review"), parse("skill:validation:review"))).toBe(false);
    expect(sameReference(parse("skill:review"), parse("agent:review"))).toBe(false);
  });
});
