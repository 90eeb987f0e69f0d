// Dies in the middle of the trigger case, after writing half a reply.
import { isTrigger, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    process.stderr.write("hostile: about to crash\n");
    process.stdout.write(`{"seq":${msg.seq},"res`, () => process.exit(3));
    return true;
  },
});
