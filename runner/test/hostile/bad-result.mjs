// Answers the trigger case with a result that lacks the report: a well-formed reply whose
// result does not match the validate result schema.
import { isTrigger, send, serve } from "./protocol-loop.mjs";
serve({
  onRun: (msg) => {
    if (!isTrigger(msg)) return false;
    send({ seq: msg.seq, result: { exit: 0, valid: true } });
    return true;
  },
});
