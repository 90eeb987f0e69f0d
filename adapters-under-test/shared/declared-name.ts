// The name a package gives itself, for a marketplace entry: a user's marketplace entry names the
// plugin as its manifest does, and a harness may refuse an entry whose name differs from it.

import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";

/** A name that can stand in `NAME@MARKETPLACE` and in a cache path, else undefined. */
export function usableName(name: unknown): string | undefined {
  return typeof name === "string" && /^[^\s@/\\~$]{1,200}$/.test(name) && name !== "." && name !== ".." ? name : undefined;
}

async function manifestName(file: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(file, "utf8")) as unknown;
    if (typeof manifest === "object" && manifest !== null && !Array.isArray(manifest)) return usableName((manifest as Record<string, unknown>)["name"]);
  } catch {
    // missing or malformed: try the next
  }
  return undefined;
}

/**
 * The `name` of the first of `manifests` (paths relative to the plugin root) that has a usable
 * one, else the root folder's name, else "plugin".
 */
export async function declaredName(source: string, manifests: string[]): Promise<string> {
  for (const manifest of manifests) {
    const name = await manifestName(join(source, manifest));
    if (name !== undefined) return name;
  }
  return usableName(basename(source)) ?? "plugin";
}
