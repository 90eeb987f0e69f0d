// The example for implementers: the conformance suite inside your own vitest run.
//
// Written exactly as it would sit in your repository, with papc installed as a dev dependency
// (`npm install --save-dev papc`, or the tarball of `npm pack`): it imports "papc", never a path
// into the kit. Point `command` at your implementation (SPEC.md §1.2: one JSON request per line
// on stdin, one reply per line on stdout), or `adapter` at a folder with an adapter.yaml for a
// one-shot CLI; here the first test runs the bundled reference, the second a wrong
// implementation, to show that the suite fails it.

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { OUTCOMES, renderSummary, runSuite, type CaseRecord, type RunReport } from "papc";

/** The cases that must not be there: anything but pass, or a case that does not apply. */
const problems = (report: RunReport): CaseRecord[] => report.cases.filter((c) => c.outcome !== "pass" && c.outcome !== "not-applicable");

describe("PLUGIN.toml hook declarations (papc conformance)", () => {
  it("passes every case of manifest/structural/hook", async () => {
    const report = await runSuite({
      adapter: "reference", // yours: command: "python3 my_validator.py --papc"
      cases: ["manifest/structural/hook/**"],
      jobs: 2,
      timeoutMs: 10_000,
    });
    // On failure, print every failing case with its message and field-by-field diff.
    if (problems(report).length > 0) console.log(renderSummary(report));
    expect(report.cases.length).toBeGreaterThan(0);
    expect(problems(report).map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""}`)).toEqual([]);
    expect(report.footer.exit_code).toBe(0);
  });

  it("fails an implementation that accepts every package", async () => {
    // A wrong validator: calls every source valid (runner/test/mutants/answers-fixed-verdict.mjs).
    // A command string is split at spaces (a backslash escapes one), not by a shell.
    const wrong = fileURLToPath(new URL("./mutants/answers-fixed-verdict.mjs", import.meta.url)).replaceAll(" ", "\\ ");
    const seen: string[] = [];
    const report = await runSuite({
      command: `node ${wrong} accept`,
      cases: ["manifest/structural/hook/**"],
      jobs: 2,
      onRecord: (record, done, total) => seen.push(`${done}/${total} ${record.id}`),
    });
    expect(seen).toHaveLength(report.cases.length);
    // A judged verdict on every case (pass or fail), not a broken run: crash, error or timeout
    // would mean the implementation never got to answer.
    expect(report.cases.filter((c) => c.outcome !== "pass" && c.outcome !== "fail").map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""}`)).toEqual([]);
    const failed = report.cases.filter((c) => c.outcome === "fail");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((c) => (c.diff ?? []).length > 0 || c.message)).toBe(true);
    expect(report.cases.every((c) => OUTCOMES.includes(c.outcome))).toBe(true);
    expect(report.footer.exit_code).toBe(1);
  });

  it("rejects a selection that matches no case", async () => {
    await expect(runSuite({ cases: ["no/such/case/**"] })).rejects.toThrow(/no case matches case no\/such\/case\/\*\*/);
  });
});
