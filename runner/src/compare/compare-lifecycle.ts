// Compares a lifecycle step's expectations (SPEC 1.11) with an approve, revoke, activate or
// remove result: `approved`, `revoked`, `removed` and `kept` as sets, `activation` exactly,
// `members` and `instructions` by the refs the step names. Paths the result gives absolute are
// compared relative to the fixture root. A key the step checks that the result lacks is a
// difference (KIT-OP-LIFECYCLE-RESULT).

import { relative } from "node:path";
import type { LifecycleExpectation } from "../types/case.js";
import type { LifecycleResult } from "../types/protocol.js";
import type { DiffLine } from "../types/run-report.js";
import { diffField } from "./diff-lines.js";

export function compareLifecycle(expect: LifecycleExpectation & { exit?: number }, result: LifecycleResult, root: string): DiffLine[] {
  const diff: DiffLine[] = [];
  const rel = (file: string): string => relative(root, file).split("\\").join("/");
  if (expect.exit !== undefined && expect.exit !== result.exit) diff.push(...diffField("exit", expect.exit, result.exit));
  if (expect.activation !== undefined && expect.activation !== result.activation) diff.push(...diffField("activation", expect.activation, result.activation ?? null));
  const sets: [string, string[] | undefined, string[] | undefined][] = [
    ["approved", expect.approved, result.approved],
    ["revoked", expect.revoked, result.revoked],
    ["removed", expect.removed, result.removed?.map(rel)],
    ["kept", expect.kept, result.kept?.map((k) => k.ref)],
  ];
  for (const [key, want, got] of sets) {
    if (want === undefined) continue;
    const w = [...want].sort();
    const g = got === undefined ? null : [...new Set(got)].sort();
    if (JSON.stringify(w) !== JSON.stringify(g)) diff.push(...diffField(key, w, g));
  }
  if (expect.members) {
    const statuses = new Map((result.members ?? []).map((m) => [m.ref, m.status]));
    for (const [ref, status] of Object.entries(expect.members)) {
      const got = result.members === undefined ? null : (statuses.get(ref) ?? "(not listed)");
      if (got !== status) diff.push(...diffField(`members["${ref}"]`, status, got));
    }
  }
  if (expect.instructions) {
    for (const [ref, want] of Object.entries(expect.instructions)) {
      const placement = result.instructions?.find((p) => p.ref === ref);
      const got = placement && { scope: placement.scope, file: rel(placement.file), written: placement.written };
      for (const [key, value] of Object.entries(want)) {
        const actual = got ? got[key as keyof typeof got] : "(not listed)";
        if (actual !== value) diff.push(...diffField(`instructions["${ref}"].${key}`, value, actual));
      }
    }
    // an instruction the step does not name must not be placed either: the map is the whole list
    for (const p of result.instructions ?? []) {
      if (!(p.ref in expect.instructions)) diff.push(...diffField(`instructions["${p.ref}"]`, "(not placed)", { scope: p.scope, file: rel(p.file), written: p.written }));
    }
  }
  return diff;
}
