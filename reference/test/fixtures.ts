// Small helpers for the reference's unit tests: temp source trees and manifest texts.

import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export function manifest(name = "demo", extra = ""): string {
  return `schema_version = 1\n[plugin]\nname = "${name}"\ndescription = "Demo package"\n${extra}`;
}

export type TreeEntry = string | Buffer | { symlink: string };

/** Creates a temp directory holding `files` (relative path → content) and returns its path. */
export async function makeTree(files: Record<string, TreeEntry>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "papc-ref-"));
  for (const [relative, entry] of Object.entries(files)) {
    const target = join(root, relative);
    await mkdir(dirname(target), { recursive: true });
    if (typeof entry === "object" && !Buffer.isBuffer(entry)) await symlink(entry.symlink, target);
    else await writeFile(target, entry);
  }
  return root;
}

export async function removeTree(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}
