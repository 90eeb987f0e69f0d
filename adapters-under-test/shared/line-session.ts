// A long-lived harness process spoken to in JSON lines over stdio (Codex's app-server, a Claude
// Code control-protocol session): each request is one line, its reply the incoming line whose key
// (`keyOf`) matches; other lines (notifications) are ignored. The whole session has one deadline;
// when the process exits or the deadline passes, every open request fails with the reason. close()
// ends stdin, gives the process `graceMs` to exit by itself, then ends it (SIGTERM, then SIGKILL a
// second later).

import { execa } from "execa";
import { createInterface } from "node:readline";

export class SessionFailed extends Error {}

export interface LineSession {
  /** Writes `message` and resolves with the reply keyed `key`; rejects with SessionFailed. */
  request(message: object, key: string): Promise<Record<string, unknown>>;
  /** Writes a line that gets no reply (a notification). */
  notify(message: object): void;
  close(): Promise<void>;
}

export interface SessionOptions {
  cwd: string;
  env: Record<string, string>;
  /** For the whole session. */
  timeoutMs: number;
  /** The key of an incoming line that answers a request, undefined for any other line. */
  keyOf(message: Record<string, unknown>): string | undefined;
  /** What the process is, for messages ("codex app-server"). */
  what: string;
  /** How long close() waits for the process to exit by itself once stdin ends, before SIGTERM. */
  graceMs: number;
}

export function startLineSession(binary: string, args: string[], options: SessionOptions): LineSession {
  const child = execa(binary, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    reject: false,
    buffer: false,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
    forceKillAfterDelay: 1000,
  });
  const pending = new Map<string, { resolve: (m: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  let failure: string | undefined;
  const failAll = (why: string): void => {
    failure ??= why;
    for (const p of pending.values()) p.reject(new SessionFailed(failure));
    pending.clear();
  };
  createInterface({ input: child.stdout }).on("line", (line) => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return; // not a protocol line
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) return;
    const key = options.keyOf(message as Record<string, unknown>);
    const waiting = key === undefined ? undefined : pending.get(key);
    if (waiting && key !== undefined) {
      pending.delete(key);
      waiting.resolve(message as Record<string, unknown>);
    }
  });
  child.stdin.on("error", () => undefined);
  void child.then((r) => failAll(`${options.what} exited (${r.exitCode ?? r.signal ?? "?"})`));
  const timer = setTimeout(() => {
    failAll(`${options.what} gave no answer within ${options.timeoutMs} ms`);
    child.kill("SIGTERM");
  }, options.timeoutMs);
  return {
    request(message, key) {
      return new Promise((resolve, reject) => {
        if (failure) return reject(new SessionFailed(failure));
        pending.set(key, { resolve, reject });
        child.stdin.write(`${JSON.stringify(message)}\n`);
      });
    },
    notify(message) {
      if (!failure) child.stdin.write(`${JSON.stringify(message)}\n`);
    },
    async close() {
      clearTimeout(timer);
      child.stdin.end();
      if (options.graceMs > 0) await Promise.race([child.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, options.graceMs))]);
      child.kill("SIGTERM");
      await child.catch(() => undefined);
    },
  };
}
