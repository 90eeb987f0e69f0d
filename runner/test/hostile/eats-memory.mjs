// On the trigger case, allocates (and touches) 256 MiB before answering: under papc run
// --memory-limit below that, the kernel kills it, and the case is a crash that says why.
import { isTrigger, OK_RESULT, send, serve } from "./protocol-loop.mjs";
const held = [];
serve({
  onRun: (msg) => {
    if (isTrigger(msg)) for (let i = 0; i < 16; i++) held.push(Buffer.alloc(16 * 1024 * 1024, 1));
    send({ seq: msg.seq, result: OK_RESULT });
    return true;
  },
});
