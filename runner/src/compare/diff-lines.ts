// Renders a mismatch between what a case expects and what came back as diff lines,
// using json-diff-kit's side-by-side differ (one left/right line pair per row).

// The package root also loads its React viewer; the differ module alone needs nothing else.
import Differ from "json-diff-kit/differ.js";
import type { DiffLine } from "../types/run-report.js";

const differ = new Differ({ detectCircular: false, showModifications: true, arrayDiffMethod: "lcs", preserveKeyOrder: "before" });

/** Diff lines for one compared field: one line for scalars, json-diff-kit rows for containers. */
export function diffField(path: string, expected: unknown, actual: unknown): DiffLine[] {
  if (!sameContainer(expected, actual)) {
    return [{ type: "modify", path, expected: show(expected), actual: show(actual) }];
  }
  const [left, right] = differ.diff(expected, actual);
  const lines: DiffLine[] = [];
  for (let i = 0; i < left.length; i++) {
    const l = left[i];
    const r = right[i];
    if (!l || !r || (l.type === "equal" && r.type === "equal")) continue;
    const line: DiffLine = { type: l.type !== "equal" ? l.type : r.type, path };
    if (l.text !== "") line.expected = indent(l.level, l.text);
    if (r.text !== "") line.actual = indent(r.level, r.text);
    lines.push(line);
  }
  return lines.length > 0 ? lines : [{ type: "modify", path, expected: show(expected), actual: show(actual) }];
}

function sameContainer(a: unknown, b: unknown): boolean {
  const kind = (v: unknown): string => (Array.isArray(v) ? "array" : v !== null && typeof v === "object" ? "object" : "scalar");
  return kind(a) !== "scalar" && kind(a) === kind(b);
}

function show(value: unknown): string {
  return value === undefined ? "(absent)" : JSON.stringify(value);
}

function indent(level: number, text: string): string {
  return `${"  ".repeat(Math.max(0, level))}${text}`;
}
