// Where the papc package lives on disk and what its package.json says. The kit and the reference
// ship in one package and run from source (vitest) or from dist/, so files are found by walking
// up to papc's package.json rather than by a fixed "../..".

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

/** The package root: the nearest ancestor of this module holding papc's package.json. */
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

/** Absolute path of a file inside the package, given "/"-separated segments from the root. */
export function kitPath(...segments: string[]): string {
  return join(kitRoot(), ...segments);
}

/** The package's name and version (what a report header and `--version` say). */
export function kitInfo(): { name: string; version: string } {
  const pkg = readPackageJson(kitRoot()) ?? {};
  return { name: KIT_PACKAGE_NAME, version: typeof pkg.version === "string" ? pkg.version : "0.0.0" };
}

/** The package's homepage, when package.json declares one. */
export function kitHomepage(): string | undefined {
  const pkg = readPackageJson(kitRoot()) ?? {};
  return typeof pkg.homepage === "string" ? pkg.homepage : undefined;
}
