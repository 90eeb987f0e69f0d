// Checks `expect.files` of a step (SPEC 1.11) on disk: a file absent, its exact text, substrings
// it contains or lacks, or exactly the bytes given.files wrote there (`as_given`). Bytes are
// compared as bytes: a changed line ending or a dropped final newline is a difference.

import { CaseFault } from "./case-fault.js";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import type { FileExpectation, FixtureEntry } from "../types/case.js";
import type { DiffLine } from "../types/run-report.js";
import { excerpt, readBounded } from "../fixtures/read-bounded.js";
import { diffField } from "./diff-lines.js";

/** More than any instruction file a case writes; a larger file is a difference, not a read. */
const FILE_CAP = 8 * 1024 * 1024;

export async function compareFiles(expect: Record<string, FileExpectation>, root: string, given: Record<string, FixtureEntry>): Promise<DiffLine[]> {
  const diff: DiffLine[] = [];
  for (const [path, want] of Object.entries(expect)) {
    const label = `files["${path}"]`;
    const exists = await lstat(join(root, path)).then(
      () => true,
      () => false,
    );
    if (want.absent) {
      if (exists) diff.push(...diffField(label, "(absent)", await shown(join(root, path))));
      continue;
    }
    if (!exists) {
      diff.push(...diffField(label, want.as_given ? "(as given)" : (want.text ?? "(present)"), "(absent)"));
      continue;
    }
    const read = await readBounded(join(root, path), FILE_CAP);
    if (read.kind !== "file") {
      diff.push(...diffField(label, want.as_given ? "(as given)" : (want.text ?? "(a readable file)"), read.kind === "absent" ? "(absent)" : `(${read.why})`));
      continue;
    }
    const bytes = read.bytes;
    const text = bytes.toString("utf8");
    const shownText = excerpt(text);
    if (want.text !== undefined && !bytes.equals(Buffer.from(want.text, "utf8"))) diff.push(...diffField(label, want.text, shownText));
    if (want.as_given) {
      const entry = given[path];
      const expected = entry === undefined ? undefined : entryBytes(entry);
      if (expected === undefined) throw new CaseFault(`papc cannot compare ${label} as_given: given.files has no text or base64 entry at ${path}`);
      if (!bytes.equals(expected)) diff.push(...diffField(`${label} (as given)`, expected.toString("utf8"), shownText));
    }
    for (const s of want.contains ?? []) if (!text.includes(s)) diff.push({ type: "modify", path: `${label}.contains`, expected: s, actual: shownText });
    for (const [s, n] of Object.entries(want.occurrences ?? {})) {
      const found = text.split(s).length - 1;
      if (found !== n) diff.push({ type: "modify", path: `${label}.occurrences[${JSON.stringify(s)}]`, expected: String(n), actual: `${found} in ${JSON.stringify(shownText)}` });
    }
    for (const s of want.excludes ?? []) if (text.includes(s)) diff.push({ type: "modify", path: `${label}.excludes`, expected: `(no ${JSON.stringify(s)})`, actual: shownText });
  }
  return diff;
}

async function shown(file: string): Promise<string> {
  const read = await readBounded(file, FILE_CAP);
  return read.kind === "file" ? excerpt(read.bytes.toString("utf8")) : "(present, not a readable file)";
}

/** The bytes a text, parts or base64 fixture entry writes; undefined for other kinds. */
export function entryBytes(entry: FixtureEntry): Buffer | undefined {
  if (typeof entry === "string") return Buffer.from(entry, "utf8");
  if ("text" in entry) return Buffer.from(entry.text, "utf8");
  if ("base64" in entry) return Buffer.from(entry.base64, "base64");
  if ("parts" in entry) return Buffer.from(entry.parts.map((p) => (typeof p === "string" ? p : p.repeat.repeat(p.times))).join(""), "utf8");
  return undefined;
}
