// A case record as it goes into the reports: never larger than a report line may be (KIT-READ-
// BOUNDED). Whatever an implementation made huge (a message, its stderr, a file a diff quotes) is
// cut to an excerpt that says how much was left out; a diff longer than its bound keeps its first
// lines and says how many followed.

import { excerpt } from "../fixtures/read-bounded.js";
import type { CaseRecord, DiffLine } from "../types/run-report.js";

const TEXT_MAX = 16 * 1024;
const DIFF_LINES_MAX = 200;

function boundLine(d: DiffLine): DiffLine {
  return {
    ...d,
    path: excerpt(d.path, 1024),
    ...(d.expected === undefined ? {} : { expected: excerpt(d.expected, TEXT_MAX) }),
    ...(d.actual === undefined ? {} : { actual: excerpt(d.actual, TEXT_MAX) }),
  };
}

export function boundRecord(r: CaseRecord): CaseRecord {
  const out: CaseRecord = { ...r };
  if (r.message !== undefined) out.message = excerpt(r.message, TEXT_MAX);
  if (r.stderr !== undefined) out.stderr = excerpt(r.stderr, 64 * 1024);
  if (r.diff !== undefined) {
    const kept = r.diff.slice(0, DIFF_LINES_MAX).map(boundLine);
    if (r.diff.length > DIFF_LINES_MAX) kept.push({ type: "equal", path: `(${r.diff.length - DIFF_LINES_MAX} more diff lines not shown)` });
    out.diff = kept;
  }
  return out;
}
