// Compares a live case's expectations (SPEC 1.7) with the implementation's projection and what
// the real harness did with it: the projection's exit and refused/omitted hook ids, the
// harness's exit and output, files in the work directory, the main-loop model requests, and
// the handlers' runs. Only stated fields are compared, except that a harness run that had to be
// killed (timeout, loop guard) is always a difference: its observations are incomplete.

import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import type { LiveExpectation, TextExpectation } from "../../types/case.js";
import type { LiveResult } from "../../../shared/protocol.js";
import type { DiffLine } from "../../types/run-report.js";
import { LIVE_RUN_TIMEOUT_MS, MAX_MAIN_REQUESTS, mainLoop, type LiveObservation } from "../../live/run-live.js";
import { compareHandler } from "../dispatch/compare.js";
import { diffField } from "../../compare/diff-lines.js";

export function compareLive(expect: LiveExpectation, result: LiveResult, observed: LiveObservation, environment: Record<string, string> = {}): DiffLine[] {
  const diff: DiffLine[] = [];
  const p = expect.projection;
  if (p?.exit !== undefined && p.exit !== result.exit) diff.push(...diffField("projection.exit", p.exit, result.exit));
  for (const list of ["refused", "omitted"] as const) {
    const want = p?.[list];
    if (want === undefined) continue;
    const got = [...new Set(result[list].map((e) => e.hook))].sort();
    const sorted = [...want].sort();
    if (JSON.stringify(sorted) !== JSON.stringify(got)) diff.push(...diffField(`projection.${list}`, sorted, got));
  }
  if (observed.installError) diff.push({ type: "modify", path: "projection.text", expected: "a configuration the harness can load", actual: observed.installError });

  const h = observed.harness;
  if (h && (h.timedOut || h.looped || h.exitCode === undefined)) {
    const why = h.looped
      ? `more than ${MAX_MAIN_REQUESTS} main-loop model requests (a hook kept the harness looping)`
      : h.timedOut
        ? `no end within ${LIVE_RUN_TIMEOUT_MS} ms`
        : `killed by ${h.signal ?? "a signal"}`;
    diff.push({ type: "modify", path: "harness", expected: "a run that ends on its own", actual: `stopped by papc: ${why}` });
  }
  if (expect.harness?.exit !== undefined) {
    const actual = h ? (h.exitCode ?? `none (${h.signal ?? "killed"})`) : `not run (${observed.notRun ?? "no harness"})`;
    if (actual !== expect.harness.exit) diff.push(...diffField("harness.exit", expect.harness.exit, actual));
  }
  if (expect.harness?.output) diff.push(...compareTexts("harness.output", expect.harness.output, h ? [h.output] : []));

  for (const path of expect.workdir?.present ?? []) {
    if (!exists(join(observed.work, path)))
      diff.push({ type: "remove", path: `workdir.present`, expected: path, actual: h ? "absent after the run" : `absent (harness not run: ${observed.notRun})` });
  }
  for (const path of expect.workdir?.absent ?? []) {
    if (exists(join(observed.work, path))) diff.push({ type: "add", path: `workdir.absent`, expected: `no ${path}`, actual: "present after the run" });
  }

  const main = mainLoop(observed.requests);
  const m = expect.model;
  if (m?.requests !== undefined && m.requests !== main.length) diff.push(...diffField("model.requests", m.requests, main.length));
  for (const r of m?.request ?? []) {
    const request = main[r.index];
    if (!request) {
      diff.push({ type: "remove", path: `model.request[${r.index}]`, expected: `main-loop request ${r.index}`, actual: `only ${main.length} main-loop request(s)` });
      continue;
    }
    diff.push(...compareTexts(`model.request[${r.index}]`, r, [stringsOf(request.body)]));
  }
  if (m?.all)
    diff.push(
      ...compareTexts(
        "model.all",
        m.all,
        main.map((r) => stringsOf(r.body)),
      ),
    );

  for (const [id, e] of Object.entries(expect.handlers ?? {})) {
    diff.push(...compareHandler(id, e, observed.runs.get(id) ?? [], { event: undefined, runs: observed.runs, environment }));
  }
  return diff;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return existsSync(path);
  }
}

/** `contains`: each text in at least one of the documents; `excludes`: in none. */
function compareTexts(path: string, e: TextExpectation, documents: readonly string[]): DiffLine[] {
  const diff: DiffLine[] = [];
  for (const text of e.contains ?? []) {
    if (!documents.some((d) => d.includes(text)))
      diff.push({ type: "remove", path: `${path}.contains`, expected: text, actual: documents.length === 0 ? "(nothing to search: no harness run)" : "not found" });
  }
  for (const text of e.excludes ?? []) {
    const hit = documents.find((d) => d.includes(text));
    if (hit !== undefined) diff.push({ type: "add", path: `${path}.excludes`, expected: `no ${JSON.stringify(text)}`, actual: excerpt(hit, hit.indexOf(text), text.length) });
  }
  return diff;
}

/** Every string value of a JSON value, joined by newlines: what a request says, unescaped. */
export function stringsOf(value: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return out.join("\n");
}

function excerpt(text: string, at: number, length: number): string {
  const from = Math.max(0, at - 60);
  return `…${text.slice(from, at + length + 60)}…`;
}
