// The serving side of process protocol v1 (SPEC 1.2), for implementations written in TypeScript:
// the reference and the adapters in adapters-under-test/. Newline-delimited JSON requests on
// stdin, handled one at a time in arrival order, one reply line each on stdout; stdout carries
// replies only, people's text goes to stderr. A request that is not JSON, not an object, or a
// run without a numeric seq is logged and skipped; an unknown command with a seq gets an
// `errored` reply; a handler that throws becomes an `errored` reply and serving goes on.

import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { CasePayload, HelloReply, Operation, RunReply } from "./protocol.js";

export interface ProtocolHandlers {
  /** Prefix of stderr lines, e.g. "plugin-host". */
  name: string;
  hello(): HelloReply;
  /** One `run` request's case, as sent (not checked). */
  run(seq: number, payload: unknown, log: (text: string) => void): Promise<RunReply>;
  /** Called once after `stop` or the end of input. */
  close?(): Promise<void>;
}

export interface ServeIo {
  input: Readable;
  /** Writes one reply line (the newline is added here). */
  reply: (message: object) => void;
  log: (text: string) => void;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function errored(seq: number, message: string, error?: unknown): RunReply {
  if (!(error instanceof Error) || error.stack === undefined) return { seq, errored: { message } };
  return { seq, errored: { message, detail: { stack: error.stack } } };
}

/**
 * A `run` handler that receives only cases of an announced operation with a source, and whose
 * throw becomes an `errored` reply naming the implementation.
 */
export function checkedRun(
  name: string,
  operations: readonly Operation[],
  run: (seq: number, c: CasePayload, log: (text: string) => void) => Promise<RunReply>,
): ProtocolHandlers["run"] {
  return async (seq, payload, log) => {
    if (!isRecord(payload)) return errored(seq, "run request has no case object");
    const c = payload as unknown as CasePayload;
    if (!operations.includes(c.operation)) return errored(seq, `operation ${JSON.stringify(c.operation)} is not supported (supported: ${operations.join(", ")})`);
    if (typeof c.source !== "string" || c.source === "") return errored(seq, `${c.operation} needs case.source`);
    try {
      return await run(seq, c, log);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`run ${seq} failed: ${message}`);
      return errored(seq, `${name} failed: ${message}`, error);
    }
  };
}

/** Serves requests from `io.input` until `stop` or the end of input. */
export async function serveStream(io: ServeIo, handlers: ProtocolHandlers): Promise<void> {
  const say = (text: string): void => io.log(`${handlers.name}: ${text}`);
  const lines = createInterface({ input: io.input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line.trim() === "") continue;
      let request: unknown;
      try {
        request = JSON.parse(line);
      } catch {
        say(`ignoring a line that is not JSON: ${line.slice(0, 200)}`);
        continue;
      }
      if (!isRecord(request)) {
        say("ignoring a request that is not a JSON object");
        continue;
      }
      const seq = typeof request["seq"] === "number" ? request["seq"] : undefined;
      const cmd = request["cmd"];
      if (cmd === "hello") io.reply(handlers.hello());
      else if (cmd === "run") {
        if (seq === undefined) say("ignoring a run request without a numeric seq");
        else io.reply(await handlers.run(seq, request["case"], say));
      } else if (cmd === "stop") break;
      else if (seq !== undefined) io.reply(errored(seq, `unknown command ${JSON.stringify(cmd)}`));
      else say(`ignoring unknown command ${JSON.stringify(cmd)}`);
    }
  } finally {
    lines.close();
  }
  await handlers.close?.();
}

/**
 * Serves stdin/stdout as this process's protocol endpoint, then exits once every reply has been
 * flushed (0 after `stop` or the end of stdin, 1 when serving itself failed). Anything logged
 * through console goes to stderr, so that stdout carries replies only.
 */
export function serveProtocol(handlers: ProtocolHandlers): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  const finish = (code: number): void => {
    // stdin may still be open after `stop`
    process.stdout.write("", () => process.exit(code));
  };
  serveStream(
    {
      input: process.stdin,
      reply: (message) => void process.stdout.write(`${JSON.stringify(message)}\n`),
      log: (text) => void process.stderr.write(`${text}\n`),
    },
    handlers,
  ).then(
    () => finish(0),
    (error: unknown) => {
      process.stderr.write(`${handlers.name}: protocol server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      finish(1);
    },
  );
}
