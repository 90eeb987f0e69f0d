// Renders a mismatch between what a case expects and what came back as diff lines,
// using json-diff-kit's side-by-side differ (one left/right line pair per row).

// The package root also loads its React viewer; the differ module alone needs nothing else.
import Differ from "json-diff-kit/differ.js";
import type { DiffLine } from "../types/run-report.js";

const differ = new Differ({ detectCircular: false, showModifications: true, arrayDiffMethod: "lcs", preserveKeyOrder: "before" });

/** Diff lines for one compared field; only rows that differ, plus their enclosing context. */
export function diffField(path: string, expected: unknown, actual: unknown): DiffLine[] {
  const [left, right] = differ.diff(wrap(expected), wrap(actual));
  const lines: DiffLine[] = [];
  for (let i = 0; i < left.length; i++) {
    const l = left[i];
    const r = right[i];
    if (!l || !r || (l.type === "equal" && r.type === "equal")) continue;
    const type = l.type !== "equal" ? l.type : r.type;
    const line: DiffLine = { type, path };
    if (l.text !== "") line.expected = indent(l.level, l.text);
    if (r.text !== "") line.actual = indent(r.level, r.text);
    lines.push(line);
  }
  // Scalars at the top level that json-diff-kit reports as one modified line
  if (lines.length === 0) lines.push({ type: "modify", path, expected: JSON.stringify(expected) ?? "(absent)", actual: JSON.stringify(actual) ?? "(absent)" });
  return lines;
}

// json-diff-kit diffs containers; a scalar is wrapped so its change still shows as a row.
function wrap(value: unknown): unknown {
  return { value: value === undefined ? "(absent)" : value };
}

function indent(level: number, text: string): string {
  return `${"  ".repeat(Math.max(0, level - 1))}${text}`;
}
