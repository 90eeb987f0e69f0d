// The serving side of process protocol v1 (SPEC 1.2), for implementations written in TypeScript
// (the adapters in adapters-under-test/ use it; the reference keeps its own endpoint so that it
// stays apart from the runner). Newline-delimited JSON requests on stdin, handled one at a time
// in arrival order, one reply line each on stdout; stdout carries replies only, people's text
// goes to stderr. A run whose handler throws becomes an `errored` reply and serving goes on.

import { createInterface } from "node:readline";
import type { CasePayload, HelloReply, RunReply } from "../types/protocol.js";

export interface ProtocolHandlers {
  /** Prefix of stderr lines, e.g. "plugin-host". */
  name: string;
  hello(): HelloReply;
  /** One case; `payload` has been checked to be an object with the announced operation and a source. */
  run(seq: number, payload: CasePayload, log: (text: string) => void): Promise<RunReply>;
  /** Called once after `stop` or the end of stdin. */
  close?(): Promise<void>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function serveProtocol(handlers: ProtocolHandlers): void {
  const log = (text: string): void => void process.stderr.write(`[${handlers.name}] ${text}\n`);
  const reply = (message: object): void => void process.stdout.write(`${JSON.stringify(message)}\n`);
  const operations = handlers.hello().operations;

  async function run(seq: number, payload: unknown): Promise<RunReply> {
    if (!isRecord(payload)) return { seq, errored: { message: "run request has no case object" } };
    const c = payload as unknown as CasePayload;
    if (!operations.includes(c.operation)) return { seq, errored: { message: `operation ${JSON.stringify(c.operation)} is not supported (supported: ${operations.join(", ")})` } };
    if (typeof c.source !== "string" || c.source === "") return { seq, errored: { message: `${c.operation} needs case.source` } };
    try {
      return await handlers.run(seq, c, log);
    } catch (error) {
      const detail: Record<string, unknown> = {};
      if (error instanceof Error && error.stack !== undefined) detail["stack"] = error.stack;
      const message = error instanceof Error ? error.message : String(error);
      log(`run ${seq} failed: ${message}`);
      return { seq, errored: { message: `${handlers.name} failed: ${message}`, detail } };
    }
  }

  async function serve(): Promise<void> {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === "") continue;
      let request: unknown;
      try {
        request = JSON.parse(line);
      } catch {
        log(`ignoring a line that is not JSON: ${line.slice(0, 200)}`);
        continue;
      }
      if (!isRecord(request)) continue;
      const cmd = request["cmd"];
      if (cmd === "hello") reply(handlers.hello());
      else if (cmd === "run") reply(await run(typeof request["seq"] === "number" ? request["seq"] : -1, request["case"]));
      else if (cmd === "stop") break;
      else log(`ignoring unknown cmd ${JSON.stringify(cmd)}`);
    }
    lines.close();
    await handlers.close?.();
  }

  serve().then(
    () => process.exit(0),
    (error: unknown) => {
      log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
