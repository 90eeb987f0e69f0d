// Checks KIT-REPORT-BADGE and KIT-REPORT-VERDICT (SPEC.md).
// The badge of a run (report/badge.ts): pass / counted, counted = every case but skip and
// not-applicable (expected-fail, fail, error, crash, timeout and suite-bug count as not passing),
// rounded down to one decimal, coloured by thresholds; the shields.io endpoint JSON, the static
// URL, the Markdown summary's badge line and pass percentage all agree; `badgeCommand` writes and
// prints it.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { BADGE_COLORS, badgeCommand, badgeCounts, badgeFor, badgeMarkdown, badgeUrl, type Badge } from "../src/report/badge.js";
import { parseReport } from "../src/report/jsonl.js";
import { NOT_CERTIFICATION, notJudgedLine, verdictLine } from "../src/report/headline.js";
import { renderHtml } from "../src/report/html.js";
import { passPercentage, renderMarkdown } from "../src/report/markdown.js";
import { footerFor } from "../src/run/tally.js";
import type { CaseRecord, Outcome, RunReport } from "../src/types/run-report.js";
import { HEADER } from "./report-header.js";

/** A report with `n` cases of each outcome given. */
function reportOf(counts: Partial<Record<Outcome, number>>): RunReport {
  const cases: CaseRecord[] = [];
  for (const [outcome, n] of Object.entries(counts) as [Outcome, number][]) {
    for (let i = 0; i < n; i++) {
      cases.push({
        type: "case",
        id: `area/x/${outcome}-${i}`,
        hash: "b".repeat(64),
        area: "area/x",
        spec: ["KIT-A"],
        outcome,
        duration_ms: 1,
        ...(outcome === "pass" ? {} : { message: outcome }),
        ...(outcome === "expected-fail" ? { baseline: "known" } : {}),
      });
    }
  }
  return { header: { ...HEADER, suite: { ...HEADER.suite, cases: cases.length } }, cases, footer: footerFor(cases, performance.now()) };
}

describe("badgeFor", () => {
  it("counts pass over every case but skip and not-applicable; expected-fail and suite-bug count as not passing", () => {
    const r = reportOf({ pass: 5, fail: 1, "expected-fail": 1, error: 1, crash: 1, timeout: 1, "suite-bug": 1, skip: 2, "not-applicable": 3 });
    expect(badgeCounts(r)).toEqual({ pass: 5, counted: 11, skipped: 2, notApplicable: 3, percent: 45.4 });
    expect(badgeFor(r)).toEqual({ schemaVersion: 1, label: "papc", message: "45.4% (5/11, 2 skipped)", color: "red" });
    // skips and not-applicable cases change nothing
    expect(badgeFor(reportOf({ pass: 5, fail: 1, skip: 40, "not-applicable": 7 })).message).toBe("83.3% (5/6, 40 skipped)");
  });

  it("rounds down to one decimal, so only a clean run reads 100%", () => {
    expect(badgeFor(reportOf({ pass: 1234, fail: 34 })).message).toBe("97.3% (1234/1268)");
    expect(badgeFor(reportOf({ pass: 1267, "expected-fail": 1 }))).toMatchObject({ message: "99.9% (1267/1268)", color: "green" });
    expect(badgeFor(reportOf({ pass: 1268, skip: 3 }))).toMatchObject({ message: "100% (1268/1268, 3 skipped)", color: "brightgreen" });
  });

  it("colours by thresholds: 100 brightgreen, 95 green, 90 yellowgreen, 75 yellow, 50 orange, below red", () => {
    const colour = (pass: number, fail: number): string => badgeFor(reportOf({ pass, fail })).color;
    expect([colour(10, 0), colour(95, 5), colour(949, 51), colour(90, 10), colour(899, 101), colour(75, 25), colour(50, 50), colour(499, 501), colour(0, 3)]).toEqual([
      "brightgreen",
      "green",
      "yellowgreen",
      "yellowgreen",
      "yellow",
      "yellow",
      "orange",
      "red",
      "red",
    ]);
    expect(BADGE_COLORS.map(([min]) => min)).toEqual([100, 95, 90, 75, 50, 0]);
  });

  it("says so when no case was judged", () => {
    expect(badgeFor(reportOf({ skip: 4, "not-applicable": 2 }))).toEqual({ schemaVersion: 1, label: "papc", message: "no judged cases", color: "lightgrey" });
    expect(badgeFor(reportOf({}), "my impl")).toMatchObject({ label: "my impl", color: "lightgrey" });
  });
});

describe("badge URL and the Markdown summary", () => {
  it("escapes the static badge URL the way shields.io reads it", () => {
    const b: Badge = { schemaVersion: 1, label: "py-min_val", message: "97.3% (1234/1268)", color: "green" };
    expect(badgeUrl(b)).toBe("https://img.shields.io/badge/py--min__val-97.3%25%20(1234%2F1268)-green");
    expect(badgeMarkdown(b)).toBe(`![py-min_val](${badgeUrl(b)})`);
  });

  it("the Markdown summary shows the same badge and the same percentage", () => {
    for (const counts of [{ pass: 156, skip: 49, "expected-fail": 9 }, { pass: 638, skip: 425 }, { pass: 3, fail: 1, "not-applicable": 2 }, { skip: 1 }] as Partial<
      Record<Outcome, number>
    >[]) {
      const r = reportOf(counts);
      const b = badgeFor(r);
      const n = badgeCounts(r);
      const md = renderMarkdown(r);
      expect(md).toContain(`\nBadge: ${badgeMarkdown(b)}\n`);
      expect(md).toContain(`${n.percent}% of ${n.counted} judged cases pass`);
      expect(passPercentage(r)).toBe(n.percent);
    }
    expect(renderMarkdown(reportOf({ pass: 156, skip: 49, "expected-fail": 9 }))).toContain(
      "Badge: ![papc](https://img.shields.io/badge/papc-94.5%25%20(156%2F165%2C%2049%20skipped)-yellowgreen)",
    );
  });
});

describe("the headline of a rendered report", () => {
  it("never says 'no failures' while the baseline lists known failures, and says what was not judged and why in one line", () => {
    const r = reportOf({ pass: 156, skip: 49, "expected-fail": 9 });
    for (const [i, c] of r.cases.filter((x) => x.outcome === "skip").entries()) c.message = i < 40 ? "the result does not report diagnostics" : "the result does not report hooks";
    const line = verdictLine(r);
    expect(line).toBe("⚠️ 9 known failures (baseline); 49 of 214 cases not judged: 40 × the result does not report diagnostics; 9 × the result does not report hooks");
    expect(line).not.toMatch(/no failures/);
    expect(renderMarkdown(r).split("\n")[2]).toBe(`${line}.`);
  });

  it("names a clean run conforming, a run with skips only as having no failures among the judged cases, and a failing run as not conforming", () => {
    expect(verdictLine(reportOf({ pass: 3 }))).toBe("✅ conforming on this suite");
    expect(verdictLine(reportOf({ pass: 3, skip: 1 }))).toBe("⚠️ no failures among the judged cases; 1 of 4 cases not judged: 1 × skip");
    expect(verdictLine(reportOf({ pass: 3, fail: 1, "expected-fail": 2 }))).toMatch(/^❌ not conforming on this suite$/);
    expect(verdictLine(reportOf({ pass: 1, "expected-fail": 1 }))).toBe("⚠️ 1 known failure (baseline)");
  });

  it("is followed by the caveat that a run is not certification, passing or not, in the Markdown and the HTML report", () => {
    for (const r of [reportOf({ pass: 3 }), reportOf({ pass: 1, fail: 1 })]) {
      expect(renderMarkdown(r).split("\n")[4]).toBe(NOT_CERTIFICATION);
      expect(renderHtml([r])).toContain(`<p class="muted">${NOT_CERTIFICATION}</p>`);
    }
    expect(NOT_CERTIFICATION).toMatch(/not package certification/);
  });

  it("quotes the four most frequent reasons and counts the rest", () => {
    const r = reportOf({ skip: 7, "not-applicable": 1 });
    for (const [i, c] of r.cases.entries()) if (c.outcome === "skip") c.message = `reason ${i}`;
    expect(notJudgedLine(r.cases, 8)).toBe(
      "8 of 8 cases not judged: 1 × not applicable: the implementation does not announce this operation; 1 × reason 0; 1 × reason 1; 1 × reason 2; 4 for 4 other reasons (listed below)",
    );
  });
});

describe("badgeCommand", () => {
  async function reportFile(r: RunReport): Promise<string> {
    const file = join((await tmpDir({ unsafeCleanup: true })).path, "run.jsonl");
    await writeFile(file, [r.header, ...r.cases, r.footer].map((l) => JSON.stringify(l)).join("\n") + "\n");
    expect(parseReport(await readFile(file, "utf8"), file).cases).toHaveLength(r.cases.length);
    return file;
  }
  const capture = () => {
    const io = { out: "", err: "" };
    return { io, sink: { out: (t: string) => void (io.out += t), err: (t: string) => void (io.err += t) } };
  };

  it("writes the endpoint JSON to --out and, with --json, prints exactly that document", async () => {
    const report = await reportFile(reportOf({ pass: 9, fail: 1, skip: 2 }));
    const out = join(report, "..", "badge.json");
    const { io, sink } = capture();
    expect(await badgeCommand({ report, out, json: true }, sink)).toBe(0);
    const want = { schemaVersion: 1, label: "papc", message: "90% (9/10, 2 skipped)", color: "yellowgreen" };
    expect(JSON.parse(await readFile(out, "utf8"))).toEqual(want);
    expect(JSON.parse(io.out)).toEqual(want);
  });

  it("prints the badge, how it was counted and its Markdown in text mode", async () => {
    const report = await reportFile(reportOf({ pass: 9, fail: 1, skip: 2, "not-applicable": 1 }));
    const { io, sink } = capture();
    expect(await badgeCommand({ report }, sink)).toBe(0);
    expect(io.out.split("\n")).toEqual([
      "papc: 90% (9/10, 2 skipped), yellowgreen",
      "  9 of 10 counted cases pass; not counted: 2 skipped, 1 not applicable (expected-fail, fail, error, crash, timeout and suite-bug count as not passing)",
      "markdown: ![papc](https://img.shields.io/badge/papc-90%25%20(9%2F10%2C%202%20skipped)-yellowgreen)",
      "",
    ]);
  });

  it("exits 2 on a report it cannot read", async () => {
    const { io, sink } = capture();
    expect(await badgeCommand({ report: "/nonexistent/run.jsonl" }, sink)).toBe(2);
    expect(io.err).toBe("papc: cannot read /nonexistent/run.jsonl: ENOENT\n");
  });
});
