// Where the kit lives on disk, and what package.json says about it.
// The same code runs from reference/src (vitest) and from dist/reference/src (built), so
// files are located by walking up to the kit's package.json rather than by fixed "../..".

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const KIT_PACKAGE_NAME = "papc";

interface KitPackageJson {
  name?: unknown;
  version?: unknown;
  homepage?: unknown;
}

function readPackageJson(dir: string): KitPackageJson | undefined {
  const file = join(dir, "package.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as KitPackageJson;
  } catch {
    return undefined;
  }
}

let cachedRoot: string | undefined;

/** Absolute path of the kit root (the folder holding papc's package.json). */
export function kitRoot(): string {
  if (cachedRoot !== undefined) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (readPackageJson(dir)?.name === KIT_PACKAGE_NAME) {
      cachedRoot = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${KIT_PACKAGE_NAME} package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** Absolute path of a file inside the kit, given "/"-separated segments from the root. */
export function kitPath(...segments: string[]): string {
  return join(kitRoot(), ...segments);
}

export interface KitInfo {
  version: string;
  homepage?: string;
}

/** Version (and homepage, when package.json declares one) of the kit this reference ships in. */
export function kitInfo(): KitInfo {
  const pkg = readPackageJson(kitRoot()) ?? {};
  const info: KitInfo = { version: typeof pkg.version === "string" ? pkg.version : "0.0.0" };
  if (typeof pkg.homepage === "string") info.homepage = pkg.homepage;
  return info;
}
