// How much a fixture may make papc write: a case file is small (KIT-CASE-FILE-BOUNDS), but
// `{parts}` repeats can expand it to any size. Sparse `{size}` files cost no bytes and are not
// counted. Shared by lint and the materializer (SPEC.md KIT-FIXTURE-BOUNDS).

import type { FixtureEntry } from "../types/case.js";
import type { FixturePathProblem } from "./fixture-paths.js";

/** Bytes one entry, or a whole fixture (given.files, or one edit's files), may write. */
export const FIXTURE_WRITE_LIMIT = 64 * 1024 * 1024;

/** The bytes an entry writes (0 for links, directories, FIFOs and sparse files). */
export function writtenBytes(entry: FixtureEntry): number {
  if (typeof entry === "string") return Buffer.byteLength(entry, "utf8");
  if ("text" in entry) return Buffer.byteLength(entry.text, "utf8");
  if ("base64" in entry) return Buffer.from(entry.base64, "base64").length;
  if ("parts" in entry) {
    return entry.parts.reduce((sum, part) => sum + (typeof part === "string" ? Buffer.byteLength(part, "utf8") : Buffer.byteLength(part.repeat, "utf8") * part.times), 0);
  }
  return 0;
}

export function fixtureBoundProblems(files: Record<string, FixtureEntry>): FixturePathProblem[] {
  const problems: FixturePathProblem[] = [];
  let total = 0;
  for (const [path, entry] of Object.entries(files)) {
    const bytes = writtenBytes(entry);
    total += bytes;
    if (bytes > FIXTURE_WRITE_LIMIT) problems.push({ path, reason: `expands to ${bytes} bytes, over the ${FIXTURE_WRITE_LIMIT} a fixture entry may write (a sparse { size } costs nothing)` });
  }
  if (total > FIXTURE_WRITE_LIMIT && problems.length === 0) {
    const [first] = Object.keys(files);
    problems.push({ path: first ?? "", reason: `the fixture's entries write ${total} bytes together, over the ${FIXTURE_WRITE_LIMIT} a fixture may write` });
  }
  return problems;
}
