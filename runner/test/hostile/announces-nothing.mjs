// Announces no operation at all: every validate case is not-applicable and must not be sent.
import { HELLO, send, serve } from "./protocol-loop.mjs";
serve({
  onHello: () => {
    send({ ...HELLO, operations: ["compose"] });
    return true;
  },
  onRun: (msg) => {
    process.stderr.write(`hostile: was sent ${msg.case.id} although it announced no validate\n`);
    process.exit(9);
  },
});
