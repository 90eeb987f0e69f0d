// Answers hello, then errs on every case after writing its whole environment to stderr, which
// the report keeps for a case that is not a pass: whatever the runner let through is published.
import { createInterface } from "node:readline";
createInterface({ input: process.stdin }).on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.cmd === "hello") {
    process.stdout.write(`${JSON.stringify({ protocol: 1, implementation: { name: "prints-environment", version: "0" }, operations: ["validate", "dispatch"] })}\n`);
  } else if (msg.cmd === "run") {
    process.stderr.write(`${JSON.stringify(process.env)}\n`);
    process.stdout.write(`${JSON.stringify({ seq: msg.seq, errored: { message: "my environment is on stderr" } })}\n`);
  } else process.exit(0);
});
