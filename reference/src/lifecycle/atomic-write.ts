// Atomic file replacement: the bytes go to a temporary file beside the target, which is then
// renamed over it, so a reader (or a crash) never sees half a file.

import { randomBytes } from "node:crypto";
import { chmod, lstat, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `bytes` to `path` atomically. An existing file keeps its permission bits; an existing
 * symlink stays a symlink (the file it points to is replaced, not the link).
 */
export async function writeFileAtomic(path: string, bytes: Uint8Array | string): Promise<void> {
  const real = (await exists(path)) ? await realpath(path) : path;
  let mode: number | undefined;
  try {
    mode = (await stat(real)).mode & 0o7777;
  } catch {
    // a new file: the default mode (umask applies)
  }
  const temp = join(dirname(real), `.${basename(real)}.pap-${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, bytes, { flag: "wx", mode: mode ?? 0o666 });
    // writeFile's mode passes through the umask; an existing file keeps its bits exactly
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, real);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
