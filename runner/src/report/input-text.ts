// A case's input (run/case-input.ts) as text: its title and file:line, and its fixture tree with
// small files' text below their names. The terminal and Markdown views share it.

import type { CaseInput, FixtureSummaryEntry } from "../types/run-report.js";

/** The title and where the case is written. `where` renders the case file's path (relative to the reader). */
export function inputHeading(input: CaseInput, indent: string, where: (file: string) => string = (f) => f): string[] {
  return [`${indent}${input.title}`, `${indent}case: ${where(input.file)}:${input.line}`];
}

/** The fixture tree as indented text lines: small files' text below their names. */
export function fixtureLines(input: CaseInput, indent: string): string[] {
  if (input.fixture.length === 0) return [`${indent}fixture: (empty)`];
  const lines = [`${indent}fixture:`];
  for (const e of input.fixture) {
    lines.push(`${indent}  ${e.path}${e.kind === "dir" ? "/" : ""}  ${describe(e)}`);
    if (e.text !== undefined && e.text !== "") for (const l of e.text.replace(/\n$/, "").split("\n")) lines.push(`${indent}  │ ${l}`);
  }
  if (input.more_entries) lines.push(`${indent}  … and ${input.more_entries} more entries`);
  return lines;
}

export function describe(e: FixtureSummaryEntry): string {
  const mode = e.mode ? `, mode ${e.mode}` : "";
  switch (e.kind) {
    case "dir":
      return `(directory${mode})`;
    case "symlink":
      return `(symlink → ${e.target ?? ""})`;
    case "fifo":
      return `(named pipe${mode})`;
    case "file":
      return `(${e.bytes ?? 0} byte${e.bytes === 1 ? "" : "s"}${e.made ? `, ${e.made}` : e.truncated ? `, the first ${e.text?.length ?? 0} characters shown` : ""}${mode})`;
  }
}
