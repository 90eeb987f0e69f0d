// KIT-FIXTURE-RANGE: a fixture key holding {first..last} stands for the keys it names; the loaded
// case and its hash are those of the case written key by key; a malformed range is a lint
// finding at its line and a suite bug in a run.

import { describe, expect, it } from "vitest";
import { loadCaseFile, type CaseSet } from "../src/cases/load-cases.js";
import { expandFileRanges, RANGE_MAX } from "../src/cases/file-ranges.js";

function load(text: string): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, "cases/area/x/f.yaml", "area/x", set);
  return set;
}

const written = (files: string): string => ["id: area/x/one", "title: t", "spec: [PAP-X]", "operation: validate", "expect: { exit: 0 }", "given:", "  files:", files].join("\n");

describe("expandFileRanges", () => {
  it("names every key of the range, padded to the first number's width, in place", () => {
    const { files, problems } = expandFileRanges({ "a/PLUGIN.toml": "x", "a/f{08..11}.txt": "", "a/z": "z" });
    expect(problems).toEqual([]);
    expect(Object.keys(files)).toEqual(["a/PLUGIN.toml", "a/f08.txt", "a/f09.txt", "a/f10.txt", "a/f11.txt", "a/z"]);
    expect(Object.keys(expandFileRanges({ "f{8..10}": "" }).files)).toEqual(["f8", "f9", "f10"]);
  });

  it("lets a key written out win over the same key named by a range, before or after it", () => {
    const { files } = expandFileRanges({ f2: { dir: true }, "f{1..3}": "", f3: "three" });
    expect(files).toEqual({ f2: { dir: true }, f1: "", f3: "three" });
  });

  it("refuses two ranges in a key, a reversed range, too many keys and two ranges naming one path", () => {
    expect(expandFileRanges({ "d{1..2}/f{1..2}": "" }).problems).toEqual([{ key: "d{1..2}/f{1..2}", message: "names two ranges; a key holds at most one {first..last}" }]);
    expect(expandFileRanges({ "f{5..4}": "" }).problems[0]?.message).toMatch(/first number is above its last/);
    expect(expandFileRanges({ [`f{1..${RANGE_MAX + 1}}`]: "" }).problems[0]?.message).toBe(`names ${RANGE_MAX + 1} keys; a range names at most ${RANGE_MAX}`);
    expect(expandFileRanges({ "f{1..3}": "", "f{3..4}": "" }).problems).toEqual([{ key: "f{3..4}", message: 'names "f3", which the range key "f{1..3}" names too' }]);
    // a raw-byte escape is not a range
    expect(expandFileRanges({ "a{hex:ff}": "" })).toEqual({ files: { "a{hex:ff}": "" }, problems: [] });
  });
});

describe("loading a case with a range key", () => {
  it("gives the case, and the hash, of the same case written key by key", () => {
    const ranged = load(written('    plugins/demo/f{001..120}: ""\n    plugins/demo/f007: { dir: true }\n'));
    const keys = Array.from({ length: 120 }, (_, i) => `    plugins/demo/f${String(i + 1).padStart(3, "0")}: ${i === 6 ? "{ dir: true }" : '""'}`);
    const byKey = load(written(`${keys.join("\n")}\n`));
    expect(ranged.problems).toEqual([]);
    expect(byKey.problems).toEqual([]);
    expect(Object.keys(ranged.cases[0]!.given!.files!)).toHaveLength(120);
    expect(ranged.cases[0]!.given!.files!["plugins/demo/f007"]).toEqual({ dir: true });
    expect(ranged.cases[0]!.hash).toBe(byKey.cases[0]!.hash);
  });

  it("reports a malformed range at its key's line and makes the case a suite bug", () => {
    const set = load(written('    plugins/demo/PLUGIN.toml: ""\n    plugins/demo/f{9..1}: ""\n'));
    expect(set.cases).toEqual([]);
    expect(set.broken.map((b) => b.id)).toEqual(["area/x/one"]);
    expect(set.problems.map((p) => [p.code, p.line, p.message])).toEqual([
      ["fixture-range", 9, 'fixture key "plugins/demo/f{9..1}" has the range {9..1}, whose first number is above its last'],
    ]);
  });

  it("a table's range default merges with an entry's own keys, the entry's winning", () => {
    const set: CaseSet = { cases: [], broken: [], problems: [] };
    const table = [
      "title: t",
      "spec: [PAP-X]",
      "operation: validate",
      "expect: { exit: 0 }",
      "given:",
      "  files:",
      '    f{1..4}: ""',
      "cases:",
      "  - id: area/x/a",
      "  - id: area/x/b",
      "    given: { files: { f2: { dir: true }, f5: x } }",
    ].join("\n");
    loadCaseFile(table, "cases/area/x/f.yaml", "area/x", set);
    expect(set.problems).toEqual([]);
    expect(set.cases.map((c) => c.given?.files)).toEqual([
      { f1: "", f2: "", f3: "", f4: "" },
      { f1: "", f2: { dir: true }, f3: "", f4: "", f5: "x" },
    ]);
  });
});
