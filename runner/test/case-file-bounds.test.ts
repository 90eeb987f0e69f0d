// One hostile case file is a finding at its line, and every other file still loads
// (KIT-CASE-FILE-BOUNDS): an alias bomb, nesting deeper than the parser's recursion (block and
// flow), a file over the size bound, a mapping of 50,000 keys (found duplicate in one pass).

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { CASE_FILE_BOUNDS } from "../src/cases/case-file-bounds.js";
import { loadCaseFile, loadCases, type CaseSet } from "../src/cases/load-cases.js";

const GOOD = "id: area/x/good\ntitle: t\nspec: [KIT-A]\noperation: validate\nexpect: { exit: 0 }\n";
const BOMB = [
  "a: &a [x,x,x,x,x,x,x,x,x]",
  "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
  "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
  "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
  "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
  "f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
  "",
].join("\n");
const DEEP_BLOCK = `id: area/x/deep\ntitle: t\nspec: [KIT-A]\noperation: validate\nnotes:\n  ${"- ".repeat(3000)}x\nexpect: { exit: 0 }\n`;
const DEEP_LINES = `id: area/x/deep\nnotes:\n${Array.from({ length: 1500 }, (_, i) => `${" ".repeat(i)}- `).join("\n")}x\n`;

function load(text: string): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, "cases/area/x/f.yaml", "area/x", set);
  return set;
}

const found = (set: CaseSet): [string, number, string][] => set.problems.map((p) => [p.code, p.line, p.message]);

describe("case file bounds", () => {
  it("an alias bomb is a finding, not a crash", () => {
    expect(found(load(BOMB))).toEqual([["case-file-bounds", 1, expect.stringMatching(/cannot be read: Excessive alias count/)]]);
  });

  it("nesting deeper than the parser's recursion is a finding, in block and in flow style", () => {
    expect(found(load(DEEP_BLOCK))).toEqual([["case-file-bounds", 1, "the case file nests too deeply to be read"]]);
    // the parser itself gives up on these, at a line: one finding each
    for (const text of [DEEP_LINES, `id: area/x/deep\nnotes: ${"[".repeat(5000)}${"]".repeat(5000)}\n`]) {
      const set = load(text);
      expect(set.cases).toEqual([]);
      expect(set.problems.map((p) => p.message)).toEqual([expect.stringMatching(/Maximum call stack size exceeded at line \d+/)]);
    }
  });

  it("a file over the size bound is refused before it is parsed", () => {
    const text = `${GOOD}notes: "${"x".repeat(CASE_FILE_BOUNDS.bytes)}"\n`;
    expect(found(load(text))).toEqual([["case-file-bounds", 1, expect.stringMatching(/more than 2097152: split it/)]]);
  });

  it("finds a duplicate key among 50,000 at its line, in one pass", () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `  k${i}: x`);
    const text = `id: area/x/many\ntitle: t\nspec: [KIT-A]\noperation: validate\ngiven:\n  args:\n${keys.join("\n")}\n  k7: again\nexpect: { exit: 0 }\n`;
    expect(found(load(text))).toEqual([["yaml-syntax", 50_007, 'Map keys must be unique: "k7" is written twice']]);
  });

  it("a bad file leaves every other file of the suite loading", async () => {
    const suite = await tmpDir({ unsafeCleanup: true });
    try {
      await mkdir(join(suite.path, "cases", "area", "x"), { recursive: true });
      await writeFile(join(suite.path, "cases", "area", "x", "bomb.yaml"), BOMB);
      await writeFile(join(suite.path, "cases", "area", "x", "deep.yaml"), DEEP_BLOCK);
      await writeFile(join(suite.path, "cases", "area", "x", "good.yaml"), GOOD);
      const set = await loadCases(join(suite.path, "cases"), suite.path);
      expect(set.cases.map((c) => c.id)).toEqual(["area/x/good"]);
      expect(set.broken.map((b) => b.file).sort()).toEqual(["cases/area/x/bomb.yaml", "cases/area/x/deep.yaml"]);
    } finally {
      await suite.cleanup();
    }
  });
});
