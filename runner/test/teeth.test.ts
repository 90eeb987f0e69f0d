// DESIGN §9, minimal form: every case the reference passes must fail for some wrong
// implementation. Validate cases meet the two constant validators (accept everything, reject
// everything); dispatch cases meet wrong dispatchers that each break one rule of SPEC chapters
// 5–6 (runner/test/mutants/wrong-dispatcher.mjs). A case that passes against all of them checks
// nothing. Mutation testing of the reference (a later issue) raises this bar further.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

const MUTANTS = join(KIT_ROOT, "runner/test/mutants");
const WRONG_VALIDATORS = ["accept", "reject"].map((v) => ["node", join(MUTANTS, "answers-fixed-verdict.mjs"), v]);
const WRONG_DISPATCHERS = [
  "silent", "runs-everything", "leaks-environment", "ignores-matcher", "swaps-provider",
  "always-reports", "always-fails-closed", "flips-visibility", "reverses-order", "waits-longer",
].map((m) => ["node", join(MUTANTS, "wrong-dispatcher.mjs"), m]);

// Each wrong implementation meets only the cases no earlier one has failed, which keeps the
// test short: the laziest mutants come first and catch most cases.
async function failuresAgainst(commands: string[][], cases: LoadedCase[]): Promise<Set<string>> {
  const failed = new Set<string>();
  for (const command of commands) {
    const survivors = cases.filter((c) => !failed.has(c.id));
    if (survivors.length === 0) break;
    const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter: persistentAdapter(command), cases: survivors, jobs: 2 });
    // a wrong implementation must get a judged verdict, not a broken run
    const broken = report.cases.filter((c) => c.outcome !== "pass" && c.outcome !== "fail");
    expect(broken.map((c) => `${command.at(-1)} ${c.id}: ${c.outcome} ${c.message}`)).toEqual([]);
    for (const c of report.cases) if (c.outcome === "fail") failed.add(c.id);
  }
  return failed;
}

describe("every case has teeth", async () => {
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  const byOperation = (op: string) => cases.filter((c) => c.operation === op);

  it("every validate case fails against accept-everything or reject-everything", async () => {
    const validate = byOperation("validate");
    const failed = await failuresAgainst(WRONG_VALIDATORS, validate);
    expect(validate.map((c) => c.id).filter((id) => !failed.has(id))).toEqual([]);
  }, 300_000);

  it("every dispatch case fails against at least one wrong dispatcher", async () => {
    const dispatch = byOperation("dispatch");
    const failed = await failuresAgainst(WRONG_DISPATCHERS, dispatch);
    expect(dispatch.map((c) => c.id).filter((id) => !failed.has(id))).toEqual([]);
  }, 600_000);

  it("knows every operation the suite uses", () => {
    expect([...new Set(cases.map((c) => c.operation))].filter((op) => op !== "validate" && op !== "dispatch")).toEqual([]);
  });
});
