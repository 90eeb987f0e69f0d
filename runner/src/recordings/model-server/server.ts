// A scripted model server on 127.0.0.1 (port 0): answers a harness's model requests from a
// scenario's turns and logs every request, so a test can see what reached the model.

import { writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Provider } from "../../types/recording.js";
import type { Agent, ScenarioTurn } from "../../types/scenario.js";
import { anthropicDialect } from "./anthropic.js";
import type { Dialect } from "./dialect.js";
import { openaiDialect } from "./openai.js";
import { writeSse } from "./sse.js";
import { FALLBACK_TEXT, TurnScript } from "./turns.js";

export const DIALECTS: Record<Provider, Dialect> = { "claude-code": anthropicDialect, codex: openaiDialect };

/** One request as the server saw it. */
export interface LoggedRequest {
  seq: number;
  method: string;
  /** Path and query as sent. */
  url: string;
  /** Request headers, without credentials. */
  headers: IncomingHttpHeaders;
  /** The JSON body (or its text when it is not JSON; null when empty). */
  body: unknown;
  /** main: a main-loop model request; side: a model request without tools; other: anything else. */
  kind: "hello" | "main" | "side" | "other";
  agent?: Agent;
  /** What was answered: "tool:<neutral>", "text", "fallback", "status:<code>". */
  answer: string;
}

export interface ModelServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Every request so far, in arrival order. */
  requests(): LoggedRequest[];
  /** Main-loop turns still unanswered, per agent. */
  remaining(agent: Agent): number;
  writeLog(file: string): Promise<void>;
  close(): Promise<void>;
}

export interface ModelServerOptions {
  provider: Provider;
  turns: readonly ScenarioTurn[];
  /** The answer once turns are used up and to side requests (default "Done."). */
  fallbackText?: string;
  /** Text for requests without tools (title generation and the like). */
  sideText?: string;
  /** Called with each request once it is answered (e.g. to stop a harness that loops). */
  onRequest?: (request: LoggedRequest) => void;
}

const HIDDEN_HEADERS = new Set(["authorization", "x-api-key"]);

export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
  const dialect = DIALECTS[options.provider];
  const script = new TurnScript(options.turns, options.provider);
  const fallback = options.fallbackText ?? FALLBACK_TEXT;
  const log: LoggedRequest[] = [];
  let answers = 0;

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    const url = req.url ?? "/";
    const path = url.split("?")[0] ?? url;
    const entry: LoggedRequest = { seq: log.length + 1, method: req.method ?? "", url, headers: visibleHeaders(req.headers), body: parseBody(raw), kind: "other", answer: "" };
    log.push(entry);
    const kind = dialect.kind(entry.method, path);
    if (kind === "hello") {
      entry.kind = "hello";
      entry.answer = "status:200";
      res.writeHead(200).end();
      return;
    }
    const body = entry.body;
    if (kind !== "model" || body === null || typeof body !== "object" || Array.isArray(body)) {
      entry.answer = "status:404";
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { type: "not_found", message: `scripted model server: no ${entry.method} ${path}` } }));
      return;
    }
    const b = body as Record<string, unknown>;
    const ctx = { seq: ++answers, body: b };
    if (!dialect.isMainLoop(b)) {
      entry.kind = "side";
      entry.answer = "text";
      writeSse(res, dialect.reply({ text: options.sideText ?? fallback }, ctx, fallback));
      return;
    }
    entry.kind = "main";
    entry.agent = dialect.agentOf(b, req.headers);
    const turn = script.next(entry.agent);
    entry.answer = !turn ? "fallback" : "tool" in turn ? `tool:${turn.tool}` : "text";
    writeSse(res, dialect.reply(turn, ctx, fallback));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString("utf8"));
      } catch (err) {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end(`scripted model server: ${String(err)}`);
      }
      const last = log.at(-1);
      if (last && options.onRequest) options.onRequest(last);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests: () => [...log],
    remaining: (agent) => script.remaining(agent),
    writeLog: (file) => writeFile(file, `${JSON.stringify(log, null, 2)}\n`),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parseBody(raw: string): unknown {
  if (raw === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function visibleHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !HIDDEN_HEADERS.has(k)));
}
