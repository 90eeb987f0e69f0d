// Diff lines as text: "- expected" / "+ actual", grouped by the compared field.

import type { DiffLine } from "../types/run-report.js";

const RED = "\u001b[31m";
const GREEN = "\u001b[32m";
const DIM = "\u001b[2m";
const RESET = "\u001b[0m";

export function renderDiff(lines: readonly DiffLine[], color: boolean, indent = ""): string {
  const out: string[] = [];
  let lastPath: string | undefined;
  const paint = (c: string, s: string): string => (color ? `${c}${s}${RESET}` : s);
  for (const l of lines) {
    if (l.path !== lastPath) {
      out.push(`${indent}${paint(DIM, `${l.path}:`)}`);
      lastPath = l.path;
    }
    if (l.expected !== undefined) out.push(`${indent}  ${paint(RED, `- expected ${l.expected}`)}`);
    if (l.actual !== undefined) out.push(`${indent}  ${paint(GREEN, `+ actual   ${l.actual}`)}`);
  }
  return out.join("\n");
}
