// Wraps the reference and, after it answers, sabotages what papc reads next on disk:
//   fifo       a dispatch's handler capture becomes a FIFO (a plain read would wait forever)
//   dev-zero   a dispatch's handler capture becomes a symlink to /dev/zero (a read never ends)
//   huge-file  the instruction file an activation wrote becomes 100 MB (a diff quoting it whole
//              would not fit in a report line)
// Usage: node sabotages-its-output.mjs <fifo|dev-zero|huge-file>
import { execFileSync } from "node:child_process";
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { capturePath } from "../../../dist/runner/src/dispatch/package-files.js";
import { wrapReference } from "../mutants/wrap-reference.mjs";

const mode = process.argv[2];
const captures = (c) => (c.args.hooks ?? ["gate"]).map((id) => capturePath(c.root, id));
const MODES = {
  fifo: ["dispatch", (c, r) => {
    for (const file of captures(c)) {
      rmSync(file, { force: true });
      execFileSync("mkfifo", [file]);
    }
    return r;
  }],
  "dev-zero": ["dispatch", (c, r) => {
    for (const file of captures(c)) {
      rmSync(file, { force: true });
      symlinkSync("/dev/zero", file);
    }
    return r;
  }],
  "huge-file": ["activate", (c, r) => {
    for (const p of r.instructions ?? []) if (p.written) writeFileSync(p.file, Buffer.alloc(100 * 1024 * 1024, "x"));
    return r;
  }],
};
const chosen = MODES[mode];
if (!chosen) {
  process.stderr.write(`usage: sabotages-its-output.mjs <${Object.keys(MODES).join("|")}>\n`);
  process.exit(2);
}
wrapReference(chosen[0], { after: chosen[1] });
