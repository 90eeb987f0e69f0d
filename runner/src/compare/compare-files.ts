// Checks `expect.files` of a step (SPEC 1.11) on disk: a file absent, its exact text, substrings
// it contains or lacks, or exactly the bytes given.files wrote there (`as_given`). Bytes are
// compared as bytes: a changed line ending or a dropped final newline is a difference.

import { lstat, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileExpectation, FixtureEntry } from "../types/case.js";
import type { DiffLine } from "../types/run-report.js";
import { diffField } from "./diff-lines.js";

export async function compareFiles(expect: Record<string, FileExpectation>, root: string, given: Record<string, FixtureEntry>): Promise<DiffLine[]> {
  const diff: DiffLine[] = [];
  for (const [path, want] of Object.entries(expect)) {
    const label = `files["${path}"]`;
    const exists = await lstat(join(root, path)).then(() => true, () => false);
    if (want.absent) {
      if (exists) diff.push(...diffField(label, "(absent)", await shown(join(root, path))));
      continue;
    }
    if (!exists) {
      diff.push(...diffField(label, want.as_given ? "(as given)" : (want.text ?? "(present)"), "(absent)"));
      continue;
    }
    const bytes = await readFile(join(root, path));
    const text = bytes.toString("utf8");
    if (want.text !== undefined && !bytes.equals(Buffer.from(want.text, "utf8"))) diff.push(...diffField(label, want.text, text));
    if (want.as_given) {
      const entry = given[path];
      const expected = entry === undefined ? undefined : entryBytes(entry);
      if (expected === undefined) throw new Error(`papc cannot compare ${label} as_given: given.files has no text or base64 entry at ${path}`);
      if (!bytes.equals(expected)) diff.push(...diffField(`${label} (as given)`, expected.toString("utf8"), text));
    }
    for (const s of want.contains ?? []) if (!text.includes(s)) diff.push({ type: "modify", path: `${label}.contains`, expected: s, actual: text });
    for (const [s, n] of Object.entries(want.occurrences ?? {})) {
      const found = text.split(s).length - 1;
      if (found !== n) diff.push({ type: "modify", path: `${label}.occurrences[${JSON.stringify(s)}]`, expected: String(n), actual: `${found} in ${JSON.stringify(text)}` });
    }
    for (const s of want.excludes ?? []) if (text.includes(s)) diff.push({ type: "modify", path: `${label}.excludes`, expected: `(no ${JSON.stringify(s)})`, actual: text });
  }
  return diff;
}

async function shown(file: string): Promise<string> {
  return readFile(file, "utf8").catch(() => "(present, not a readable file)");
}

/** The bytes a text, parts or base64 fixture entry writes; undefined for other kinds. */
export function entryBytes(entry: FixtureEntry): Buffer | undefined {
  if (typeof entry === "string") return Buffer.from(entry, "utf8");
  if ("text" in entry) return Buffer.from(entry.text, "utf8");
  if ("base64" in entry) return Buffer.from(entry.base64, "base64");
  if ("parts" in entry) return Buffer.from(entry.parts.map((p) => (typeof p === "string" ? p : p.repeat.repeat(p.times))).join(""), "utf8");
  return undefined;
}
