// Server-sent events framing for the scripted model servers (and its parser, for tests).

import type { ServerResponse } from "node:http";

export interface SseEvent {
  event: string;
  data: unknown;
}

/** One event: `event: <name>\ndata: <JSON on one line>\n\n`. */
export function sseFrame(e: SseEvent): string {
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

export function writeSse(res: ServerResponse, events: readonly SseEvent[]): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "close" });
  for (const e of events) res.write(sseFrame(e));
  res.end();
}

/** Parses an SSE stream into events (data lines joined with "\n", then read as JSON). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    if (block.trim() === "") continue;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    events.push({ event, data: JSON.parse(data.join("\n")) as unknown });
  }
  return events;
}
