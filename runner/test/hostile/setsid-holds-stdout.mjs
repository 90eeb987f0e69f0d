// On the trigger case, starts a grandchild in a session of its own that inherits stdout and
// keeps writing to it, then dies: the grandchild escapes the process-group kill and holds the
// pipe open, writing lines that are not replies. It carries PAPC_HOSTILE_TOKEN in its arguments.
import { spawn } from "node:child_process";
import { isTrigger, serve } from "./protocol-loop.mjs";
const WRITER = `setInterval(() => process.stdout.write("still here\\n"), 20);`;
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    spawn(process.execPath, ["-e", WRITER, "papc-hostile-writer", process.env.PAPC_HOSTILE_TOKEN ?? ""], { detached: true, stdio: ["ignore", "inherit", "inherit"] }).unref();
    setTimeout(() => process.exit(3), 50);
    return true;
  },
});
