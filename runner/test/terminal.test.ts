// The terminal view: progress modes (quiet, normal, verbose), the ETA, and colour only when asked.

import { describe, expect, it } from "vitest";
import { formatDuration, Progress, type Verbosity } from "../src/report/terminal.js";
import { LISTED_MAX, renderComparison } from "../src/report/compare-reports.js";
import type { CaseRecord, Outcome, ReportHeader } from "../src/types/run-report.js";

const header: ReportHeader = {
  type: "header",
  report_schema: 1,
  kit: { name: "papc", version: "9.9.9" },
  suite: { hash: "h", cases: 4 },
  adapter: { name: "demo", mode: "persistent", command: ["demo"] },
  implementation: null,
  environment: { node: "v20", platform: "linux", arch: "x64", cpus: 2 },
  started_at: "2026-12-03T00:00:00.000Z",
};
const rec = (id: string, outcome: Outcome): CaseRecord => ({ type: "case", id, hash: "x", area: "a", spec: [], outcome, duration_ms: 12.6 });

/** Runs four cases (pass, fail, pass, skip) one simulated second apart and returns what was printed. */
function run(verbosity: Verbosity, isTTY: boolean, color = false): string {
  let clock = 0;
  let printed = "";
  const p = new Progress({ write: (s) => void (printed += s), isTTY }, color, verbosity, () => clock);
  p.header(header);
  const records = [rec("a/one", "pass"), rec("a/two", "fail"), rec("a/three", "pass"), rec("a/four", "skip")];
  records.forEach((r, i) => {
    clock += 1000;
    p.record(r, i + 1, records.length);
  });
  return printed;
}

describe("Progress", () => {
  it("normal, not a TTY: the header, a line per problem and the final status, no escape codes", () => {
    const out = run("normal", false);
    expect(out).toBe("papc 9.9.9: 4 cases against demo (persistent)\n✗ a/two  fail\n[4/4] pass 2, fail 1, skip 1\n");
  });

  it("normal, on a TTY: rewrites one status line with counts and an ETA from the mean so far", () => {
    const out = run("normal", true);
    expect(out).toContain("\r\u001b[K[1/4] pass 1 · ETA 3 s");
    expect(out).toContain("\r\u001b[K[2/4] pass 1, fail 1 · ETA 2 s");
    expect(out).toContain("✗ a/two  fail\n");
    expect(out.endsWith("[4/4] pass 2, fail 1, skip 1\n")).toBe(true);
  });

  it("quiet: no header, no status, only problems", () => {
    expect(run("quiet", true)).toBe("✗ a/two  fail\n");
  });

  it("verbose: every case with its duration", () => {
    const out = run("verbose", false);
    for (const line of ["✓ a/one  pass  13 ms", "✗ a/two  fail  13 ms", "s a/four  skip  13 ms"]) expect(out).toContain(line);
  });

  it("paints marks only when colour is on (NO_COLOR or a pipe turn it off in the CLI)", () => {
    expect(run("normal", false, false)).not.toContain("\u001b[");
    expect(run("normal", false, true)).toContain("\u001b[31m✗\u001b[0m a/two");
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0 s"],
    [59_400, "59 s"],
    [65_000, "1 m 05 s"],
    [3_720_000, "1 h 02 m"],
  ])("%d ms is %s", (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe("counts and lists as people read them (KIT-CLI-USAGE, KIT-REPORT-COMPARE)", () => {
  it("says 1 case, not 1 cases", () => {
    let printed = "";
    new Progress({ write: (s) => void (printed += s) }, false).header({ ...header, suite: { hash: "h", cases: 1 } });
    expect(printed).toBe("papc 9.9.9: 1 case against demo (persistent)\n");
  });

  it("report compare opens with the counts and lists at most 50 entries per section", () => {
    const regressions = Array.from({ length: 60 }, (_, i) => ({ id: `a/r${i}`, before: "pass", after: "fail" }));
    const text = renderComparison(
      { regressions, fixes: [{ id: "a/f", before: "fail", after: "pass" }], other_changes: [], changed_cases: [], added: ["a/new"], removed: [], same_suite: true },
      "A",
      "B",
    );
    const lines = text.split("\n");
    expect(lines.slice(0, 4)).toEqual(["compare A → B", "60 regressions, 1 fix, 0 other changes, 0 cases whose content changed, 1 added, 0 removed", "", "regressions (60):"]);
    expect(lines.filter((l) => l.startsWith("  a/r"))).toHaveLength(LISTED_MAX);
    expect(text).toContain("  a/r49: pass → fail\n  … and 10 more (--json lists them all)\n\nfixes (1):\n  a/f: fail → pass\n\nadded (1):\n  a/new\n");
  });
});
