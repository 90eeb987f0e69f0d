// What a case that did not pass ran on, kept in its record so that a reader can act on the
// failure without opening the suite: the case's title, file and line, and its fixture tree
// (small text files inline, big, binary or generated ones summarized) (SPEC.md KIT-REPORT-INPUT).
// The summary is made from the case as written, not read back from disk: it is what the case
// gave, whatever the implementation did to the tree afterwards.

import type { FixtureEntry, LoadedCase } from "../types/case.js";
import { FAILING_OUTCOMES, type CaseInput, type FixtureSummaryEntry, type Outcome } from "../types/run-report.js";
import { writtenBytes } from "../fixtures/fixture-bounds.js";
import { fixtureFiles } from "./case-setup.js";

/** Files up to this size are shown whole, when they are UTF-8 text. */
export const INLINE_BYTES_MAX = 2048;
/** Entries listed before the rest are only counted (a 4097-file fixture). */
export const ENTRIES_MAX = 40;
/** The fixture root as the summary shows it: the generated package's paths name it. */
export const ROOT_PLACEHOLDER = "<root>";

/** The records that carry their input: every one a reader has to act on (not a baselined, expected failure). */
export function carriesInput(outcome: Outcome, stale: boolean): boolean {
  return stale || FAILING_OUTCOMES.includes(outcome);
}

export function caseInput(c: LoadedCase): CaseInput {
  let files: Record<string, FixtureEntry>;
  try {
    files = fixtureFiles(c, ROOT_PLACEHOLDER);
  } catch {
    files = c.given?.files ?? {};
  }
  const paths = Object.keys(files).sort();
  const input: CaseInput = {
    title: c.title,
    file: c.location.file,
    line: c.location.line,
    fixture: paths.slice(0, ENTRIES_MAX).map((path) => summarize(path, files[path]!)),
  };
  if (paths.length > ENTRIES_MAX) input.more_entries = paths.length - ENTRIES_MAX;
  return input;
}

function summarize(path: string, entry: FixtureEntry): FixtureSummaryEntry {
  if (typeof entry === "string") return textEntry(path, entry);
  if ("symlink" in entry) return { path, kind: "symlink", target: entry.symlink };
  const mode = entry.mode === undefined ? {} : { mode: entry.mode };
  if ("dir" in entry) return { path, kind: "dir", ...mode };
  if ("fifo" in entry) return { path, kind: "fifo", ...mode };
  if ("size" in entry) return { path, kind: "file", bytes: entry.size, made: "sparse (zero bytes)", ...mode };
  if ("base64" in entry) return { path, kind: "file", bytes: writtenBytes(entry), made: "base64 bytes", ...mode };
  if ("parts" in entry) {
    const repeats = entry.parts.filter((p) => typeof p !== "string");
    if (repeats.length === 0) return { ...textEntry(path, entry.parts.join("")), ...mode };
    return {
      path,
      kind: "file",
      bytes: writtenBytes(entry),
      made: `parts: ${repeats.map((p) => `${JSON.stringify(p.repeat.slice(0, 20))}${p.repeat.length > 20 ? "…" : ""} × ${p.times}`).join(", ")}`,
      ...mode,
    };
  }
  return { ...textEntry(path, entry.text), ...mode };
}

function textEntry(path: string, text: string): FixtureSummaryEntry {
  const bytes = writtenBytes(text);
  return bytes <= INLINE_BYTES_MAX ? { path, kind: "file", bytes, text } : { path, kind: "file", bytes, text: text.slice(0, INLINE_BYTES_MAX), truncated: true };
}
