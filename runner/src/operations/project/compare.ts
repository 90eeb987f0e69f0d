// Compares a project case's expectations (SPEC 1.12) with the configuration an implementation
// returned, as data: the configured events as a set, each with exactly one command, its matcher
// judged by what it selects (a regular expression searched in the tool name, as both harnesses
// read it), its native timeout exactly, and the hooks its command dispatched (papc ran it:
// run-commands.ts); the refused and omitted hooks as sets of ids; and whether any configuration
// was written.

import type { NativeGroup, ProjectResult } from "../../../shared/protocol.js";
import type { EveryExpectation, MatcherExpectation, NativeEventExpectation, ProjectExpectation } from "../../types/case.js";
import type { DiffLine } from "../../types/run-report.js";
import { diffField } from "../../compare/diff-lines.js";
import type { CommandRuns, EventRuns } from "../../project/run-commands.js";

const sorted = (list: readonly string[]): string[] => [...new Set(list)].sort();

export function compareProject(expect: ProjectExpectation & EveryExpectation, result: ProjectResult, runs: CommandRuns | undefined): DiffLine[] {
  const diff: DiffLine[] = [];
  if (expect.exit !== undefined && expect.exit !== result.exit) diff.push(...diffField("exit", expect.exit, result.exit));
  const config = result.config;
  if (expect.unconfigured && config !== null) diff.push(...diffField("config", null, config));
  // nothing projected and no hook refused: the result must say why (PAP-PROJECT-INPUT)
  if (expect.unconfigured && config === null && result.refused.length === 0 && !result.message?.trim()) {
    diff.push({ type: "modify", path: "message", expected: "why nothing was projected", actual: "(absent)" });
  }
  for (const list of ["refused", "omitted"] as const) {
    const want = expect[list];
    if (want === undefined) continue;
    const got = sorted(result[list].map((e) => e.hook));
    if (JSON.stringify(sorted(want)) !== JSON.stringify(got)) diff.push(...diffField(list, sorted(want), got));
  }
  if (expect.events === undefined) return diff;
  if (config === null) return [...diff, { type: "modify", path: "config", expected: "a configuration", actual: "null" }];
  const configured = Object.keys(config.hooks).filter((event) => (config.hooks[event] ?? []).length > 0);
  const events = sorted(Object.keys(expect.events));
  if (JSON.stringify(events) !== JSON.stringify(sorted(configured))) diff.push(...diffField("events", events, sorted(configured)));
  for (const [event, want] of Object.entries(expect.events)) {
    const groups = config.hooks[event];
    if (groups === undefined || groups.length === 0) continue; // the events line says it
    diff.push(...compareEvent(`events.${event}`, want, groups, runs?.events.get(event)));
  }
  return diff;
}

function compareEvent(at: string, want: NativeEventExpectation, groups: NativeGroup[], ran: EventRuns | undefined): DiffLine[] {
  const diff: DiffLine[] = [];
  const commands = groups.flatMap((g) => g.hooks);
  // one command per event, so that composition (deny wins, conflicts) happens in one dispatcher run
  if (groups.length !== 1 || commands.length !== 1)
    diff.push({ type: "modify", path: `${at}.commands`, expected: "one group with one command", actual: `${groups.length} group(s), ${commands.length} command(s)` });
  const group = groups[0]!;
  if (want.matcher !== undefined) diff.push(...compareMatcher(`${at}.matcher`, want.matcher, group.matcher));
  if (want.timeout !== undefined) {
    const got = commands.map((c) => c.timeout);
    if (got.length !== 1 || got[0] !== want.timeout) diff.push(...diffField(`${at}.timeout`, want.timeout, got.length === 1 ? got[0] : got));
  }
  if (want.dispatches !== undefined) {
    const got = ran?.dispatched ?? [];
    if (JSON.stringify(sorted(want.dispatches)) !== JSON.stringify(sorted(got))) {
      const line: DiffLine = { type: "modify", path: `${at}.dispatches`, expected: JSON.stringify(sorted(want.dispatches)), actual: JSON.stringify(sorted(got)) };
      diff.push(line);
      for (const note of ran?.notes ?? []) diff.push({ type: "modify", path: `${at}.dispatches`, actual: note });
    }
  }
  return diff;
}

/** null: no matcher; else every `selects` name matches and no `rejects` name does. */
export function compareMatcher(at: string, want: MatcherExpectation | null, got: string | undefined): DiffLine[] {
  if (want === null) return got === undefined ? [] : [{ type: "modify", path: at, expected: "(absent: every tool)", actual: JSON.stringify(got) }];
  if (got === undefined) return [{ type: "modify", path: at, expected: `a matcher selecting ${JSON.stringify(want.selects)}`, actual: "(absent: every tool)" }];
  let pattern: RegExp;
  try {
    pattern = new RegExp(got, "u");
  } catch (err) {
    return [{ type: "modify", path: at, expected: "a regular expression", actual: `${JSON.stringify(got)} (${(err as Error).message})` }];
  }
  const missed = want.selects.filter((name) => !pattern.test(name));
  const wrong = (want.rejects ?? []).filter((name) => pattern.test(name));
  const diff: DiffLine[] = [];
  if (missed.length > 0) diff.push({ type: "modify", path: `${at}.selects`, expected: JSON.stringify(missed), actual: `${JSON.stringify(got)} does not select them` });
  if (wrong.length > 0) diff.push({ type: "modify", path: `${at}.rejects`, expected: JSON.stringify(wrong), actual: `${JSON.stringify(got)} selects them` });
  return diff;
}
