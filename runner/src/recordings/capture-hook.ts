// The capturing command hook the recorder installs on every captured event: a small node
// script, written into each run's folder, that appends what it read on stdin to a file and
// prints the scenario's reply for that event (if any).

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CaptureSpec } from "../types/scenario.js";

/** One line of the capture file. */
export interface CapturedLine {
  /** The event the hook was installed on. */
  event: string;
  /** Exactly what the harness wrote on the hook's stdin. */
  stdin: string;
}

// argv: <capture file> <event> <replies.json>. reply_once is printed by the first invocation
// for the event only: a marker file created with O_EXCL decides which one that is.
const SOURCE = `import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
const [file, event, replies] = process.argv.slice(2);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const stdin = Buffer.concat(chunks).toString("utf8");
appendFileSync(file, JSON.stringify({ event, stdin }) + "\\n");
const reply = JSON.parse(readFileSync(replies, "utf8"))[event];
if (reply && reply.reply_once) {
  let first = true;
  try { writeFileSync(replies + "." + event + ".replied", "", { flag: "wx" }); } catch { first = false; }
  if (first) process.stdout.write(JSON.stringify(reply.reply_once));
}
`;

/**
 * Seconds the harness gives the capturing hook: well above node's start-up on a busy machine
 * (Codex's default is 1 s; it clamps SessionEnd hooks lower on its own).
 */
export const HOOK_TIMEOUT_S = 30;

export interface CaptureHook {
  /** The command line to install as the hook of `event` (absolute paths, shell-quoted). */
  command(event: string): string;
  captureFile: string;
}

export async function writeCaptureHook(dir: string, captures: readonly CaptureSpec[]): Promise<CaptureHook> {
  const script = join(dir, "capture-hook.mjs");
  const captureFile = join(dir, "captured.jsonl");
  const replies = join(dir, "replies.json");
  await writeFile(script, SOURCE);
  await writeFile(captureFile, "");
  await writeFile(replies, JSON.stringify(Object.fromEntries(captures.filter((c) => c.reply_once).map((c) => [c.event, { reply_once: c.reply_once }]))));
  const q = shellQuote;
  return { captureFile, command: (event) => [process.execPath, script, captureFile, event, replies].map(q).join(" ") };
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:@+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
