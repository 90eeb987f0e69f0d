// The conformance badge of a run: shields.io endpoint JSON (https://shields.io/badges/endpoint-badge)
// and the static badge URL the Markdown summary shows. One count for both, and for the pass
// percentage of the Markdown and HTML reports (markdown.ts passPercentage):
//
//   pass / counted, where counted is every case of the run except `skip` and `not-applicable`.
//
// - pass: counts, and passes.
// - fail, error, crash, timeout: count, as not passing.
// - expected-fail: counts, as not passing. A baseline keeps the run green; it does not make a
//   known failure conform.
// - suite-bug: counts, as not passing: the run is not clean (it exits 1) until the case is fixed.
// - skip: not counted, but named in the badge ("100% (638/638, 425 skipped)"). A case is skipped when the implementation declines it, when what it
//   checks cannot be observed (a one-shot CLI's usage error, an adapter that cannot see a field),
//   or when a live case's pinned harness is not installed: nothing was judged either way. The
//   Markdown summary states the number of skipped cases next to the percentage.
// - not-applicable: not counted: the implementation does not announce that operation, so those
//   cases are outside what it claims to implement.
//
// The percentage is rounded down to one decimal, so it reads 100% only when every counted case
// passes. Colour by the percentage: 100 brightgreen, ≥ 95 green, ≥ 90 yellowgreen, ≥ 75 yellow,
// ≥ 50 orange, below red; no counted case at all: lightgrey, message "no judged cases".

import { writeFile } from "node:fs/promises";
import { readReport, ReportFormatError } from "./jsonl.js";
import type { RunReport } from "../types/run-report.js";

/** shields.io endpoint badge JSON (schema version 1). */
export interface Badge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

export interface BadgeCounts {
  pass: number;
  /** The denominator: every case but skip and not-applicable. */
  counted: number;
  skipped: number;
  notApplicable: number;
  /** pass / counted in percent, rounded down to one decimal; 0 when nothing counted. */
  percent: number;
}

export const BADGE_LABEL = "papc";

/** Lowest percentage of each colour, highest first. */
export const BADGE_COLORS: readonly (readonly [number, string])[] = [
  [100, "brightgreen"],
  [95, "green"],
  [90, "yellowgreen"],
  [75, "yellow"],
  [50, "orange"],
  [0, "red"],
];

export function badgeCounts(report: RunReport): BadgeCounts {
  let pass = 0;
  let skipped = 0;
  let notApplicable = 0;
  for (const c of report.cases) {
    if (c.outcome === "pass") pass++;
    else if (c.outcome === "skip") skipped++;
    else if (c.outcome === "not-applicable") notApplicable++;
  }
  const counted = report.cases.length - skipped - notApplicable;
  const percent = counted === 0 ? 0 : Math.floor((pass * 1000) / counted) / 10;
  return { pass, counted, skipped, notApplicable, percent };
}

export function badgeFor(report: RunReport, label = BADGE_LABEL): Badge {
  const n = badgeCounts(report);
  if (n.counted === 0) return { schemaVersion: 1, label, message: "no judged cases", color: "lightgrey" };
  const color = BADGE_COLORS.find(([min]) => n.percent >= min)?.[1] ?? "red";
  // Skips are not judged, but a badge must not hide them: "100% (638/638)" over 425 declined
  // cases would read as full conformance.
  const skipped = n.skipped > 0 ? `, ${n.skipped} skipped` : "";
  return { schemaVersion: 1, label, message: `${n.percent}% (${n.pass}/${n.counted}${skipped})`, color };
}

/** The static shields.io URL of a badge (`-` and `_` doubled, the rest percent-encoded). */
export function badgeUrl(b: Badge): string {
  const part = (s: string): string => encodeURIComponent(s.replace(/-/g, "--").replace(/_/g, "__"));
  return `https://img.shields.io/badge/${part(b.label)}-${part(b.message)}-${encodeURIComponent(b.color)}`;
}

export function badgeMarkdown(b: Badge): string {
  return `![${b.label}](${badgeUrl(b)})`;
}

export interface BadgeOptions {
  /** The run report (JSON Lines) to make the badge of. */
  report: string;
  /** Write the endpoint JSON to this file (what shields.io fetches). */
  out?: string;
  /** Print the endpoint JSON on stdout instead of text. */
  json?: boolean;
  /** The badge's left text; default "papc". */
  label?: string;
}

/**
 * `papc badge <report.jsonl> [--out badge.json] [--json] [--label text]`: the endpoint JSON,
 * written to --out and/or (with --json) printed; in text mode a summary, the count rule and the
 * Markdown of the static badge. Exit 0, or 2 when the report cannot be read.
 */
export async function badgeCommand(o: BadgeOptions, io: { out(t: string): void; err(t: string): void }): Promise<number> {
  let report: RunReport;
  try {
    report = await readReport(o.report);
  } catch (err) {
    if (err instanceof ReportFormatError) {
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const badge = badgeFor(report, o.label ?? BADGE_LABEL);
  const json = `${JSON.stringify(badge)}\n`;
  if (o.out) {
    try {
      await writeFile(o.out, json);
    } catch (err) {
      io.err(`papc: cannot write ${o.out}: ${(err as NodeJS.ErrnoException).code ?? String(err)}\n`);
      return 2;
    }
  }
  if (o.json) {
    io.out(json);
    return 0;
  }
  const n = badgeCounts(report);
  const lines = [
    `${badge.label}: ${badge.message}, ${badge.color}`,
    `  ${n.pass} of ${n.counted} counted cases pass; not counted: ${n.skipped} skipped, ${n.notApplicable} not applicable (expected-fail, fail, error, crash, timeout and suite-bug count as not passing)`,
    ...(o.out ? [`wrote ${o.out}: use it as https://img.shields.io/endpoint?url=<where it is published>`] : []),
    `markdown: ${badgeMarkdown(badge)}`,
  ];
  io.out(`${lines.join("\n")}\n`);
  return 0;
}
