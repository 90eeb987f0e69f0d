// Exec mode (SPEC 1.2): a one-shot command's stdout read as one JSON document.

import type { ExecReading } from "../registry/operation-definition.js";

/** stdout as the result, or a protocol error quoting the start of what was printed. */
export function jsonStdout(exit: number, stdout: string): ExecReading {
  try {
    return { kind: "result", result: JSON.parse(stdout) as Record<string, unknown> };
  } catch {
    return { kind: "protocol-error", message: `exit ${exit}, stdout is not one JSON document: ${JSON.stringify(stdout.slice(0, 200))}` };
  }
}
