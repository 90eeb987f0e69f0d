// Answers the trigger case twice: the same reply, written again at once after the first.
import { OK_RESULT, isTrigger, send, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    send({ seq: msg.seq, result: OK_RESULT });
    send({ seq: msg.seq, result: OK_RESULT });
    return true;
  },
});
