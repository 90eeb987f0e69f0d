// Compares a lifecycle step's expectations (SPEC 1.11) with a review, approve, revoke, activate
// or remove result: `approved`, `revoked`, `removed` and `kept` as sets, `activation` exactly,
// `members` by the refs the step names, `instructions` and `review` by ref as whole lists (a
// review entry listed twice is a difference). Paths the result gives absolute are
// compared relative to the fixture root. A key the step checks that the result lacks is a
// difference (KIT-OP-LIFECYCLE-RESULT).

import { relative } from "node:path";
import type { LifecycleExpectation } from "../../types/case.js";
import type { LifecycleResult, ReviewEntry } from "../../../shared/protocol.js";
import type { DiffLine } from "../../types/run-report.js";
import { diffField } from "../../compare/diff-lines.js";

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
  if (expect.review) diff.push(...compareReview(expect.review, result.review));
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

/** Each named entry field by field (arrays exactly); an entry the step does not name is a difference. */
function compareReview(expect: NonNullable<LifecycleExpectation["review"]>, review: ReviewEntry[] | undefined): DiffLine[] {
  const diff: DiffLine[] = [];
  for (const [ref, want] of Object.entries(expect)) {
    const entry = review?.find((e) => e.ref === ref);
    for (const [key, value] of Object.entries(want)) {
      const actual = entry ? (entry[key as keyof ReviewEntry] ?? null) : review === undefined ? null : "(not listed)";
      if (JSON.stringify(actual) !== JSON.stringify(value)) diff.push(...diffField(`review["${ref}"].${key}`, value, actual));
    }
  }
  for (const e of review ?? []) if (!(e.ref in expect)) diff.push(...diffField(`review["${e.ref}"]`, "(not listed)", e));
  // the list names each tool and hook once: exactly what the approval would record (PAP-LIFE-REVIEW-SHOWS)
  const refs = (review ?? []).map((e) => e.ref);
  for (const ref of new Set(refs.filter((r, i) => refs.indexOf(r) !== i))) diff.push(...diffField(`review["${ref}"]`, "(listed once)", "(listed twice)"));
  return diff;
}
