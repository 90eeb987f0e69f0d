// A proxy on 127.0.0.1 that refuses every request. Harnesses reach out at startup (Codex's
// app-server: github.com for a curated plugin sync, chatgpt.com for featured plugins; Claude Code's
// `plugin list`: storage.googleapis.com for plugin stats); with HTTP(S)_PROXY pointing here those
// attempts end on this machine, immediately, and nothing leaves it.

import { createServer, type AddressInfo, type Server } from "node:net";

export interface BlockingProxy {
  url: string;
  /** The targets Codex tried to reach (first request line of each connection). */
  attempts: string[];
  close(): Promise<void>;
}

export async function startBlockingProxy(): Promise<BlockingProxy> {
  const attempts: string[] = [];
  const server: Server = createServer((socket) => {
    socket.on("error", () => undefined);
    socket.once("data", (chunk: Buffer) => {
      const first = chunk.toString("latin1").split("\r\n")[0] ?? "";
      if (attempts.length < 100) attempts.push(first.slice(0, 200));
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    });
  });
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
