// From what an implementation answered to the one outcome a case gets (SPEC.md 1.4).

import type { Exchange } from "../protocol/implementation.js";
import type { Outcome } from "../types/run-report.js";

export function outcomeOfExchange(e: Exclude<Exchange, { kind: "result" }>): { outcome: Outcome; message: string } {
  switch (e.kind) {
    case "skipped":
      return { outcome: "skip", message: e.issueUrl ? `${e.reason} (${e.issueUrl})` : e.reason };
    case "errored":
      return { outcome: "error", message: `implementation reported an error: ${e.message}` };
    case "protocol-error":
      return { outcome: "error", message: `protocol error: ${e.message}` };
    case "crash":
      return { outcome: "crash", message: e.message };
    case "timeout":
      return { outcome: "timeout", message: e.message };
  }
}
