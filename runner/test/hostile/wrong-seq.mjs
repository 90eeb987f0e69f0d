// Answers the trigger case with a well-formed result under the wrong seq.
import { OK_RESULT, isTrigger, send, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    send({ seq: msg.seq + 1, result: OK_RESULT });
    return true;
  },
});
