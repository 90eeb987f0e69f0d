// The Markdown summary under hostile text (KIT-OUTCOME-DISTINCT): a message, a baseline reason or
// an implementation's name can hold HTML (an open `<!--` would hide every later failure), line
// breaks, pipes and backtick fences. Each stays on its line, inert, and every failure is shown.

import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX, renderMarkdown } from "../src/report/markdown.js";
import { footerFor } from "../src/run/tally.js";
import type { CaseRecord, ReportHeader, RunReport } from "../src/types/run-report.js";
import { HEADER as PLAIN_HEADER } from "./report-header.js";

const HEADER: ReportHeader = {
  ...PLAIN_HEADER,
  suite: { hash: "a".repeat(64), cases: 3 },
  implementation: { protocol: 1, implementation: { name: "<img src=x onerror=alert(1)>", version: "1.0" }, operations: ["validate"] },
};

const record = (id: string, extra: Partial<CaseRecord>): CaseRecord => ({
  type: "case",
  id,
  hash: "b".repeat(64),
  area: "area/x",
  spec: ["KIT-A"],
  outcome: "fail",
  duration_ms: 1,
  ...extra,
});

function report(): RunReport {
  const cases = [
    record("area/x/first", {
      message: "result differs <!-- everything after this is hidden",
      diff: [{ type: "change", path: "report", expected: "```\n# not a heading", actual: "````" }],
    }),
    record("area/x/second", { outcome: "error", message: "line one\n## Injected heading\n| a | b |" }),
    record("area/x/known", { outcome: "expected-fail", message: "x", baseline: "we differ | on purpose\n<script>alert(1)</script>" }),
  ];
  return { header: HEADER, cases, footer: footerFor(cases, performance.now()) };
}

describe("the Markdown summary with hostile text", () => {
  const md = renderMarkdown(report());
  const lines = md.split("\n");

  it("opens no HTML: no comment, tag or script from a message, a reason or a name", () => {
    expect(md).not.toMatch(/<!--|<img|<script/);
    expect(md).toContain("&lt;!-- everything after this is hidden");
    expect(lines[0]).toBe("# papc 0.1.0: &lt;img src=x onerror=alert(1)&gt; 1.0 (adapter `impl`)");
  });

  it("keeps each message on one line, so it cannot add a heading", () => {
    expect(lines).toContain("line one ## Injected heading | a | b |");
    expect(lines.filter((l) => l.startsWith("## "))).toEqual(["## Failures", "## Known failures (baseline) (1)"]);
  });

  it("fences a diff with more backticks than it holds, and shows every failure after it", () => {
    const open = lines.findIndex((l) => /^`{3,}diff$/.test(l));
    const fence = lines[open]!.replace("diff", "");
    expect(fence.length).toBeGreaterThan(4);
    const close = lines.indexOf(fence, open + 1);
    expect(close).toBeGreaterThan(open);
    expect(lines.slice(open + 1, close).join("\n")).toContain("# not a heading");
    expect(lines.slice(close)).toContain("### `area/x/second` — error");
  });

  it("escapes the pipes of a table cell and keeps the row on one line", () => {
    expect(lines).toContain("| `area/x/known` | we differ \\| on purpose &lt;script&gt;alert(1)&lt;/script&gt; |");
  });
});

describe("the Markdown summary under GitHub's 1 MiB step-summary limit (KIT-REPORT-MARKDOWN-SIZE)", () => {
  it("keeps the failures that fit, cuts the rest and the tables, and says what it left out", () => {
    const big = "x".repeat(2000);
    const failures = Array.from({ length: 3000 }, (_, i) =>
      record(`area/x/fail-${i}`, { message: "result differs", diff: [{ type: "modify", path: "report.valid", expected: big, actual: "true" }] }),
    );
    const skipped = Array.from({ length: 500 }, (_, i) => record(`area/x/skip-${i}`, { outcome: "skip", message: "declined" }));
    const cases = [...failures, ...skipped];
    const md = renderMarkdown({ header: { ...HEADER, suite: { hash: "a".repeat(64), cases: cases.length } }, cases, footer: footerFor(cases, performance.now()) });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MARKDOWN_MAX);
    const shown = (md.match(/^### `area\/x\/fail-/gm) ?? []).length;
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(3000);
    const rows = (md.match(/^\| `area\/x\/skip-/gm) ?? []).length;
    expect(rows).toBeLessThan(500);
    expect(md.trimEnd().split("\n").pop()).toBe(
      `> **Cut to stay under GitHub's 1 MiB step-summary limit:** ${3000 - shown} of 3000 failures not shown in detail; ${500 - rows} of the 500 rows of the skipped table not shown. The JSON Lines report and the HTML page hold every case.`,
    );
  });

  it("leaves a summary that fits as it is, without a note", () => {
    expect(renderMarkdown(report())).not.toContain("Cut to stay under");
  });
});
