// The papc run report (JSON Lines), schema 1 (SPEC.md 1.5 "Run report").
// runner/schemas/run-report.schema.json is generated from run-report-schema.ts, typed against this.

import type { HelloReply } from "../../shared/protocol.js";

/** One outcome per case and implementation (SPEC.md 1.4); never merged. */
export const OUTCOMES = ["pass", "fail", "error", "crash", "timeout", "skip", "not-applicable", "suite-bug", "expected-fail"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Outcomes that make a run exit 1 (besides a stale baseline). */
export const FAILING_OUTCOMES: readonly Outcome[] = ["fail", "error", "crash", "timeout", "suite-bug"];

export type Tally = Partial<Record<Outcome, number>>;

export interface DiffLine {
  /** "equal" | "added" | "removed" | "modified", as json-diff-kit's viewer lines. */
  type: string;
  /** Path-like label of the compared field, e.g. "diagnostics.includes[0]". */
  path: string;
  expected?: string;
  actual?: string;
}

export interface ReportHeader {
  type: "header";
  report_schema: 1;
  kit: { name: string; version: string };
  suite: { hash: string; cases: number; filter?: string; shard?: ShardHeader };
  adapter: { name: string; mode: "persistent" | "exec"; command: string[] };
  implementation: HelloReply | null;
  environment: { node: string; platform: string; arch: string; cpus: number };
  /** The harness binaries the run's live cases ran (or would have run) against, as installed. */
  harnesses?: HarnessRun[];
  /** How this run found the processes an implementation left (docs/CONTAINMENT.md), and what dead runs had left. */
  containment?: ContainmentHeader;
  started_at: string;
}

export interface ContainmentHeader {
  /** cgroup: every descendant is found; marker: those that kept papc's environment variable. */
  mechanism: "cgroup" | "marker";
  /** Why cgroups were not used. */
  why?: string;
  /** `--memory-limit`: each implementation process's memory bound, in bytes. */
  memory_limit?: number;
  /** Processes and case folders of earlier runs that died without cleaning up (SIGKILL), removed when this one started. */
  reaped?: { processes: (LeftoverRecord & { run: string })[]; folders: string[] };
}

/** A run of one shard (`papc run --shard i/n`): which, and the whole selection it is a slice of. */
export interface ShardHeader {
  index: number;
  count: number;
  /** The selection before sharding: what `papc report merge` must get back from all n shards. */
  of: { hash: string; cases: number };
}

/** One harness binary of a run: which package and version, and what its `--version` printed. */
export interface HarnessRun {
  provider: string;
  package: string;
  version: string;
  /** The binary's `--version` output, as it printed it when the run started. */
  version_output: string;
  /** Whether this is the version recordings/pins.yaml pins (else a compatibility observation). */
  pinned: boolean;
}

export interface CaseRecord {
  type: "case";
  id: string;
  hash: string;
  area: string;
  spec: string[];
  outcome: Outcome;
  /** The implementation's time on this case: from sending the request to its reply. */
  duration_ms: number;
  /** The runner's own time around it: materializing, checking and removing the fixture. */
  setup_ms?: number;
  /** One line why, for everything but pass. */
  message?: string;
  /** The harness a live case (or live step) ran in. */
  harness?: { provider: string; version: string };
  /** Field-by-field comparison for fail and expected-fail. */
  diff?: DiffLine[];
  /** The implementation's stderr while this case ran (tail, bounded). */
  stderr?: string;
  /** Baseline reason when the adapter lists this case as a known failure. */
  baseline?: string;
  /** A baselined case that passed: the baseline is out of date and the run fails. */
  stale_baseline?: boolean;
  /** live: what the run showed, for the compatibility matrix (`papc compat`). */
  live?: LiveCells;
  /** A multi-step case that did not pass: the step it stopped at (SPEC 1.11). */
  step?: StepRef;
  /** Every outcome but pass, skip and not-applicable: what the case ran on (KIT-REPORT-INPUT). */
  input?: CaseInput;
  /** `papc run --keep-fixtures`: where this case's fixture tree was kept, as the implementation left it. */
  kept_fixture?: string;
  /** A live case: what the harness papc ran left running when it ended, outside its process group (killed then; also in the footer). */
  leftovers?: { pid: number; command: string }[];
}

/** A case's title, where it is written and the fixture tree it gave, as a reader needs them beside a failure. */
export interface CaseInput {
  title: string;
  /** The case file, relative to the kit's root (cases/…). */
  file: string;
  line: number;
  /** The fixture's entries sorted by path (generated package included; `<root>` stands for the fixture root). */
  fixture: FixtureSummaryEntry[];
  /** Entries past the listed ones, only counted. */
  more_entries?: number;
}

export interface FixtureSummaryEntry {
  path: string;
  kind: "file" | "dir" | "symlink" | "fifo";
  bytes?: number;
  /** A small text file whole (or its beginning, then `truncated`). */
  text?: string;
  truncated?: boolean;
  /** How a file not shown as text is made: sparse, base64 bytes, repeated parts. */
  made?: string;
  /** A symlink's target. */
  target?: string;
  mode?: string;
}

/** A step of a multi-step case: its 1-based number and its name (else its operation, or "edit"). */
export interface StepRef {
  number: number;
  name: string;
}

/**
 * What one live case exercised in a real harness: one cell per hook and native event its
 * handler ran on (effects and failure policies), and the projection's refusals and omissions.
 */
export type LiveCellKind = "effect" | "failure" | "refused" | "omitted" | "untrusted";

export interface LiveCells {
  provider: string;
  cells: LiveCell[];
}

export interface LiveCell {
  /**
   * What the run exercised (whether the case proves it is the case's `proves` list): effect: the
   * handler ran and printed a result of this kind (row = the effect); failure: the handler failed
   * (row = `<failure_policy>/<error_visibility>`); refused / omitted: the projection refused or
   * omitted the hook (row = `<effect>, <failure_policy>/<error_visibility>`); untrusted: in a live
   * step under a trust store, a required hook's handler was not started (row = its failure policy).
   */
  kind: LiveCellKind;
  row: string;
  /** The native event (for refused/omitted hooks: the events their subject/phase maps to). */
  event: string;
}

/** A process found running after it should have ended, and killed. */
export interface LeftoverRecord {
  pid: number;
  command: string;
  /** The case it is charged to: the one in flight when its process ended, else the one answered last; absent before any case. */
  case?: string;
}

export interface ReportFooter {
  type: "footer";
  totals: Tally;
  by_area: Record<string, Tally>;
  by_requirement: Record<string, Tally>;
  stale_baselines: string[];
  exit_code: 0 | 1;
  /**
   * Why the run ended before every case had run (KIT-RUN-STOPPED): the kit's environment failed
   * (no temporary directory, a full disk, reports that cannot be written). Such a run fails.
   */
  stopped?: string;
  /**
   * Processes an implementation started that were still running when their case or the run
   * ended, outside the process group papc kills (a setsid daemon, a double fork), found by
   * containment (docs/CONTAINMENT.md) and killed then (KIT-CONTAINMENT-REPORT). Absent: none.
   */
  leftovers?: LeftoverRecord[];
  finished_at: string;
  duration_ms: number;
}

export type ReportLine = ReportHeader | CaseRecord | ReportFooter;

export interface RunReport {
  header: ReportHeader;
  cases: CaseRecord[];
  footer: ReportFooter;
}
