// DESIGN §9, minimal form: every case the reference passes must fail for some wrong
// implementation. Here the wrong implementations are the two constants (accept everything,
// reject everything); a case that passes against both checks nothing. Mutation testing of the
// reference (a later issue) raises this bar to "fails for a subtly wrong implementation".

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite } from "../src/run/run-suite.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

describe("every case has teeth", () => {
  it("fails against accept-everything or against reject-everything", async () => {
    const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
    const failedSomewhere = new Set<string>();
    for (const verdict of ["accept", "reject"]) {
      const adapter = persistentAdapter(["node", join(KIT_ROOT, "runner/test/mutants/answers-fixed-verdict.mjs"), verdict]);
      const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases, jobs: 2 });
      const broken = report.cases.filter((c) => c.outcome !== "pass" && c.outcome !== "fail");
      expect(broken.map((c) => `${c.id}: ${c.outcome} ${c.message}`)).toEqual([]);
      for (const c of report.cases) if (c.outcome === "fail") failedSomewhere.add(c.id);
    }
    const toothless = cases.map((c) => c.id).filter((id) => !failedSomewhere.has(id));
    expect(toothless).toEqual([]);
  }, 300_000);
});
