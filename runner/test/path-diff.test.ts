// Differences named by their JSON path (KIT-DIFF-PATHS, runner/src/compare/path-diff.ts): a nested field, records
// of an array paired by identity (missing and extra said as such), order, and positions where
// records have no identity.

import { describe, expect, it } from "vitest";
import { pathDiff } from "../src/compare/path-diff.js";
import { compareValidate } from "../src/operations/validate/compare.js";
import type { ValidateResult } from "../shared/protocol.js";

describe("path-named differences", () => {
  it("names a nested field, not the whole report", () => {
    expect(pathDiff("report", { package_contract: { valid: true } }, { valid: false, package_contract: { valid: false, diagnostics: [] } })).toEqual([
      { type: "modify", path: "report.package_contract.valid", expected: "true", actual: "false" },
    ]);
  });

  it("pairs records by identity: two missing members read as missing, not as every later one changed", () => {
    const expected = {
      packages: [
        {
          slot_name: "demo",
          members: [
            { ref: "skill:a", status: "resolved" },
            { ref: "skill:b", status: "resolved" },
            { ref: "skill:c", status: "resolved" },
            { ref: "skill:d", status: "missing" },
          ],
        },
      ],
    };
    const actual = {
      packages: [
        {
          slot_name: "demo",
          members: [
            { ref: "skill:a", status: "resolved" },
            { ref: "skill:d", status: "resolved" },
            { ref: "skill:e", status: "resolved" },
          ],
        },
      ],
    };
    expect(pathDiff("report", expected, actual)).toEqual([
      { type: "remove", path: 'report.packages[0].members[1] (missing: ref "skill:b")', expected: '{"ref":"skill:b","status":"resolved"}', actual: "(absent)" },
      { type: "remove", path: 'report.packages[0].members[2] (missing: ref "skill:c")', expected: '{"ref":"skill:c","status":"resolved"}', actual: "(absent)" },
      { type: "modify", path: "report.packages[0].members[3].status", expected: '"missing"', actual: '"resolved"' },
      { type: "add", path: 'report.packages[0].members[2] (extra: ref "skill:e")', expected: "(absent)", actual: '{"ref":"skill:e","status":"resolved"}' },
    ]);
  });

  it("pairs diagnostics by code and path, says a missing field is missing, and an order that differs", () => {
    const d = (code: string, path: string, severity = "error") => ({ code, path, severity });
    expect(pathDiff("report.diagnostics", [d("x", "a"), d("y", "b", "warning")], [d("y", "b"), d("x", "a")])).toEqual([
      { type: "modify", path: "report.diagnostics[1].severity", expected: '"warning"', actual: '"error"' },
    ]);
    expect(pathDiff("report.diagnostics", [d("x", "a"), d("y", "b")], [d("y", "b"), d("x", "a")])).toEqual([
      { type: "modify", path: "report.diagnostics (order)", expected: "x a, y b", actual: "y b, x a" },
    ]);
    expect(pathDiff("report", { profile: "p" }, {})).toEqual([{ type: "remove", path: "report.profile (missing)", expected: '"p"', actual: "(absent)" }]);
  });

  it("compares arrays without identity position by position", () => {
    expect(pathDiff("report.x", [1, 2], [1, 3, 4])).toEqual([
      { type: "modify", path: "report.x[1]", expected: "2", actual: "3" },
      { type: "add", path: "report.x[2] (extra)", expected: "(absent)", actual: "4" },
    ]);
  });

  it("is what a validate case's `report:` difference shows", () => {
    const result = { exit: 1, structural: "accept", report: { valid: false, package_contract: { valid: false, diagnostics: [] }, packages: [] } } as unknown as ValidateResult;
    expect(compareValidate({ report: { package_contract: { valid: true } } }, result)).toEqual([
      { type: "modify", path: "report.package_contract.valid", expected: "true", actual: "false" },
    ]);
  });
});
