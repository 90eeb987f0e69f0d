// An exec-mode validator (one process per case: `node exec-leaves-daemon.mjs <case id>`): prints
// the fixed report and exits 0, and on the trigger case first starts a daemon in a session of its
// own that outlives it. The daemon carries PAPC_HOSTILE_TOKEN in its arguments.
import { spawn } from "node:child_process";
import { OK_RESULT } from "./protocol-loop.mjs";
if (process.argv[2]?.includes("trigger")) {
  spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "papc-hostile-daemon", process.env.PAPC_HOSTILE_TOKEN ?? ""], { detached: true, stdio: "ignore" }).unref();
}
process.stdout.write(`${JSON.stringify(OK_RESULT.report)}\n`);
