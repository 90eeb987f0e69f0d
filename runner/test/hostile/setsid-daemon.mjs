// On the trigger case, starts a daemon in a session of its own (setsid: it leaves the process
// group papc kills) and exits, as `( setsid sleep 300 & )` would. The daemon carries
// PAPC_HOSTILE_TOKEN in its arguments, so the test can look for it.
import { spawn } from "node:child_process";
import { isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "papc-hostile-daemon", process.env.PAPC_HOSTILE_TOKEN ?? ""], { detached: true, stdio: "ignore" }).unref();
    setTimeout(() => process.exit(3), 50);
    return true;
  },
});
