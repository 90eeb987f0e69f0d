// The terminal view: live progress while running, then a summary and a diff per failure.

import { OUTCOMES, type CaseRecord, type Outcome, type ReportFooter, type ReportHeader, type RunReport } from "../types/run-report.js";
import { renderDiff } from "./text-diff.js";

const MARK: Record<Outcome, string> = {
  pass: "✓",
  fail: "✗",
  error: "E",
  crash: "C",
  timeout: "T",
  skip: "s",
  "not-applicable": "-",
  "suite-bug": "B",
  "expected-fail": "x",
};

export interface Out {
  write(s: string): void;
  isTTY?: boolean;
}

/** Progress: one rewritten line on a TTY; elsewhere a line per problem and every 50 cases. */
export class Progress {
  private readonly counts: Partial<Record<Outcome, number>> = {};
  constructor(private readonly out: Out, private readonly color: boolean) {}

  header(h: ReportHeader): void {
    const impl = h.implementation?.implementation;
    this.out.write(`papc ${h.kit.version}: ${h.suite.cases} cases against ${impl ? `${impl.name} ${impl.version}` : h.adapter.name} (${h.adapter.mode})\n`);
  }

  record(r: CaseRecord, done: number, total: number): void {
    this.counts[r.outcome] = (this.counts[r.outcome] ?? 0) + 1;
    const noteworthy = r.outcome !== "pass" && r.outcome !== "not-applicable" || r.stale_baseline;
    if (this.out.isTTY) {
      if (noteworthy) this.out.write(`\r\u001b[K${MARK[r.outcome]} ${r.id}  ${r.outcome}${r.stale_baseline ? " (stale baseline)" : ""}\n`);
      this.out.write(`\r\u001b[K[${done}/${total}] ${this.tally()}`);
      if (done === total) this.out.write("\n");
      return;
    }
    if (noteworthy) this.out.write(`${MARK[r.outcome]} ${r.id}  ${r.outcome}${r.stale_baseline ? " (stale baseline)" : ""}\n`);
    if (done % 50 === 0 || done === total) this.out.write(`[${done}/${total}] ${this.tally()}\n`);
  }

  private tally(): string {
    return OUTCOMES.filter((o) => this.counts[o]).map((o) => `${o} ${this.counts[o]}`).join(", ");
  }
}

export function renderSummary(report: RunReport, color: boolean): string {
  const lines: string[] = [];
  const problems = report.cases.filter((c) => (c.outcome !== "pass" && c.outcome !== "not-applicable" && c.outcome !== "skip" && c.outcome !== "expected-fail") || c.stale_baseline);
  for (const c of problems) {
    lines.push("", `${MARK[c.outcome]} ${c.id} — ${c.stale_baseline ? "stale baseline" : c.outcome}`);
    if (c.message) lines.push(`  ${c.message}`);
    if (c.diff) lines.push(renderDiff(c.diff, color, "  "));
    if (c.stderr && c.outcome !== "fail") lines.push(`  stderr (tail):\n${indent(c.stderr.slice(-2000), "    ")}`);
  }
  lines.push("", totalsLine(report.footer), "");
  return lines.join("\n");
}

export function totalsLine(f: ReportFooter): string {
  const parts = OUTCOMES.filter((o) => f.totals[o]).map((o) => `${f.totals[o]} ${o}`);
  const stale = f.stale_baselines.length > 0 ? `, ${f.stale_baselines.length} stale baseline` : "";
  return `${parts.join(", ")}${stale} — ${f.exit_code === 0 ? "OK" : "FAILED"} in ${(f.duration_ms / 1000).toFixed(2)} s`;
}

function indent(s: string, by: string): string {
  return s.split("\n").map((l) => by + l).join("\n");
}
