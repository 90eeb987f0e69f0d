// What the HTML report embeds: one summary per run and one row per case id across all runs,
// so the page's script only renders and filters (runner/src/report/html-script.ts).

import { FAILING_OUTCOMES, OUTCOMES, type CaseRecord, type LeftoverRecord, type Outcome, type RunReport, type Tally } from "../types/run-report.js";
import { passPercentage } from "./markdown.js";
import { fixtureLines } from "./input-text.js";

export interface HtmlRun {
  /** Column heading in the comparison view; unique among the runs. */
  label: string;
  source?: string;
  kit: string;
  /** "name version (language)" from the implementation's hello, or null when it said none. */
  implementation: string | null;
  adapter: string;
  mode: string;
  command: string;
  suite: { hash: string; cases: number; filter?: string };
  environment: string;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  exit_code: number;
  /** Why the run ended before every case had run. */
  stopped?: string;
  /** The harness binaries the live cases ran against. */
  harnesses?: string;
  /** Processes the implementation left running, and how the run found them (KIT-CONTAINMENT-REPORT). */
  leftovers?: string;
  /** Percentage of judged cases (not skip, not not-applicable) that pass, as in the Markdown summary. */
  pass_percentage: number;
  totals: Tally;
  by_area: Record<string, Tally>;
  by_requirement: Record<string, Tally>;
  stale_baselines: string[];
}

/** One implementation's result on a case: its record without what the row shows once for all. */
export type HtmlResult = Pick<CaseRecord, "outcome" | "duration_ms" | "setup_ms" | "message" | "diff" | "stderr" | "baseline" | "stale_baseline"> & {
  /** The case's title and file:line, and its fixture as the terminal shows it (input-text.ts). */
  input?: { title: string; file: string; line: number; fixture: string };
};

export interface HtmlCase {
  id: string;
  area: string;
  spec: string[];
  /** One entry per run, in the order of `runs`; null when that run has no such case. */
  results: (HtmlResult | null)[];
}

export interface HtmlModel {
  title: string;
  kit: string;
  outcomes: readonly Outcome[];
  runs: HtmlRun[];
  cases: HtmlCase[];
}

export function htmlModel(reports: readonly RunReport[], options: { title?: string; sources?: string[] } = {}): HtmlModel {
  if (reports.length === 0) throw new Error("renderHtml needs at least one report");
  const labels = uniqueLabels(reports.map(nameOf), options.sources);
  const runs = reports.map((r, i): HtmlRun => summarize(r, labels[i]!, options.sources?.[i]));
  const rows = new Map<string, HtmlCase>();
  reports.forEach((report, i) => {
    for (const c of report.cases) {
      // The first report that has the case names its area and requirements.
      const row = rows.get(c.id) ?? { id: c.id, area: c.area, spec: c.spec, results: reports.map(() => null) };
      row.results[i] = resultOf(c);
      rows.set(c.id, row);
    }
  });
  // Reports list cases in completion order; the page lists the cases to act on first, then by id, so areas stay together.
  const acting = (c: HtmlCase): number => Number(c.results.some((r) => r !== null && (FAILING_OUTCOMES.includes(r.outcome) || r.stale_baseline === true)));
  const cases = [...rows.values()].sort((a, b) => acting(b) - acting(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const kit = `${reports[0]!.header.kit.name} ${reports[0]!.header.kit.version}`;
  const title = options.title ?? (reports.length === 1 ? `${kit}: ${labels[0]}` : `${kit}: ${labels.join(" vs ")}`);
  return { title, kit, outcomes: OUTCOMES, runs, cases };
}

function nameOf(r: RunReport): string {
  const impl = r.header.implementation?.implementation;
  return impl ? `${impl.name} ${impl.version}` : r.header.adapter.name;
}

/** Two runs of the same implementation get told apart by their source file, or else by number. */
function uniqueLabels(names: string[], sources: string[] | undefined): string[] {
  return names.map((name, i) => {
    if (names.filter((n) => n === name).length === 1) return name;
    const file = sources?.[i]?.split(/[\\/]/).pop();
    return file ? `${name} (${file})` : `${name} #${i + 1}`;
  });
}

function summarize(r: RunReport, label: string, source: string | undefined): HtmlRun {
  const { header: h, footer: f } = r;
  const impl = h.implementation?.implementation;
  return {
    label,
    ...(source !== undefined ? { source } : {}),
    kit: `${h.kit.name} ${h.kit.version}`,
    implementation: impl ? `${impl.name} ${impl.version}${impl.language ? ` (${impl.language})` : ""}` : null,
    adapter: h.adapter.name,
    mode: h.adapter.mode,
    command: h.adapter.command.join(" "),
    suite: { hash: h.suite.hash, cases: h.suite.cases, ...(h.suite.filter !== undefined ? { filter: h.suite.filter } : {}) },
    environment: `Node ${h.environment.node}, ${h.environment.platform}/${h.environment.arch}, ${h.environment.cpus} CPUs`,
    started_at: h.started_at,
    finished_at: f.finished_at,
    duration_ms: f.duration_ms,
    exit_code: f.exit_code,
    ...(h.harnesses?.length ? { harnesses: h.harnesses.map((x) => `${x.package}@${x.version} (${x.version_output}${x.pinned ? ", the pin" : ", not the pin"})`).join("; ") } : {}),
    ...(f.stopped !== undefined ? { stopped: f.stopped } : {}),
    ...(f.leftovers?.length ? { leftovers: leftoversText(f.leftovers, h.containment?.mechanism) } : {}),
    pass_percentage: passPercentage(r),
    totals: f.totals,
    by_area: f.by_area,
    by_requirement: f.by_requirement,
    stale_baselines: f.stale_baselines,
  };
}

/** The record without what the row already says (id, area, spec) or the page does not show. */
function resultOf(c: CaseRecord): HtmlResult {
  const { type: _type, id: _id, hash: _hash, area: _area, spec: _spec, live: _live, input, ...rest } = c;
  return input ? { ...rest, input: { title: input.title, file: input.file, line: input.line, fixture: fixtureLines(input, "").join("\n") } } : rest;
}

/** One line naming each leftover process, for the page's run information. */
export function leftoversText(leftovers: readonly LeftoverRecord[], mechanism: string | undefined): string {
  const each = leftovers.map((l) => `pid ${l.pid} \`${l.command}\`${l.case ? ` (case ${l.case})` : " (before any case)"}`);
  return `${leftovers.length} killed${mechanism ? ` (found by ${mechanism})` : ""}: ${each.join("; ")}`;
}
