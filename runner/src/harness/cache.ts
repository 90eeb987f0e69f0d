// Where pinned harnesses live: $PAPC_HARNESS_CACHE or ~/.cache/papc/harnesses, one folder per
// package and version (`@openai+codex@0.147.0`), outside the project's own dependencies.

import { access, constants } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { HarnessPin } from "../types/recording.js";

export function harnessCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.PAPC_HARNESS_CACHE || join(homedir(), ".cache", "papc", "harnesses");
}

/** The install folder of one pin: `<npm name with / replaced by +>@<version>`. */
export function packageDir(pin: HarnessPin, cacheRoot = harnessCacheRoot()): string {
  return join(cacheRoot, `${pin.package.replace(/\//g, "+")}@${pin.version}`);
}

export function binaryPath(pin: HarnessPin, cacheRoot = harnessCacheRoot()): string {
  return join(packageDir(pin, cacheRoot), "node_modules", ".bin", pin.binary);
}

export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
