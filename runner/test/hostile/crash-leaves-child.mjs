// On the trigger case, starts a long sleep that inherits stdout, then dies: the leftover child
// keeps the pipe open, so only the exit event (not end of output) tells the runner it crashed.
import { spawn } from "node:child_process";
import { isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    spawn("sleep", ["30"], { stdio: "inherit" });
    setTimeout(() => process.exit(3), 50);
    return true;
  },
});
