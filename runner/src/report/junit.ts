// JUnit XML for CI: one testsuite per area, one testcase per case.

import type { CaseRecord, RunReport } from "../types/run-report.js";
import { renderDiff } from "./text-diff.js";

export function renderJunit(report: RunReport): string {
  const byArea = new Map<string, CaseRecord[]>();
  for (const c of report.cases) byArea.set(c.area, [...(byArea.get(c.area) ?? []), c]);
  const count = (cs: CaseRecord[], f: (c: CaseRecord) => boolean): number => cs.filter(f).length;
  const isFailure = (c: CaseRecord): boolean => c.outcome === "fail" || c.outcome === "suite-bug" || !!c.stale_baseline;
  const isError = (c: CaseRecord): boolean => c.outcome === "error" || c.outcome === "crash" || c.outcome === "timeout";
  const isSkip = (c: CaseRecord): boolean => c.outcome === "skip" || c.outcome === "not-applicable" || c.outcome === "expected-fail";
  const suites = [...byArea.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([area, cs]) => {
      const time = cs.reduce((t, c) => t + c.duration_ms, 0) / 1000;
      const cases = cs.map((c) => {
        const name = attr(c.id);
        const body = isFailure(c)
          ? `<failure message="${attr(c.message ?? c.outcome)}" type="${c.outcome}">${text(detail(c))}</failure>`
          : isError(c)
            ? `<error message="${attr(c.message ?? c.outcome)}" type="${c.outcome}">${text(detail(c))}</error>`
            : isSkip(c)
              ? `<skipped message="${attr(`${c.outcome}: ${c.message ?? ""}`)}"/>`
              : "";
        return `    <testcase classname="${attr(area)}" name="${name}" time="${(c.duration_ms / 1000).toFixed(3)}">${body}</testcase>`;
      });
      return [
        `  <testsuite name="${attr(area)}" tests="${cs.length}" failures="${count(cs, isFailure)}" errors="${count(cs, isError)}" skipped="${count(cs, isSkip)}" time="${time.toFixed(3)}">`,
        ...cases,
        "  </testsuite>",
      ].join("\n");
    });
  const impl = report.header.implementation?.implementation;
  const name = `papc ${report.header.kit.version} against ${impl ? `${impl.name} ${impl.version}` : report.header.adapter.name}`;
  // A run that stopped early says so where CI tools look: an errored suite of its own.
  const stopped =
    report.footer.stopped === undefined
      ? []
      : [
          `  <testsuite name="papc" tests="1" failures="0" errors="1" skipped="0" time="0.000">`,
          `    <testcase classname="papc" name="run stopped" time="0.000"><error message="${attr(report.footer.stopped)}" type="stopped">${text(`the run stopped after ${report.cases.length} of ${report.header.suite.cases} cases: ${report.footer.stopped}`)}</error></testcase>`,
          "  </testsuite>",
        ].join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${attr(name)}" tests="${report.cases.length}">\n${[...suites, ...(stopped ? [stopped] : [])].join("\n")}\n</testsuites>\n`;
}

function detail(c: CaseRecord): string {
  return [c.message ?? "", c.diff ? renderDiff(c.diff, false) : "", c.stderr ? `stderr:\n${c.stderr}` : ""].filter(Boolean).join("\n");
}

// XML 1.0 forbids most control characters even when escaped; they become U+FFFD.
function clean(s: string): string {
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD");
}

function attr(s: string): string {
  return clean(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/\n/g, "&#10;");
}

function text(s: string): string {
  return clean(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
