// Copies of a case's fixture for a harness to install or load: entries copied as they are
// (symlinks verbatim, modes kept), so the harness, not the copy, decides what a symlink means.

import { cp, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";

/** Copies one entry as it is: symlinks verbatim (a symlink stays one, even at the top), modes kept. */
export async function copyAsIs(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false });
}

/** Copies every entry of `from` into `to` as it is. */
export async function copyEntries(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from)) await copyAsIs(join(from, name), join(to, name));
}
