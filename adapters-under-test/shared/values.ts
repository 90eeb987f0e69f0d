// Small readers of what a harness printed.

import { realpathSync } from "node:fs";

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The path with every symlink resolved, or the path itself when it cannot be. */
export function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
