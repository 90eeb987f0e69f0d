// The validator's wording (reference/src/validate/messages/): every kind belongs to one area, and
// a finding of a kind without wording stops the validator instead of reaching a report.

import { describe, expect, it } from "vitest";
import { AREAS, type Problem, render } from "../src/validate/messages/index.js";

describe("validator messages", () => {
  it("give every kind to exactly one area, named with its area's prefixes", () => {
    const all = Object.values(AREAS).flatMap((table) => Object.keys(table));
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all).size).toBe(all.length);
    for (const kind of all) expect(kind).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
  });

  it("refuse a kind they do not word", () => {
    expect(() => render({ code: "invalid_plugin_package", kind: "" } as unknown as Problem)).toThrow(/no wording/);
    expect(() => render({ code: "invalid_plugin_package", kind: "tool-entry-path", tool: 0, id: "t", path: "", flaw: "" } as unknown as Problem)).toThrow(/no wording/);
  });
});
