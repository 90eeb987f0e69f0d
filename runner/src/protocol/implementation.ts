// What the runner needs from an implementation under test, whatever its mode.

import type { CasePayload, HelloReply } from "../../shared/protocol.js";
import type { LeftoverRecord } from "../types/run-report.js";

/** What happened when one case was sent. Maps 1:1 onto outcomes (run/outcome.ts). */
export type Exchange =
  | { kind: "result"; result: Record<string, unknown> }
  | { kind: "skipped"; reason: string; issueUrl?: string }
  | { kind: "errored"; message: string }
  /** Malformed, mismatched or oversized output: the implementation broke the protocol. */
  | { kind: "protocol-error"; message: string }
  /** The process died while the case was in flight, or could not be started. */
  | { kind: "crash"; message: string }
  | { kind: "timeout"; message: string };

export interface ExchangeWithStderr {
  exchange: Exchange;
  /** What the implementation wrote to stderr while the case ran (bounded tail). */
  stderr: string;
}

export interface Implementation {
  /** The implementation's hello (or, in exec mode, the adapter's claim); starts it if needed. */
  hello(): Promise<HelloReply | Exchange>;
  run(payload: CasePayload, timeoutMs: number): Promise<ExchangeWithStderr>;
  /**
   * A protocol violation the implementation committed after its reply to this case, while no
   * request was pending (persistent mode), taken once; the caller holds the case's record until
   * no more can come.
   */
  takeStray?(caseId: string): string | undefined;
  /**
   * Processes found running after the case or process that started them ended (outside the
   * process group papc kills), killed then, and not yet taken; waits for sweeps under way.
   */
  takeLeftovers?(): Promise<LeftoverRecord[]>;
  /** stderr written since the last case, e.g. by a start that failed before any case ran. */
  drainStderr(): string;
  close(): Promise<void>;
}
