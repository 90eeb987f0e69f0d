// Shared by the wrong implementations (wrong-dispatcher, wrong-projection, wrong-loader): runs the
// reference's protocol endpoint and passes every message through, except the run requests of one
// operation, whose case a mutation may change first (`before`, returning a changed case or
// nothing, or a promise of one), whose result it may change afterwards (`after`), or which it
// answers alone (`reply`).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const kit = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** `operation`: the operation whose run requests the mutation sees, or a list of them. */
export function wrapReference(operation, mutation) {
  const mutated = new Set(Array.isArray(operation) ? operation : [operation]);
  const reference = spawn(process.execPath, [join(kit, "dist/reference/src/protocol-server.js")], { stdio: ["pipe", "pipe", "inherit"] });
  const pending = new Map(); // seq → the case whose reply `after` changes
  createInterface({ input: reference.stdout }).on("line", (line) => {
    const msg = JSON.parse(line);
    const c = pending.get(msg.seq);
    if (c && msg.result) {
      pending.delete(msg.seq);
      process.stdout.write(`${JSON.stringify({ seq: msg.seq, result: mutation.after(c, msg.result) })}\n`);
      return;
    }
    process.stdout.write(`${line}\n`);
  });
  reference.on("exit", (code) => process.exit(code ?? 1));
  // One message after another, so that a `before` that awaits keeps the requests in order.
  let queue = Promise.resolve();
  const forward = async (line) => {
    const msg = JSON.parse(line);
    if (msg.cmd !== "run" || !mutated.has(msg.case.operation)) {
      reference.stdin.write(`${line}\n`);
      return;
    }
    if (mutation.reply) {
      // the reference never sees this request
      process.stdout.write(`${JSON.stringify({ seq: msg.seq, result: mutation.reply(msg.case) })}\n`);
      return;
    }
    const c = (await mutation.before?.(msg.case)) ?? msg.case;
    if (mutation.after) pending.set(msg.seq, c);
    // JSON drops keys a mutation set to undefined (e.g. args.hooks)
    reference.stdin.write(`${JSON.stringify({ ...msg, case: c })}\n`);
  };
  createInterface({ input: process.stdin }).on("line", (line) => {
    queue = queue.then(() => forward(line));
  });
  process.stdin.on("end", () => queue.then(() => reference.stdin.end()));
}
