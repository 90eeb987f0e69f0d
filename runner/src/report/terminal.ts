// The terminal view: live progress while running, then a summary and a diff per failure.

import { OUTCOMES, type CaseRecord, type Outcome, type ReportFooter, type ReportHeader, type RunReport } from "../types/run-report.js";
import { renderDiff } from "./text-diff.js";
import { fixtureLines, inputHeading } from "./input-text.js";
import { count } from "../common/plural.js";

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

/** quiet: only problems and the totals; normal: problems and progress; verbose: every case. */
export type Verbosity = "quiet" | "normal" | "verbose";

const PAINT: Partial<Record<Outcome, string>> = {
  pass: "\u001b[32m",
  fail: "\u001b[31m",
  error: "\u001b[31m",
  crash: "\u001b[31m",
  timeout: "\u001b[31m",
  "suite-bug": "\u001b[35m",
  skip: "\u001b[33m",
  "expected-fail": "\u001b[36m",
};

/**
 * Progress: on a TTY one rewritten status line (cases done, outcome counts, ETA) with a line
 * per problem above it; elsewhere (CI logs) a line per problem and a status line every 50 cases.
 */
export class Progress {
  private readonly counts: Partial<Record<Outcome, number>> = {};
  private started = 0;
  constructor(
    private readonly out: Out,
    private readonly color: boolean,
    private readonly verbosity: Verbosity = "normal",
    private readonly now: () => number = () => performance.now(),
  ) {}

  header(h: ReportHeader): void {
    this.started = this.now();
    if (this.verbosity === "quiet") return;
    const impl = h.implementation?.implementation;
    this.out.write(`papc ${h.kit.version}: ${count(h.suite.cases, "case")} against ${impl ? `${impl.name} ${impl.version}` : h.adapter.name} (${h.adapter.mode})\n`);
  }

  record(r: CaseRecord, done: number, total: number): void {
    this.counts[r.outcome] = (this.counts[r.outcome] ?? 0) + 1;
    const noteworthy = (r.outcome !== "pass" && r.outcome !== "not-applicable" && r.outcome !== "skip" && r.outcome !== "expected-fail") || r.stale_baseline === true;
    const line =
      noteworthy || this.verbosity === "verbose"
        ? `${this.mark(r.outcome)} ${r.id}  ${r.outcome}${r.stale_baseline ? " (stale baseline)" : ""}${this.verbosity === "verbose" && r.outcome !== "not-applicable" ? `  ${Math.round(r.duration_ms)} ms` : ""}\n`
        : "";
    if (this.verbosity === "quiet") {
      if (noteworthy) this.out.write(line);
      return;
    }
    if (this.out.isTTY) {
      this.out.write(`\r\u001b[K${line}\r\u001b[K${this.status(done, total)}`);
      if (done === total) this.out.write("\n");
      return;
    }
    this.out.write(line);
    if (done % 50 === 0 || done === total) this.out.write(`${this.status(done, total)}\n`);
  }

  /** `[done/total] outcome counts · ETA`: the ETA assumes the remaining cases take the mean so far. */
  status(done: number, total: number): string {
    const tally = OUTCOMES.filter((o) => this.counts[o])
      .map((o) => `${o} ${this.counts[o]}`)
      .join(", ");
    const elapsed = this.now() - this.started;
    const eta = done > 0 && done < total ? ` · ETA ${formatDuration((elapsed / done) * (total - done))}` : "";
    return `[${done}/${total}] ${tally}${eta}`;
  }

  private mark(o: Outcome): string {
    const paint = PAINT[o];
    return this.color && paint ? `${paint}${MARK[o]}\u001b[0m` : MARK[o];
  }
}

/** 3 s, 1 m 05 s, 1 h 02 m */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} m ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} m`;
}

/** `where` shows a case file (relative to the kit) as the reader can open it, e.g. relative to the current directory. */
export function renderSummary(report: RunReport, color: boolean, where?: (file: string) => string): string {
  const lines: string[] = [];
  const problems = report.cases.filter(
    (c) => (c.outcome !== "pass" && c.outcome !== "not-applicable" && c.outcome !== "skip" && c.outcome !== "expected-fail") || c.stale_baseline,
  );
  for (const c of problems) {
    lines.push("", `${MARK[c.outcome]} ${c.id} — ${c.stale_baseline ? "stale baseline" : c.outcome}`);
    if (c.input) lines.push(...inputHeading(c.input, "  ", where));
    if (c.message) lines.push(`  ${c.message}`);
    if (c.diff) lines.push(renderDiff(c.diff, color, "  "));
    if (c.input && !c.stale_baseline) lines.push(...fixtureLines(c.input, "  "));
    if (c.kept_fixture) lines.push(`  fixture kept (as the implementation left it): ${c.kept_fixture}`);
    if (c.stderr && c.outcome !== "fail") lines.push(`  stderr (tail):\n${indent(c.stderr.slice(-2000), "    ")}`);
  }
  const left = report.footer.leftovers ?? [];
  if (left.length > 0) {
    lines.push(
      "",
      `warning: ${count(left.length, "process was", "processes were")} left running after the case or run that started them ended, outside the process group papc kills (killed then):`,
    );
    for (const l of left) lines.push(`  pid ${l.pid}  ${l.case ? `case ${l.case}` : "before any case"}  ${l.command}`);
  }
  lines.push("", totalsLine(report.footer), "");
  return lines.join("\n");
}

export function totalsLine(f: ReportFooter): string {
  const parts = OUTCOMES.filter((o) => f.totals[o]).map((o) => `${f.totals[o]} ${o}`);
  const stale = f.stale_baselines.length > 0 ? `, ${f.stale_baselines.length} stale baseline` : "";
  const stopped = f.stopped === undefined ? "" : ` — STOPPED: ${f.stopped}`;
  return `${parts.join(", ")}${stale} — ${f.exit_code === 0 ? "OK" : "FAILED"} in ${(f.duration_ms / 1000).toFixed(2)} s${stopped}`;
}

function indent(s: string, by: string): string {
  return s
    .split("\n")
    .map((l) => by + l)
    .join("\n");
}
