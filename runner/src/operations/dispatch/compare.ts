// Compares a `dispatch` result with a case's expectations (SPEC 1.6): exit, the response
// (stdout as JSON, exactly, with value matchers), substrings stdout must not contain, stderr,
// and how each generated handler was run (from its capture lines). Only stated fields are
// compared; mismatches are diff lines in compare-validate's form.

import type { DispatchExpectation, HandlerExpectation } from "../../types/case.js";
import type { DispatchResult } from "../../../shared/protocol.js";
import type { DiffLine } from "../../types/run-report.js";
import type { HandlerRun } from "../../dispatch/handler-runs.js";
import { valueAt } from "../../dispatch/json-pointer.js";
import { entryOf } from "../../dispatch/package-files.js";
import { diffField } from "../../compare/diff-lines.js";
import { expectedView, jsonEqual, matchesExactly } from "../../compare/value-match.js";

export interface DispatchObservation {
  /** The event the runner sent (args.event), for `stdin: event`. */
  event: unknown;
  /** Per hook id, the handler's runs. */
  runs: Map<string, HandlerRun[]>;
  /** The harness environment the runner sent (args.environment): its names lead an env diff. */
  environment?: Record<string, string>;
}

export function compareDispatch(expect: DispatchExpectation, result: DispatchResult, observed: DispatchObservation): DiffLine[] {
  const diff: DiffLine[] = [];
  if (expect.exit !== undefined && expect.exit !== result.exit) diff.push(...diffField("exit", expect.exit, result.exit));
  if (expect.response !== undefined) diff.push(...compareResponse(expect.response, result.stdout));
  for (const [i, text] of (expect.stdout_excludes ?? []).entries()) {
    const at = result.stdout.indexOf(text);
    if (at >= 0) diff.push({ type: "add", path: `stdout_excludes[${i}]`, expected: `no ${JSON.stringify(text)} in stdout`, actual: excerpt(result.stdout, at, text.length) });
  }
  diff.push(...compareStderr(expect.stderr, result.stderr));
  for (const [id, e] of Object.entries(expect.handlers ?? {})) diff.push(...compareHandler(id, e, observed.runs.get(id) ?? [], observed));
  return diff;
}

/** The result's stderr against `expect.stderr` (exact text or a value matcher); shared with validate-cli. */
export function compareStderr(expected: unknown, actual: string | undefined): DiffLine[] {
  if (expected === undefined || matchesExactly(expected, actual)) return [];
  return diffField("stderr", expectedView(expected, actual), actual);
}

/** stdout as JSON; empty or whitespace-only stdout is null. */
export function parseResponse(stdout: string): { ok: true; value: unknown } | { ok: false } {
  if (stdout.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(stdout) as unknown };
  } catch {
    return { ok: false };
  }
}

function compareResponse(expected: unknown, stdout: string): DiffLine[] {
  const parsed = parseResponse(stdout);
  if (!parsed.ok) return [{ type: "modify", path: "response", expected: JSON.stringify(expected), actual: `stdout is not JSON: ${JSON.stringify(stdout.slice(0, 500))}` }];
  if (matchesExactly(expected, parsed.value)) return [];
  return diffField("response", expectedView(expected, parsed.value), parsed.value);
}

export function compareHandler(id: string, e: HandlerExpectation, runs: HandlerRun[], observed: DispatchObservation): DiffLine[] {
  const diff: DiffLine[] = [];
  const base = `handlers.${id}`;
  if (e.ran !== undefined && e.ran !== runs.length > 0) {
    diff.push({ type: "modify", path: `${base}.ran`, expected: String(e.ran), actual: runs.length > 0 ? `true (${runs.length} run(s))` : "false (never started)" });
  }
  if (e.runs !== undefined && e.runs !== runs.length) diff.push(...diffField(`${base}.runs`, e.runs, runs.length));
  const perRun = e.argv !== undefined || e.env !== undefined || e.stdin !== undefined || e.cwd !== undefined || e.sleeper_gone !== undefined;
  if (perRun && runs.length === 0 && e.ran !== false) {
    diff.push({ type: "remove", path: base, expected: "a run to compare argv/env/stdin/cwd with", actual: "never started" });
    return diff;
  }
  runs.forEach((run, i) => {
    const at = runs.length > 1 ? `${base} (run ${i + 1} of ${runs.length})` : base;
    if (run.unreadable !== undefined) {
      diff.push({ type: "modify", path: at, expected: "a capture line", actual: `unreadable: ${JSON.stringify(run.unreadable)}` });
      return;
    }
    if (e.argv !== undefined) {
      const argv = e.argv.map((a) => (typeof a === "string" ? a : boundText(observed.event, a.$event)));
      if (!jsonEqual(argv, run.argv)) diff.push(...diffField(`${at}.argv`, argv, run.argv));
    }
    if (e.env !== undefined && !jsonEqual(e.env, run.env)) diff.push(...diffField(`${at}.env`, e.env, envView(e.env, run.env, observed.environment ?? {})));
    if (e.stdin !== undefined) diff.push(...compareStdin(`${at}.stdin`, e.stdin, run.stdin, observed.event));
    if (e.cwd === "tool_root") diff.push(...compareCwd(`${at}.cwd`, id, run));
    if (e.sleeper_gone && run.sleeper_alive !== false) {
      const actual = typeof run.sleeper_pid === "number" ? `sleeper ${run.sleeper_pid} still runs after the reply` : "no sleeper was started";
      diff.push({ type: "modify", path: `${at}.sleeper_gone`, expected: "sleeper gone when the dispatcher answered", actual });
    }
  });
  return diff;
}

function compareStdin(path: string, expected: string, stdin: unknown, event: unknown): DiffLine[] {
  if (expected !== "event") return stdin === expected ? [] : diffField(path, expected, stdin);
  if (typeof stdin !== "string") return diffField(path, event, stdin);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdin);
  } catch {
    return [{ type: "modify", path, expected: "the event as JSON", actual: `not JSON: ${JSON.stringify(stdin.slice(0, 500))}` }];
  }
  return jsonEqual(event, parsed) ? [] : diffField(path, event, parsed);
}

/** The tool root is the directory the running entry `tools/<id>.mjs` lies in (staged copies included). */
function compareCwd(path: string, id: string, run: HandlerRun): DiffLine[] {
  const suffix = `/${entryOf(id)}`;
  const entry = typeof run.entry === "string" ? run.entry : "";
  const root = entry.endsWith(suffix) ? entry.slice(0, -suffix.length) : undefined;
  if (root !== undefined && run.cwd === root) return [];
  return [{ type: "modify", path, expected: root ?? `the package directory of ${entry || "(unknown entry)"}`, actual: String(run.cwd) }];
}

const MAX_EXTRA_VARIABLES = 20;

/**
 * The handler's environment as a diff shows it: expected names with their values; any other
 * name with its value withheld (a leaking dispatcher must not copy the runner's environment,
 * CI secrets included, into a report), names of the case's harness environment first, and at
 * most 20 of them.
 */
function envView(expected: Record<string, string>, actual: unknown, harness: Record<string, string>): unknown {
  if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return actual;
  const entries = Object.entries(actual as Record<string, unknown>);
  const rank = (k: string): number => (Object.hasOwn(harness, k) ? 0 : 1);
  const extra = entries
    .filter(([k]) => !Object.hasOwn(expected, k))
    .map(([k]) => k)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const view: Record<string, unknown> = Object.fromEntries(entries.filter(([k]) => Object.hasOwn(expected, k)));
  for (const name of extra.slice(0, MAX_EXTRA_VARIABLES)) view[name] = "(set; value not shown)";
  if (extra.length > MAX_EXTRA_VARIABLES) view["…"] = `${extra.length - MAX_EXTRA_VARIABLES} more unexpected variables`;
  return view;
}

function excerpt(text: string, at: number, length: number): string {
  const from = Math.max(0, at - 40);
  return `…${text.slice(from, at + length + 40)}…`;
}

/** The event's value at `pointer` as a binding passes it; a marker text when there is none. */
function boundText(event: unknown, pointer: string): string {
  const value = valueAt(event, pointer);
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  return value === undefined ? `(no value at ${pointer} in the event)` : JSON.stringify(value);
}
