// Where the kit lives and what it is called, wherever it is run from (source or dist/).

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The package root: the nearest ancestor of this module holding papc's package.json. */
export function kitRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === "papc") return (root = dir);
    } catch {
      // not here; keep climbing
    }
    const up = dirname(dir);
    if (up === dir) throw new Error("papc: cannot find the kit's package.json above " + fileURLToPath(import.meta.url));
    dir = up;
  }
}

export function kitInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(kitRoot(), "package.json"), "utf8")) as { version: string };
  return { name: "papc", version: pkg.version };
}
