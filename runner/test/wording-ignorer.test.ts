// The mutation run's "wording" ignorer (runner/mutation/wording-ignorer.mjs) must hide exactly the
// mutants that reword a message or detail, and never one that changes a code, a condition or a
// value a case can observe. Checked with Stryker's own instrumenter on a small source.

import { describe, expect, it } from "vitest";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { wordingIgnorer } from "../mutation/wording-ignorer.mjs";

const SOURCE = `
import { other } from "./elsewhere.js";
import { pointerFrom } from "./json-pointer.js";
class ParseError extends Error {}
function fail(code: string, message: string) { return { code, message }; }
const warn = (path: string, detail: string) => ({ path, detail });
export function f(x: number) {
  if (x > 1) return fail("too_big", \`x is \${x > 2 ? "huge" : "big"}\`);
  if (x < 0) throw new ParseError("negative");
  if (x === 0.5) return other("half");
  if (x === 0.25) return warn("quarter-path", "quarter");
  const at = (key: string) => pointerFrom(["plugin", key]);
  if (x === 0.125) return { code: "eighth", pointer: pointerFrom(["plugin", "tail"]) };
  if (x === 0.0625) return other(at("sixteenth"));
  return { code: "ok", detail: "fine", count: x + 1 };
}
`;

const silent = { debug() {}, info() {}, warn() {}, trace() {}, isDebugEnabled: () => false, isTraceEnabled: () => false };

async function mutantsOf(source: string) {
  // The instrumenter's logger is injected by Stryker; a silent one is enough here.
  const instrumenter = new Instrumenter(silent as never);
  const result = await instrumenter.instrument([{ name: "sample.ts", mutate: true, content: source }], {
    plugins: null,
    excludedMutations: [],
    ignorers: [wordingIgnorer],
  });
  const lines = source.split("\n"); // mutant locations count lines from 0
  return result.mutants.map((m) => ({
    original: (lines[m.location.start.line] ?? "").slice(m.location.start.column, m.location.end.line === m.location.start.line ? m.location.end.column : undefined),
    ignored: m.status === "Ignored",
    reason: m.statusReason,
  }));
}

describe("wording ignorer", () => {
  it("ignores message and detail wording, nothing else", async () => {
    const mutants = await mutantsOf(SOURCE);
    const ignored = new Set(mutants.filter((m) => m.ignored).map((m) => m.original));
    const run = new Set(mutants.filter((m) => !m.ignored).map((m) => m.original));
    // wording: message and detail parameters of local functions, Error subclasses, detail and
    // pointer properties
    for (const text of ['`x is ${x > 2 ? "huge" : "big"}`', '"negative"', '"quarter"', '"fine"', '["plugin", "tail"]', '"tail"']) expect(ignored).toContain(text);
    // observable: codes, paths, conditions, values, and arguments of imported or unknown
    // functions (a pointer built by a helper that is not a pointer property is run too)
    for (const text of ['"too_big"', '"ok"', "x + 1", "x > 1", "x < 0", '"half"', '"quarter-path"', '"eighth"', '"sixteenth"', '(key: string) => pointerFrom(["plugin", key])'])
      expect(run).toContain(text);
    for (const m of mutants.filter((m) => m.ignored)) expect(m.reason).toMatch(/^(wording of a message or detail|pointer of a diagnostic)/);
  });

  it("leaves a file without wording untouched", async () => {
    const mutants = await mutantsOf('export const g = (a: number) => (a > 0 ? "pos" : "neg");\n');
    expect(mutants.length).toBeGreaterThan(0);
    expect(mutants.filter((m) => m.ignored)).toEqual([]);
  });
});
