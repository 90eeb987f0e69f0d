// Small file helpers for the instruction targets.

import { lstat, readFile, rm, rmdir } from "node:fs/promises";
import { dirname } from "node:path";

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The file's bytes, or undefined when it does not exist. */
export async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if (code(error) === "ENOENT") return undefined;
    throw error;
  }
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
  await rm(file, { force: true });
  for (const dir of [...createdDirs].reverse()) {
    try {
      await rmdir(dir);
    } catch {
      break;
    }
  }
}
