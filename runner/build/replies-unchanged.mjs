// A refactoring of the reference that must not change a byte of what it answers: run the suite
// against the reference with every reply recorded, before the change (`save`) and after it
// (`check`), and compare reply by reply, messages, pointers and details included (which cases
// never compare). Stronger than outcomes-unchanged.mjs for the reference, which only sees outcomes.
//
//   node runner/build/replies-unchanged.mjs save FILE [--case GLOB …]
//   node runner/build/replies-unchanged.mjs check FILE [--case GLOB …]
//
// The recorder (`record` below, run by papc as the implementation) starts the built reference's
// protocol server, passes every line through, and appends "<case id>[#step]\t<reply>" to a
// file, with the fixture root replaced by <root> and the sequence number dropped. Uses the built
// kit (npm run build first). Exit 0 when every reply is identical, 1 when one differs.

import { spawn } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { dir as tmpDir, file as tmpFile } from "tmp-promise";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PAPC = join(root, "dist/runner/src/cli.js");
const SERVER = join(root, "dist/reference/src/protocol-server.js");
const SELF = fileURLToPath(import.meta.url);

/** As the implementation: the reference's server, with each reply appended to `log`. */
function record(log) {
  const child = spawn(process.execPath, [SERVER], { stdio: ["pipe", "pipe", "inherit"] });
  const pending = new Map();
  createInterface({ input: process.stdin }).on("line", (line) => {
    try {
      const request = JSON.parse(line);
      if (request.case) pending.set(request.seq, { id: request.case.id + (request.case.step ? `#${request.case.step}` : ""), root: request.case.root });
    } catch {
      // not JSON: the server answers it as it does
    }
    child.stdin.write(`${line}\n`);
  });
  process.stdin.on("end", () => child.stdin.end());
  createInterface({ input: child.stdout }).on("line", (line) => {
    process.stdout.write(`${line}\n`);
    let seq;
    try {
      seq = JSON.parse(line).seq;
    } catch {
      return;
    }
    const request = pending.get(seq);
    if (!request) return;
    const reply = line
      .split(request.root)
      .join("<root>")
      .replace(/"seq":\d+,/, "");
    appendFileSync(log, `${request.id}\t${reply}\n`);
  });
  child.on("exit", (code) => process.exit(code ?? 0));
}

/** Runs the selected cases against the recorder; returns the sorted reply lines. */
async function replies(selection) {
  const log = await tmpFile({ prefix: "papc-replies-" });
  const out = await tmpDir({ prefix: "papc-replies-out-", unsafeCleanup: true });
  try {
    // papc splits --command as execa's parseCommandString does: on spaces, a backslash escaping one
    const word = (text) => text.replaceAll(" ", "\\ ");
    const command = [process.execPath, SELF, "record", log.path].map(word).join(" ");
    const r = await execa(process.execPath, [PAPC, "run", "--command", command, ...selection, "--out", out.path, "--quiet", "--force"], { reject: false, cwd: root });
    if (r.exitCode === 2) throw new Error(`papc run did not run (exit 2):\n${r.stderr}`);
    process.stdout.write(`${r.stdout.split("\n").findLast((l) => l.includes(" — ")) ?? `exit ${r.exitCode}`}\n`);
    const lines = readFileSync(log.path, "utf8").split("\n").filter(Boolean).sort();
    if (lines.length === 0) throw new Error(`no reply was recorded: papc run said\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
    return lines;
  } finally {
    await log.cleanup();
    await out.cleanup();
  }
}

const [verb, file, ...selection] = process.argv.slice(2);
if (verb === "record") {
  record(file);
} else if ((verb === "save" || verb === "check") && file) {
  const now = await replies(selection);
  if (verb === "save") {
    writeFileSync(file, `${now.join("\n")}\n`);
    process.stdout.write(`${now.length} replies saved to ${file}\n`);
  } else {
    const ids = new Set(now.map((l) => l.split("\t", 1)[0]));
    const before = readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l && ids.has(l.split("\t", 1)[0]));
    const was = new Set(before);
    const is = new Set(now);
    const changed = now.filter((l) => !was.has(l));
    const gone = before.filter((l) => !is.has(l));
    if (changed.length === 0 && gone.length === 0 && before.length === now.length) {
      process.stdout.write(`every reply identical (${now.length})\n`);
    } else {
      for (const l of gone.slice(0, 10)) process.stdout.write(`- ${l.slice(0, 400)}\n`);
      for (const l of changed.slice(0, 10)) process.stdout.write(`+ ${l.slice(0, 400)}\n`);
      process.stdout.write(`${changed.length} replies differ\n`);
      process.exitCode = 1;
    }
  }
} else {
  process.stderr.write("usage: replies-unchanged.mjs save|check FILE [--case GLOB …]\n");
  process.exitCode = 2;
}
