// What every papc command shares with the command line: the usage error (exit 2), one JSON
// document on stdout (KIT-CLI-JSON), and a case file's path as the reader can open it.

import { join, relative } from "node:path";

/** A mistake in how papc was called: one line on stderr (or a JSON document with --json), exit 2. */
export class UsageError extends Error {}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A case file (relative to the kit) as the reader can open it: node_modules/papc/cases/… in a project that installed papc. */
export function caseFileShown(root: string): (file: string) => string {
  return (file) => {
    const shown = relative(process.cwd(), join(root, file));
    return shown.startsWith("..") ? join(root, file) : shown;
  };
}

/** Where a command writes: stdout and stderr, or a test's buffers. */
export interface Io {
  out(t: string): void;
  err(t: string): void;
}
