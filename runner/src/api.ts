// The public TypeScript API of papc (`import { runSuite } from "papc"`): run the conformance
// suite from your own test runner (vitest, node:test, …) and read or render its report.
// Everything exported here is stable within a major version; everything else in dist/ is not.
// Every export has an explicit type so that its declaration file can be emitted on its own
// (runner/build/emit-api-types.mjs).

// the kit's operations register with the core before anything loads or runs a case
import "./operations/index.js";
import { readReport as readJsonlReport } from "./report/jsonl.js";
import { renderJunit as junit } from "./report/junit.js";
import { renderMarkdown as markdown } from "./report/markdown.js";
import { renderSummary as summary } from "./report/terminal.js";
import { runSelected } from "./run/run-selected.js";
import type { CaseRecord, RunReport } from "./types/run-report.js";

export { OUTCOMES } from "./types/run-report.js";
export type {
  CaseRecord,
  DiffLine,
  LiveCell,
  LiveCells,
  Outcome,
  ReportFooter,
  ReportHeader,
  RunReport,
  Tally,
} from "./types/run-report.js";

/** What {@link runSuite} runs, and against what. */
export interface RunSuiteOptions {
  /**
   * The implementation: the name of an adapter shipped under `adapters-under-test/`
   * (`"reference"`, `"reference-exec"`, `"python-minimal"`, `"dalo-cli"`), or the path of a
   * folder holding an `adapter.yaml` (or of the file itself), relative to the current directory.
   * Default `"reference"` when `command` is not given. Give `adapter` or `command`, not both.
   */
  adapter?: string;
  /**
   * A command line started as a persistent-protocol implementation (SPEC.md §1.2: one JSON
   * request per line on stdin, one reply per line on stdout), in the current directory;
   * e.g. `"python3 my_validator.py --papc"`. The same as `papc run --command`.
   */
  command?: string;
  /**
   * Only the cases whose id matches one of these globs (`*` within an id segment, `**` across),
   * e.g. `["manifest/structural/hook/**"]`. Default: every case.
   */
  cases?: string[];
  /** Only the cases that check one of these requirement ids (SPEC.md), e.g. `["PAP-STRUCT-HOOK-TIMEOUT-RANGE"]`. */
  requirements?: string[];
  /** Implementation processes run in parallel (default: the number of CPUs). */
  jobs?: number;
  /** Per-case timeout in milliseconds (default 10000). */
  timeoutMs?: number;
  /** Called after each case with its record, the number of cases done and the total. */
  onRecord?: (record: CaseRecord, done: number, total: number) => void;
}

/**
 * Runs the conformance suite (or a selection of it) against one implementation, as
 * `papc run` does, and resolves with the whole report; writes no files.
 *
 * A case that fails is an outcome in the report, not a rejection: check
 * `report.footer.exit_code` (0: every case passed or was expected) or filter `report.cases`
 * by {@link CaseRecord.outcome}. Rejects when the adapter is unknown or invalid, or when
 * the selection matches no case.
 *
 * @example
 * const report = await runSuite({ command: "python3 my_validator.py --papc", cases: ["manifest/**"] });
 * expect(report.cases.filter((c) => c.outcome !== "pass" && c.outcome !== "not-applicable")).toEqual([]);
 */
export async function runSuite(options: RunSuiteOptions = {}): Promise<RunReport> {
  return runSelected({
    ...(options.adapter !== undefined ? { adapter: options.adapter } : {}),
    ...(options.command !== undefined ? { command: options.command } : {}),
    caseGlobs: options.cases ?? [],
    requirements: options.requirements ?? [],
    ...(options.jobs !== undefined ? { jobs: options.jobs } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.onRecord ? { onRecord: options.onRecord } : {}),
  });
}

/**
 * Reads a JSON Lines run report (`reports/<adapter>.jsonl`, written by `papc run`), checking
 * every line against `runner/schemas/run-report.schema.json`; rejects when it does not validate
 * or has no header or footer line.
 */
export function readReport(file: string): Promise<RunReport> {
  return readJsonlReport(file);
}

/** The report as a Markdown summary with a badge line (what `papc run` writes to `<adapter>.md`). */
export function renderMarkdown(report: RunReport): string {
  return markdown(report);
}

/** The report as JUnit XML, one test case per case (what `papc run` writes to `<adapter>.xml`). */
export function renderJunit(report: RunReport): string {
  return junit(report);
}

/**
 * The report as terminal text: every case that did not pass (or was not expected to fail),
 * with its message, its field-by-field diff and its stderr, then the totals line; what
 * `papc run` prints at the end. ANSI colours only when `color` is true.
 */
export function renderSummary(report: RunReport, color = false): string {
  return summary(report, color);
}
