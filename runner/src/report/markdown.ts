// Markdown summary: for a CI step summary, with a badge line to paste into a README.

import { OUTCOMES, type RunReport } from "../types/run-report.js";
import { badgeCounts, badgeFor, badgeMarkdown } from "./badge.js";
import { NOT_CERTIFICATION, verdictLine } from "./headline.js";
import { renderDiff } from "./text-diff.js";
import { fixtureLines } from "./input-text.js";
import { count } from "../common/plural.js";

/** Pass percentage of the judged cases (every case but skip and not-applicable): the badge's count (badge.ts). */
export function passPercentage(report: RunReport): number {
  return badgeCounts(report).percent;
}

export function renderMarkdown(report: RunReport): string {
  const { header, footer } = report;
  const impl = header.implementation?.implementation;
  // the adapter too when it is not the implementation's name (one harness, two ways to judge it)
  const who = inline(impl ? `${impl.name} ${impl.version}${impl.name === header.adapter.name ? "" : ` (adapter \`${header.adapter.name}\`)`}` : header.adapter.name);
  // the pass percentage counts judged cases only (badge.ts): say so, next to what was not judged
  const counts = badgeCounts(report);
  const pct = counts.percent;
  const skipped = counts.skipped + counts.notApplicable;
  const judged = counts.counted;
  const lines: string[] = [
    `# papc ${header.kit.version}: ${who}`,
    "",
    `${verdictLine(report)}.`,
    "",
    NOT_CERTIFICATION,
    "",
    `${pct}% of ${count(judged, "judged case")} pass (${count(report.cases.length, "case")}, ${skipped} skipped or not applicable; suite \`${header.suite.hash.slice(0, 12)}\`${header.suite.filter ? `, filtered: ${header.suite.filter}` : ""}).`,
    "",
    `Run ${header.started_at.slice(0, 10)} with adapter \`${header.adapter.name}\` on Node ${header.environment.node}, ${header.environment.platform}/${header.environment.arch}.`,
    "",
    ...(header.harnesses?.length
      ? [
          `Harnesses: ${header.harnesses.map((h) => `${inline(`${h.package}@${h.version}`)} (\`--version\`: ${inline(h.version_output)}${h.pinned ? ", the pin" : ", not the pin: a compatibility observation"})`).join("; ")}.`,
          "",
        ]
      : []),
    `Badge: ${badgeMarkdown(badgeFor(report))}`,
    "",
    "| outcome | cases |",
    "|---|---:|",
    ...OUTCOMES.filter((o) => footer.totals[o]).map((o) => `| ${o} | ${footer.totals[o]} |`),
    "",
    "| area | " + OUTCOMES.join(" | ") + " |",
    "|---|" + OUTCOMES.map(() => "---:").join("|") + "|",
    ...Object.entries(footer.by_area).map(([area, t]) => `| ${area} | ${OUTCOMES.map((o) => t[o] ?? "").join(" | ")} |`),
  ];
  // GitHub refuses a step summary over 1 MiB: failures come first, then the lists, each cut
  // where the budget ends, with a note of what was left out (KIT-REPORT-MARKDOWN-SIZE).
  const budget = new Budget(MARKDOWN_MAX - NOTES_RESERVE, bytes(lines));
  const notes: string[] = [];
  const bad = report.cases.filter((c) => (c.outcome !== "pass" && c.outcome !== "not-applicable" && c.outcome !== "expected-fail" && c.outcome !== "skip") || c.stale_baseline);
  if (bad.length > 0) {
    lines.push("", "## Failures", "");
    let shown = 0;
    for (const c of bad) {
      const block = [`### \`${c.id}\` — ${c.stale_baseline ? "stale baseline" : c.outcome}`, ""];
      if (c.input) block.push(`${inline(c.input.title)} (\`${c.input.file}:${c.input.line}\`)`, "");
      block.push(inline(c.message ?? ""), "");
      if (c.diff) block.push(...fenced("diff", renderDiff(c.diff, false)), "");
      if (c.input && !c.stale_baseline) block.push("<details><summary>fixture</summary>", "", ...fenced("", fixtureLines(c.input, "").join("\n")), "", "</details>", "");
      if (!budget.take(block)) break;
      lines.push(...block);
      shown++;
    }
    if (shown < bad.length) notes.push(`${bad.length - shown} of ${count(bad.length, "failure")} not shown in detail`);
  }
  // Published reports keep the evidence: why each known failure is known, why each skip was declared.
  const listed = (title: string, outcome: string, why: (c: RunReport["cases"][number]) => string | undefined): void => {
    const rows = report.cases.filter((c) => c.outcome === outcome && !c.stale_baseline);
    if (rows.length === 0) return;
    const top = ["", `## ${title} (${rows.length})`, "", "| case | why |", "|---|---|"];
    if (!budget.take(top)) {
      notes.push(`the ${title.toLowerCase()} table (${rows.length} rows) not shown`);
      return;
    }
    lines.push(...top);
    let shown = 0;
    for (const c of rows) {
      const row = `| \`${c.id}\` | ${oneLine(why(c) ?? "")} |`;
      if (!budget.take([row])) break;
      lines.push(row);
      shown++;
    }
    if (shown < rows.length) notes.push(`${rows.length - shown} of the ${rows.length} rows of the ${title.toLowerCase()} table not shown`);
  };
  listed("Known failures (baseline)", "expected-fail", (c) => c.baseline);
  listed("Skipped", "skip", (c) => c.message);
  if (footer.stale_baselines.length > 0) {
    const stale = `Stale baselines: ${footer.stale_baselines.map((s) => `\`${s}\``).join(", ")}`;
    if (budget.take(["", stale])) lines.push("", stale);
    else notes.push(`the list of ${count(footer.stale_baselines.length, "stale baseline")} not shown`);
  }
  if (notes.length > 0) lines.push("", `> **Cut to stay under GitHub's 1 MiB step-summary limit:** ${notes.join("; ")}. The JSON Lines report and the HTML page hold every case.`);
  return `${lines.join("\n")}\n`;
}

/** GitHub's limit on a job's step summary (bytes). */
export const MARKDOWN_MAX = 1024 * 1024;
/** Room kept for the note of what was cut. */
const NOTES_RESERVE = 4 * 1024;

function bytes(lines: readonly string[]): number {
  return lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
}

/** Bytes left for the summary: take() spends them when lines fit, else leaves them. */
class Budget {
  constructor(
    private readonly max: number,
    private used: number,
  ) {}
  take(lines: readonly string[]): boolean {
    const n = bytes(lines);
    if (this.used + n > this.max) return false;
    this.used += n;
    return true;
  }
}

/**
 * Text an implementation or adapter wrote, as one line of Markdown that cannot open HTML (a
 * `<!--` would hide every later failure) or break the line it is on (KIT-OUTCOME-DISTINCT).
 */
function inline(text: string): string {
  return text
    .replace(/\s*\n\s*/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A table cell: one line, no HTML, pipes escaped. */
function oneLine(text: string): string {
  return inline(text).replace(/\|/g, "\\|");
}

/** A fenced block whose fence is longer than any run of backticks inside it, so the text cannot close it. */
function fenced(info: string, text: string): string[] {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, text, fence];
}
