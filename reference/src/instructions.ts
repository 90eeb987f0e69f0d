// Instructions of the validated source (SPEC.md 3.6): instructions/<stem>.md, a regular file
// of at most 1 MiB of UTF-8 (the published reference's convention and bounds). Checked
// lazily: only files a member names are read.

import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { decodeUtf8, MAX_DOCUMENT_BYTES, readHead } from "./frontmatter.js";
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
    private readonly truncated = false,
  ) {}

  static async open(sourceRoot: string): Promise<InstructionIndex> {
    const listing = await listConventionDirectory(sourceRoot, INSTRUCTIONS_DIR);
    switch (listing.kind) {
      case "absent":
        return new InstructionIndex(sourceRoot, "the source has no instructions directory");
      case "not-directory":
        return new InstructionIndex(sourceRoot, "the source's instructions path is not a directory");
      case "symlink":
        return new InstructionIndex(sourceRoot, "the source's instructions directory is a symlink");
      case "unreadable":
        return new InstructionIndex(sourceRoot, `cannot list instructions: ${listing.message}`);
      case "listed": {
        const names = new Map<string, { symlink: boolean; file: boolean }>();
        for (const entry of listing.entries) {
          if (entry.name.length > EXTENSION.length && entry.name.endsWith(EXTENSION)) {
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
    if (!result) {
      result = this.inspect(selector);
      this.cache.set(selector, result);
    }
    return result;
  }

  private async inspect(selector: string): Promise<InstructionCheck> {
    if (typeof this.names === "string") return { available: false, reason: this.names };
    const found = this.names.get(selector);
    const path = `${INSTRUCTIONS_DIR}/${selector}${EXTENSION}`;
    if (!found) {
      const more = this.truncated ? ` among the first ${MAX_CONVENTION_ENTRIES} entries of ${INSTRUCTIONS_DIR} (the rest were not examined)` : "";
      return { available: false, reason: `${path} does not exist${more}` };
    }
    if (found.symlink) return { available: false, reason: `${path} is a symlink` };
    if (!found.file) return { available: false, reason: `${path} is not a regular file` };
    const file = join(this.sourceRoot, INSTRUCTIONS_DIR, `${selector}${EXTENSION}`);
    try {
      const stats = await lstat(file);
      if (!stats.isFile()) return { available: false, reason: `${path} is not a regular file` };
      if (stats.size > MAX_DOCUMENT_BYTES) return { available: false, reason: `${path} is larger than ${MAX_DOCUMENT_BYTES} bytes` };
    } catch (error) {
      return { available: false, reason: `cannot inspect ${path}: ${errorText(error)}` };
    }
    const head = await readHead(file, MAX_DOCUMENT_BYTES);
    if (!head.ok) return { available: false, reason: `${path}: ${head.message}` };
    if (!head.complete) return { available: false, reason: `${path} is larger than ${MAX_DOCUMENT_BYTES} bytes` };
    if (decodeUtf8(head.bytes) === undefined) return { available: false, reason: `${path} is not valid UTF-8` };
    return { available: true, path };
  }
}
