// Talks only on stderr: never writes a byte of protocol to stdout.
import { createInterface } from "node:readline";
createInterface({ input: process.stdin }).on("line", (line) => {
  process.stderr.write(`hostile: I read ${line.length} bytes and will not answer\n`);
});
