// What a harness's installer changed on the way from the package to its installed copy, said in
// one line for the case's stderr (kept in the run report with every outcome but pass): the
// evidence behind an install-profile failure, e.g. "skills/linked (symlink → ../shared/linked) is
// missing".

import { lstat, readdir, readlink } from "node:fs/promises";
import { join } from "node:path";

/** One entry of a tree: its kind, and a symlink's target as written. */
export interface TreeEntry {
  kind: "file" | "dir" | "symlink" | "other";
  target?: string;
}

/** Every entry below `root` by relative path, without following symlinks. */
export async function listTree(root: string): Promise<Map<string, TreeEntry>> {
  const found = new Map<string, TreeEntry>();
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const path = join(dir, name);
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      const info = await lstat(path);
      if (info.isSymbolicLink()) found.set(rel, { kind: "symlink", target: await readlink(path) });
      else if (info.isDirectory()) {
        found.set(rel, { kind: "dir" });
        await walk(path, rel);
      } else found.set(rel, { kind: info.isFile() ? "file" : "other" });
    }
  };
  await walk(root, "");
  return found;
}

function describe(entry: TreeEntry): string {
  return entry.kind === "symlink" ? `symlink → ${entry.target ?? "?"}` : entry.kind;
}

/**
 * The entries of the package that the installed copy lacks or holds as something else, as
 * phrases; [] when the copy is faithful. A symlink the installer resolved into a real file or
 * folder counts as changed (the loader can no longer tell where it pointed).
 */
export async function installDifferences(packageRoot: string, installedRoot: string): Promise<string[]> {
  const [before, after] = await Promise.all([listTree(packageRoot), listTree(installedRoot)]);
  const out: string[] = [];
  for (const [path, entry] of before) {
    const copy = after.get(path);
    if (copy === undefined) out.push(`${path} (${describe(entry)}) is missing`);
    else if (copy.kind !== entry.kind || copy.target !== entry.target) out.push(`${path} (${describe(entry)}) became ${describe(copy)}`);
  }
  for (const [path, entry] of after) if (!before.has(path)) out.push(`${path} (${describe(entry)}) was added`);
  return out;
}
