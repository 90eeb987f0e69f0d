// Small file helpers for the instruction targets.

import { lstat, readFile, rm, rmdir } from "node:fs/promises";
import { dirname } from "node:path";

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The file's bytes, or undefined when it does not exist. */
export async function readOptional(file: string): Promise<Buffer | undefined> {
  // Stryker disable next-line BlockStatement: a target that is there but cannot be read (a directory; permission bits do not stop root) is outside SPEC 11.4: the operation fails (an errored reply, which no case can expect) or finds nothing to do
  return readFile(file).catch((error: unknown) => {
    if (code(error) === "ENOENT") return undefined;
    throw error;
  });
}

/** The ancestors of `file` that do not exist yet, outermost first. */
export async function missingDirs(file: string): Promise<string[]> {
  const missing: string[] = [];
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      await lstat(dir);
      break;
    } catch (error) {
      if (code(error) !== "ENOENT") throw error;
      missing.unshift(dir);
    }
  }
  return missing;
}

/**
 * Deletes a file this consumer created and that is empty now, and then the directories it
 * created for it, innermost first, as long as they are empty (rmdir refuses otherwise).
 */
export async function deleteCreated(file: string, createdDirs: readonly string[]): Promise<void> {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: both callers read the file just before, so it is there and rm never needs force
  await rm(file, { force: true });
  for (const dir of [...createdDirs].reverse()) {
    try {
      // Stryker disable BlockStatement: the catch below, to the end of the file: the file was just read in the innermost directory, so an rmdir fails only on a directory that is not empty, and every created one outside it holds it
      await rmdir(dir);
    } catch {
      break;
    }
  }
}
