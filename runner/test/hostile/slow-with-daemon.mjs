// Answers every case after 100 ms, and on its first case starts a daemon in a session of its own
// that it never stops: a run of it lasts long enough to be interrupted, and leaves something to
// find. The daemon carries PAPC_HOSTILE_TOKEN in its arguments.
import { spawn } from "node:child_process";
import { OK_RESULT, send, serve } from "./protocol-loop.mjs";
let first = true;
serve({
  onRun: (msg) => {
    if (first) {
      first = false;
      spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "papc-hostile-daemon", process.env.PAPC_HOSTILE_TOKEN ?? ""], { detached: true, stdio: "ignore" }).unref();
    }
    setTimeout(() => send({ seq: msg.seq, result: OK_RESULT }), 100);
    return true;
  },
});
