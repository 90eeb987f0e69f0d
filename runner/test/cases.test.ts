// Case loading: table merge (KIT-CASE-TABLE-MERGE), content hashes (KIT-CASE-HASH),
// ids and areas (KIT-CASE-ID-UNIQUE), schema checks (KIT-CASE-SCHEMA, KIT-CASE-REQUIREMENTS).

import { describe, expect, it } from "vitest";
import { caseHash, loadCaseFile, mergeCase, suiteHash, type CaseSet } from "../src/cases/load-cases.js";
import type { CaseSpec } from "../src/types/case.js";

const base: CaseSpec = {
  id: "area/x/one",
  title: "one",
  spec: ["KIT-A"],
  operation: "validate",
  given: { files: { "a.txt": "a" } },
  expect: { exit: 0 },
};

function load(text: string): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, "cases/area/x/f.yaml", "area/x", set);
  return set;
}

describe("table files", () => {
  it("merge given.files and given.args key by key and replace other keys", () => {
    const merged = mergeCase(
      { spec: ["KIT-A"], given: { files: { "a.txt": "a", "b.txt": "b" }, args: { x: 1 }, source: "src" }, expect: { exit: 1, valid: false } },
      { id: "area/x/t", given: { files: { "b.txt": "B", "c.txt": "c" } }, expect: { exit: 0 } },
    );
    expect(merged).toEqual({
      id: "area/x/t",
      spec: ["KIT-A"],
      given: { files: { "a.txt": "a", "b.txt": "B", "c.txt": "c" }, args: { x: 1 }, source: "src" },
      expect: { exit: 0 },
    });
  });

  it("load each entry as its own case with its own line", () => {
    const set = load("operation: validate\nspec: [KIT-A]\nexpect: { exit: 0 }\ncases:\n  - { id: area/x/a, title: a }\n  - id: area/x/b\n    title: b\n");
    expect(set.problems).toEqual([]);
    expect(set.cases.map((c) => [c.id, c.area, c.location.line])).toEqual([
      ["area/x/a", "area/x", 5],
      ["area/x/b", "area/x", 6],
    ]);
  });
});

describe("case hashes", () => {
  it("change with what the case checks, not with prose", () => {
    const h = caseHash(base);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(caseHash({ ...base, title: "renamed", notes: "more words" })).toBe(h);
    expect(caseHash({ ...base, expect: { exit: 1 } })).not.toBe(h);
    expect(caseHash({ ...base, given: { files: { "a.txt": "b" } } })).not.toBe(h);
    expect(caseHash({ ...base, spec: ["KIT-B"] })).not.toBe(h);
  });

  it("do not depend on key order", () => {
    const reordered = { expect: { exit: 0 }, given: { files: { "a.txt": "a" } }, operation: "validate", spec: ["KIT-A"], title: "one", id: "area/x/one" } as CaseSpec;
    expect(caseHash(reordered)).toBe(caseHash(base));
  });

  it("make a suite hash that depends on every case but not on their order", () => {
    const a = { id: "a/b/c", hash: "1".repeat(64) };
    const b = { id: "a/b/d", hash: "2".repeat(64) };
    expect(suiteHash([a, b])).toBe(suiteHash([b, a]));
    expect(suiteHash([a, b])).not.toBe(suiteHash([a, { ...b, hash: "3".repeat(64) }]));
  });
});

describe("case schema", () => {
  it("refuses a case without requirements, with an unknown operation or a bad id", () => {
    const set = load("id: area/x/Bad_Id\ntitle: t\nspec: []\noperation: frobnicate\nexpect: { exit: 0 }\n");
    expect(set.cases).toEqual([]);
    expect(set.problems.map((p) => [p.line, p.message])).toEqual([
      [1, '/id must match pattern "^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)+$"'],
      [3, "/spec must NOT have fewer than 1 items"],
      [4, '/operation must be equal to one of the allowed values ("validate", "validate-cli", "dispatch", "compose", "load-agent-plugin", "live", "project")'],
    ]);
    expect(set.broken).toHaveLength(1);
  });
});
