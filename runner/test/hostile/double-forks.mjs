// On the trigger case, double-forks: a child in a new session starts a grandchild in yet another
// session and exits at once, so the grandchild is nobody's child (init adopts it); then it
// answers the case normally and keeps serving. The grandchild carries PAPC_HOSTILE_TOKEN in its
// arguments.
import { spawn } from "node:child_process";
import { isTrigger, OK_RESULT, send, serve } from "./protocol-loop.mjs";
const GRANDCHILD = `require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "papc-hostile-grandchild", process.argv[1]], { detached: true, stdio: "ignore" }).unref();`;
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    const child = spawn(process.execPath, ["-e", GRANDCHILD, process.env.PAPC_HOSTILE_TOKEN ?? ""], { detached: true, stdio: "ignore" });
    child.on("exit", () => send({ seq: msg.seq, result: OK_RESULT }));
    return true;
  },
});
