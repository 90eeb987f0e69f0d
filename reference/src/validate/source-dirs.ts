// Listing the convention directories of a source (skills/, agents/, instructions/) safely:
// the directory itself must not be a symlink, names are read with a cap (counted while they
// are read), and entries are classified with lstat semantics (symlinks are never followed).

import type { Dirent } from "node:fs";
import { lstat, opendir } from "node:fs/promises";
import { join } from "node:path";
import { compareUtf8 } from "../manifest-types.js";
import { errorText } from "../wording.js";

/** Entries examined at most per convention directory (the package entry bound of draft 0.1). */
export const MAX_CONVENTION_ENTRIES = 4096;

export type Listing =
  | { kind: "absent" }
  | { kind: "symlink" }
  | { kind: "not-directory" }
  /** `error`: the text of the OS error. */
  | { kind: "unreadable"; error: string }
  | { kind: "listed"; entries: Dirent[]; truncated: boolean };

function errorCode(error: unknown): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: fs promises reject only with Error objects that carry a code
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

export async function listConventionDirectory(sourceRoot: string, name: string, cap = MAX_CONVENTION_ENTRIES): Promise<Listing> {
  const dir = join(sourceRoot, name);
  try {
    const stats = await lstat(dir);
    if (stats.isSymbolicLink()) return { kind: "symlink" };
    if (!stats.isDirectory()) return { kind: "not-directory" };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { kind: "absent" };
    return { kind: "unreadable", error: errorText(error) };
  }
  const entries: Dirent[] = [];
  let truncated = false;
  try {
    const handle = await opendir(dir);
    for await (const entry of handle) {
      if (entries.length >= cap) {
        truncated = true;
        break; // leaving the loop closes the handle
      }
      entries.push(entry);
    }
  } catch (error) {
    return { kind: "unreadable", error: errorText(error) };
  }
  // Stryker disable next-line MethodExpression,ArrowFunction: the scanned components form a set: resolution and the sorted diagnostics (PAP-REPORT-SORTED) do not depend on listing order
  entries.sort((left, right) => compareUtf8(left.name, right.name));
  return { kind: "listed", entries, truncated };
}
