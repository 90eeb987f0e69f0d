// Never answers the trigger case. Records its pid (PAPC_HOSTILE_PID_FILE) so a test can check
// that the timeout killed it even when it runs below a wrapper shell.
import { appendFileSync } from "node:fs";
import { isTrigger, serve } from "./protocol-loop.mjs";
if (process.env.PAPC_HOSTILE_PID_FILE) appendFileSync(process.env.PAPC_HOSTILE_PID_FILE, `${process.pid}\n`);
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    setInterval(() => undefined, 1000); // stays alive even once stdin closes
    return true;
  },
});
