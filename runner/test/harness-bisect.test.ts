// Bisection over released harness versions (runner/src/harness-matrix/bisect.ts), on a fake version
// list: the first version where a case changed outcome is found in log2 probes, pre-releases and
// versions outside the two ends are never run.

import { describe, expect, it } from "vitest";
import { bisectVersions, compareVersions } from "../src/harness-matrix/bisect.js";

// 2.1.233 … 2.1.332, a pre-release and two versions outside the range mixed in, unsorted
const RELEASED = [...Array.from({ length: 100 }, (_, i) => `2.1.${233 + i}`).reverse(), "2.1.300-beta.1", "2.0.9", "2.2.0"];

describe("bisecting harness versions", () => {
  it("orders versions numerically, a pre-release before its release", () => {
    expect(["2.1.10", "2.1.9", "2.1.300-beta.1", "2.1.300", "10.0.0"].sort(compareVersions)).toEqual(["2.1.9", "2.1.10", "2.1.300-beta.1", "2.1.300", "10.0.0"]);
  });

  it("finds the first version where the outcome changed in at most 7 probes of 98 versions between", async () => {
    const probes: string[] = [];
    const outcome = async (v: string): Promise<string> => {
      probes.push(v);
      return compareVersions(v, "2.1.287") >= 0 ? "fail" : "pass";
    };
    const found = await bisectVersions(RELEASED, { version: "2.1.233", observed: "pass" }, { version: "2.1.332", observed: "fail" }, outcome);
    expect(found.first).toBe("2.1.287");
    expect(found.last_same).toBe("2.1.286");
    expect(probes.length).toBeLessThanOrEqual(7);
    expect(probes.every((v) => !v.includes("-") && compareVersions(v, "2.1.233") > 0 && compareVersions(v, "2.1.332") < 0)).toBe(true);
    expect(found.probed.map((p) => p.version)).toEqual(probes);
  });

  it("names the later end when nothing between differs, and the earliest between when it already does", async () => {
    const never = await bisectVersions(RELEASED, { version: "2.1.233", observed: "pass" }, { version: "2.1.332", observed: "fail" }, async () => "pass");
    expect([never.first, never.last_same]).toEqual(["2.1.332", "2.1.331"]);
    const atOnce = await bisectVersions(RELEASED, { version: "2.1.233", observed: "pass" }, { version: "2.1.332", observed: "fail" }, async () => "fail");
    expect([atOnce.first, atOnce.last_same]).toEqual(["2.1.234", "2.1.233"]);
    const adjacent = await bisectVersions(RELEASED, { version: "2.1.240", observed: "pass" }, { version: "2.1.241", observed: "fail" }, async () => {
      throw new Error("nothing between two adjacent releases is run");
    });
    expect(adjacent).toEqual({ first: "2.1.241", last_same: "2.1.240", probed: [] });
  });
});
