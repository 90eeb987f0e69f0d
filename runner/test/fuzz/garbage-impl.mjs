// A fake implementation for the protocol fuzz property (protocol.fuzz.test.ts). It does not
// decide anything itself: argv[2] is a JSON spec file, written by the test from what
// fast-check generated, that says what to do on every hello, run and stop:
//
//   { state: dir,                       // start counter and pids (one line per start)
//     helloFailures: n,                 // the first n starts answer hello with helloFault
//     helloFault: Action[], hello: Action[],
//     runs: { "<case id>": Action[] },  // a case not listed gets okRun
//     okRun: Action[], stop: Action[] }
//
// Actions run in order:
//   { out: text, pad?: bytes, split?: [byte offsets], gap?: ms }  stdout; @@SEQ@@, @@SEQ+1@@ and
//        @@SEQ-1@@ become the request's seq; pad inserts spaces after the first "{" until the
//        text is `pad` bytes; split writes it in pieces, `gap` ms apart
//   { raw: base64 }            raw bytes on stdout
//   { rawBySeq: [base64] }     raw bytes on stdout, the entry for the request's seq
//   { fill: text, times: n }   text repeated n times on stdout
//   { err: text }              stderr
//   { sleep: ms }
//   { exit: code }             exit now (after what was written is flushed)
//   { kill: signal }           signal itself
//   { hang: true }             never answer again, stay alive
import { appendFileSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
appendFileSync(join(spec.state, "pids"), `${process.pid}\n`);
const startIndex = statSync(join(spec.state, "pids")).size === 0 ? 0 : readFileSync(join(spec.state, "pids"), "utf8").trim().split("\n").length - 1;

// A closed pipe (the runner killed us or stopped reading) is not worth a stack trace.
process.stdout.on("error", () => process.exit(0));
process.stderr.on("error", () => undefined);

const write = (stream, data) => new Promise((resolve) => stream.write(data, () => resolve()));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fill(template, seq) {
  return template
    .replaceAll("@@SEQ@@", String(seq))
    .replaceAll("@@SEQ+1@@", String(seq + 1))
    .replaceAll("@@SEQ-1@@", String(seq - 1));
}

let hung = false;

async function perform(actions, seq) {
  for (const a of actions) {
    if (hung) return;
    if ("out" in a) {
      let buf = Buffer.from(fill(a.out, seq), "utf8");
      if (a.pad !== undefined) {
        const brace = buf.indexOf(0x7b);
        const missing = a.pad - buf.length;
        if (brace >= 0 && missing > 0) buf = Buffer.concat([buf.subarray(0, brace + 1), Buffer.alloc(missing, 0x20), buf.subarray(brace + 1)]);
      }
      const cuts = [...new Set((a.split ?? []).map((o) => Math.min(o, buf.length)))].sort((x, y) => x - y);
      let from = 0;
      for (const cut of [...cuts, buf.length]) {
        if (cut > from) await write(process.stdout, buf.subarray(from, cut));
        from = cut;
        if (a.gap && cut < buf.length) await sleep(a.gap);
      }
    } else if ("raw" in a) await write(process.stdout, Buffer.from(a.raw, "base64"));
    else if ("rawBySeq" in a) await write(process.stdout, Buffer.from(a.rawBySeq[seq] ?? "", "base64"));
    else if ("fill" in a) await write(process.stdout, a.fill.repeat(a.times));
    else if ("err" in a) await write(process.stderr, a.err);
    else if ("sleep" in a) await sleep(a.sleep);
    else if ("exit" in a) process.exit(a.exit);
    else if ("kill" in a) process.kill(process.pid, a.kill);
    else if ("hang" in a) {
      hung = true;
      setInterval(() => undefined, 1 << 30);
    }
  }
}

// One message at a time, in order, even when an answer takes a while.
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on("line", (line) => {
  queue = queue.then(async () => {
    if (hung) return;
    const msg = JSON.parse(line);
    if (msg.cmd === "hello") await perform(startIndex < spec.helloFailures ? spec.helloFault : spec.hello, 0);
    else if (msg.cmd === "run") await perform(spec.runs[msg.case.id] ?? spec.okRun, msg.seq);
    else if (msg.cmd === "stop") await perform(spec.stop, 0);
  });
});
