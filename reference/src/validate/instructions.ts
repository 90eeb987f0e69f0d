// Instructions of the validated source (SPEC.md 3.6): instructions/<stem>.md, a regular file
// of at most 1 MiB of UTF-8 (the published reference's convention and bounds). Checked
// lazily: only files a member names are read.

import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { decodeUtf8, MAX_DOCUMENT_BYTES, readHead } from "../frontmatter.js";
import type { InstructionFlaw, InstructionsUnavailable } from "./messages/sources.js";
import { errorText } from "../wording.js";
import { listConventionDirectory, MAX_CONVENTION_ENTRIES } from "./source-dirs.js";

export const INSTRUCTIONS_DIR = "instructions";
const EXTENSION = ".md";

export type InstructionCheck = { available: true; path: string } | { available: false; reason: InstructionFlaw };

export class InstructionIndex {
  private readonly cache = new Map<string, Promise<InstructionCheck>>();

  private constructor(
    private readonly sourceRoot: string,
    /** File names (not followed) by stem, or the reason there are none. */
    private readonly names: Map<string, { symlink: boolean; file: boolean }> | InstructionsUnavailable,
    /** Whether the listing stopped at the entry bound. */
    // Stryker disable next-line BooleanLiteral: the default goes with `names` that is a reason, and inspect then never reads it
    private readonly truncated = false,
  ) {}

  static async open(sourceRoot: string): Promise<InstructionIndex> {
    const listing = await listConventionDirectory(sourceRoot, INSTRUCTIONS_DIR);
    switch (listing.kind) {
      // Stryker disable next-line ConditionalExpression: falling through gives the next case's reason, which only changes the detail of a missing instruction
      case "absent":
        return new InstructionIndex(sourceRoot, { flaw: "directory-absent" });
      // Stryker disable next-line ConditionalExpression: falling through gives the next case's reason, which only changes the detail of a missing instruction
      case "not-directory":
        return new InstructionIndex(sourceRoot, { flaw: "directory-not-directory" });
      // Stryker disable next-line ConditionalExpression: falling through gives the next case's reason ("cannot list instructions: undefined"), which only changes the detail of a missing instruction
      case "symlink":
        return new InstructionIndex(sourceRoot, { flaw: "directory-symlink" });
      case "unreadable":
        return new InstructionIndex(sourceRoot, { flaw: "directory-unreadable", error: listing.error });
      case "listed": {
        const names = new Map<string, { symlink: boolean; file: boolean }>();
        for (const entry of listing.entries) {
          // The name ".md" itself maps to the stem "", which no selector names (atoms are non-empty).
          if (entry.name.endsWith(EXTENSION)) {
            names.set(entry.name.slice(0, -EXTENSION.length), { symlink: entry.isSymbolicLink(), file: entry.isFile() });
          }
        }
        return new InstructionIndex(sourceRoot, names, listing.truncated);
      }
    }
  }

  /** Whether `instructions/<selector>.md` is a usable instruction (cached). */
  check(selector: string): Promise<InstructionCheck> {
    let result = this.cache.get(selector);
    // Stryker disable next-line ConditionalExpression: the cache only saves work: inspecting again gives the same answer
    if (!result) {
      result = this.inspect(selector);
      this.cache.set(selector, result);
    }
    return result;
  }

  private async inspect(selector: string): Promise<InstructionCheck> {
    if (!(this.names instanceof Map)) return { available: false, reason: this.names };
    const found = this.names.get(selector);
    // Stryker disable next-line StringLiteral: the path only shows in a detail, and an instruction's target is never used (only plugin dependencies are edges)
    const path = `${INSTRUCTIONS_DIR}/${selector}${EXTENSION}`;
    if (!found) {
      return { available: false, reason: { flaw: "missing", path, truncated: this.truncated, maxEntries: MAX_CONVENTION_ENTRIES } };
    }
    // Stryker disable next-line ConditionalExpression: a symlink entry is not a file either and is refused on the next line
    if (found.symlink) return { available: false, reason: { flaw: "symlink", path } };
    // Stryker disable next-line ConditionalExpression: the lstat below refuses what is not a regular file
    if (!found.file) return { available: false, reason: { flaw: "not-file", path } };
    const file = join(this.sourceRoot, INSTRUCTIONS_DIR, `${selector}${EXTENSION}`);
    // Stryker disable next-line BlockStatement: without the lstat checks readHead reads a larger file incomplete and it is refused below (only regular files get here)
    try {
      const stats = await lstat(file);
      // Stryker disable next-line ConditionalExpression: the listing already found a regular file here
      if (!stats.isFile())
        // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: unreachable: the listing already found a regular file here (only a file replaced in between gets here)
        return { available: false, reason: { flaw: "not-file", path } };
      // Stryker disable BlockStatement: (for the catch below) without its return readHead fails on the same file and it is refused below
      // Stryker disable next-line ConditionalExpression: readHead reads a larger file incomplete and it is refused below
      if (stats.size > MAX_DOCUMENT_BYTES) return { available: false, reason: { flaw: "too-large", path, maxBytes: MAX_DOCUMENT_BYTES } };
    } catch (error) {
      return { available: false, reason: { flaw: "uninspectable", path, error: errorText(error) } };
    }
    // Stryker restore BlockStatement
    const head = await readHead(file, MAX_DOCUMENT_BYTES);
    // Stryker disable next-line ConditionalExpression: a failed read has no `complete` and is refused on the next line
    if (!head.ok) return { available: false, reason: { flaw: "unreadable", path, failure: head.flaw } };
    // Stryker disable next-line ConditionalExpression: lstat above already refused a larger file
    if (!head.complete)
      // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: unreachable: lstat above already refused a larger file (only a file growing in between gets here)
      return { available: false, reason: { flaw: "too-large", path, maxBytes: MAX_DOCUMENT_BYTES } };
    if (decodeUtf8(head.bytes) === undefined) return { available: false, reason: { flaw: "not-utf8", path } };
    return { available: true, path };
  }
}
