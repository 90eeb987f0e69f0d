// A reference made wrong on purpose: it accepts hook timeout_ms = 99 (an off-by-one at the
// lower bound, 100). It is the real reference protocol server, except that before each case
// it rewrites `timeout_ms = 99` to 100 in the fixture's manifests, so the real validator
// sees a valid value. Used to prove that `papc run` catches such a bug (exit 1, diff shown).
import { lstat, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { serveStream } from "../../../dist/runner/shared/serve-protocol.js";
import { REFERENCE_HANDLERS } from "../../../dist/reference/src/protocol-server.js";

async function acceptNinetyNine(source) {
  const plugins = join(source, "plugins");
  for (const name of await readdir(plugins).catch(() => [])) {
    const file = join(plugins, name, "PLUGIN.toml");
    // only regular files: opening a FIFO (cases/manifest/limits/special-files) would wait forever
    if (!(await lstat(file).catch(() => undefined))?.isFile()) continue;
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text?.match(/^timeout_ms = 99$/m)) await writeFile(file, text.replace(/^timeout_ms = 99$/gm, "timeout_ms = 100"));
  }
}

let partial = "";
const requests = new Transform({
  async transform(chunk, _encoding, done) {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.includes('"cmd":"run"')) await acceptNinetyNine(JSON.parse(line).case.source);
    }
    done(null, lines.length > 0 ? `${lines.join("\n")}\n` : "");
  },
  flush(done) {
    done(null, partial);
  },
});

process.stdin.pipe(requests);
await serveStream(
  {
    input: requests,
    reply: (message) => process.stdout.write(`${JSON.stringify(message)}\n`),
    log: (text) => process.stderr.write(`${text}\n`),
  },
  REFERENCE_HANDLERS,
);
process.exit(0);
