// "Is this module the program node was started with?" — so cli.ts and protocol-server.ts can
// be imported by tests without running, and still work as entry points (also via npm's bin
// symlinks, hence realpath).

import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function isMainModule(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (started === undefined) return false;
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
