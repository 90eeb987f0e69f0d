// The case set of `papc smoke` (runner/smoke/*.yaml): a few always-pass cases per operation and
// one control pair each. They are written in the normal case format and loaded with the normal
// loader (schema, operation keys, recordings, fixture paths), but they are not the suite: their
// ids start with `smoke/`, they live outside cases/, and they count for no requirement's coverage.
// `papc lint` checks them too (lint/lint.ts), so a broken smoke case cannot land.

import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { listCaseFiles, loadCaseFile, type CaseSet } from "../cases/load-cases.js";
import { SMOKE_DIR } from "../cases/load-suite.js";
import { RecordingStore } from "../dispatch/recording-store.js";
import { problem, type LintProblem } from "../common/problems.js";
import type { ParsedSpec } from "../spec/requirements.js";
import type { LoadedCase, Operation } from "../types/case.js";

/** The id prefix of every smoke case (what the loader checks instead of a folder under cases/). */
export const SMOKE_PREFIX = "smoke";
/** The last id segments of an operation's control pair: the same input, opposite expectations. */
export const CONTROL_EXPECTED = "control-expected";
export const CONTROL_OPPOSITE = "control-opposite";

export interface SmokeCaseSet {
  cases: LoadedCase[];
  problems: LintProblem[];
}

export interface SmokeLoadOptions {
  kitRoot: string;
  /** Default: <kitRoot>/runner/smoke. */
  dir?: string;
  /** Where dispatch cases read their events; default <kitRoot>/recordings. */
  recordingsDir?: string;
  /** When given, every requirement ID a smoke case names must be defined in it. */
  spec?: ParsedSpec;
}

/** Loads (and lints) the smoke cases; findings carry file:line relative to the kit root. */
export async function loadSmokeCases(o: SmokeLoadOptions): Promise<SmokeCaseSet> {
  const dir = o.dir ?? join(o.kitRoot, SMOKE_DIR);
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  if (!existsSync(dir)) return { cases: [], problems: [problem("yaml-syntax", relative(o.kitRoot, dir) || ".", 1, "the smoke case folder is missing")] };
  const recordings = new RecordingStore(o.recordingsDir ?? join(o.kitRoot, "recordings"));
  const { files, links } = await listCaseFiles(dir);
  for (const link of links) set.problems.push(problem("yaml-syntax", relative(o.kitRoot, link), 1, "case files must be regular files, not symlinks"));
  for (const file of files) loadCaseFile(await readFile(file, "utf8"), relative(o.kitRoot, file), SMOKE_PREFIX, set, recordings);

  const problems = [...set.problems];
  const seen = new Map<string, LoadedCase>();
  for (const c of set.cases) {
    const first = seen.get(c.id);
    if (first) problems.push(problem("duplicate-id", c.location.file, c.location.line, `case id "${c.id}" is already used at ${first.location.file}:${first.location.line}`, c.id));
    else seen.set(c.id, c);
    for (const id of o.spec ? c.spec.filter((s) => !o.spec!.requirements.has(s)) : []) {
      problems.push(problem("unknown-requirement", c.location.file, c.location.line, `case "${c.id}" names unknown requirement ${id}`, c.id));
    }
  }
  for (const [operation, ops] of byOperation([...seen.values()])) {
    const names = ops.map(lastSegment);
    for (const want of [CONTROL_EXPECTED, CONTROL_OPPOSITE]) {
      if (names.filter((n) => n === want).length !== 1) {
        const at = ops[0]!.location;
        problems.push(
          problem(
            "case-schema",
            at.file,
            at.line,
            `the ${operation} smoke cases need exactly one case named <…>/${want} (its control pair: the same input, opposite expectations)`,
          ),
        );
      }
    }
  }
  return { cases: [...seen.values()], problems };
}

export function lastSegment(c: { id: string }): string {
  return c.id.slice(c.id.lastIndexOf("/") + 1);
}

export function isControl(c: { id: string }): boolean {
  const last = lastSegment(c);
  return last === CONTROL_EXPECTED || last === CONTROL_OPPOSITE;
}

/** Cases by operation, in first-seen order. */
export function byOperation(cases: readonly LoadedCase[]): Map<Operation, LoadedCase[]> {
  const map = new Map<Operation, LoadedCase[]>();
  for (const c of cases) {
    if (c.operation === "steps") continue; // smoke cases are single operations
    // the protocol's: the case schema admits no other operation in a case file
    const operation = c.operation as Operation;
    const list = map.get(operation) ?? [];
    list.push(c);
    map.set(operation, list);
  }
  return map;
}
