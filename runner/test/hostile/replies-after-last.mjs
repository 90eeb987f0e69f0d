// Answers every case well, then on stop writes one more reply before it exits: output after
// the last case, which nothing else would ever read.
import { OK_RESULT, send, serve } from "./protocol-loop.mjs";
let lastSeq = 0;
serve({
  onRun: (msg) => {
    lastSeq = msg.seq;
    return false;
  },
  onStop: () => send({ seq: lastSeq + 1, result: OK_RESULT }),
});
