// Generators for the protocol fuzz property: what the fake implementation (garbage-impl.mjs)
// does on hello, on each run and on stop, each with the outcomes the runner may give for it.
// The outcome sets come from SPEC.md "Process protocol" (KIT-PROTOCOL-*, KIT-OUTCOME-*), not
// from the runner's code: anything malformed, mismatched, oversized or schema-violating is
// `error`, a process that dies with the case in flight is `crash`, silence is `timeout`, a
// schema-valid answer that differs from the expectation is `fail`; only the right answer passes.

import fc from "fast-check";
import type { Outcome } from "../../src/types/run-report.js";
import { OK_RESULT } from "../hostile/protocol-loop.mjs";

export type Action =
  | { out: string; pad?: number; split?: number[]; gap?: number }
  | { raw: string }
  /** Raw bytes chosen by the request's seq (index), for bytes that cannot carry a placeholder. */
  | { rawBySeq: string[] }
  | { fill: string; times: number }
  | { err: string }
  | { sleep: number }
  | { exit: number }
  | { kill: "SIGKILL" | "SIGTERM" }
  | { hang: true };

/**
 * What the fake does for one message and what may come of it.
 * `leak`: output that belongs to no request. "poison" a stray line (or an unterminated fragment)
 *   after the reply: the runner pins it on this case when it arrives before the next request
 *   (KIT-PROTOCOL-SEQ), else on the next case; "exit" the process exits right after replying.
 */
export interface Behavior {
  name: string;
  actions: Action[];
  outcomes: Outcome[];
  leak?: "poison" | "exit";
}

/** The probe suite's validate result that meets every expectation of its cases (shared with the hostile implementations). */
export { OK_RESULT };

export const LINE_LIMIT = 8 * 1024 * 1024;

type Json = Record<string, unknown>;
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A reply line template: the seq placeholder is filled in by the fake. */
function replyLine(body: Json, seq = "@@SEQ@@"): string {
  return `{"seq":${seq},${JSON.stringify(body).slice(1)}`;
}
const okLine = (result: Json = OK_RESULT): string => replyLine({ result });

/** Sets `value` at a dotted path of a copy of OK_RESULT (undefined deletes). */
function patched(path: string, value: unknown): Json {
  const result = copy(OK_RESULT) as Json;
  const keys = path.split(".");
  let node = result;
  for (const k of keys.slice(0, -1)) node = node[k] as Json;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return result;
}

const b = (name: string, actions: Action[], outcomes: Outcome[], leak?: Behavior["leak"]): Behavior => (leak ? { name, actions, outcomes, leak } : { name, actions, outcomes });
const line = (text: string): Action => ({ out: `${text}\n` });

// ---- correct answers (the only ones that may pass) -----------------------------------------

const unicodeDetail = fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => patched("report.execution_authorization.detail", s));

const correct: fc.Arbitrary<Behavior> = fc.oneof(
  fc.constant(b("ok", [line(okLine())], ["pass"])),
  fc.constant(b("ok-crlf", [{ out: `${okLine()}\r\n` }], ["pass"])),
  fc.constant(b("ok-extra-fields", [line(okLine({ ...patched("report.extra", { x: [1] }), future: true }))], ["pass"])),
  fc.constant(b("ok-exit-0.0", [line(okLine().replace('"exit":0', '"exit":0.0'))], ["pass"])),
  fc.constant(b("ok-json-whitespace", [line(` \t${okLine().replace(/,/g, " ,\t")} `)], ["pass"])),
  fc.constant(b("ok-escaped-unicode", [line(okLine().replace('"fixture"', '"fi\\u0078ture \\u00e9\\ud83d\\ude00"'))], ["pass"])),
  unicodeDetail.map((r) => b("ok-unicode", [line(okLine(r))], ["pass"])),
  fc
    .tuple(unicodeDetail, fc.array(fc.nat({ max: 400 }), { minLength: 1, maxLength: 6 }), fc.nat({ max: 20 }))
    .map(([r, split, gap]) => b("ok-in-pieces", [{ out: `${okLine(r)}\n`, split, gap }], ["pass"])),
  fc.nat({ max: 300 }).map((ms) => b("ok-after-delay", [{ sleep: ms }, line(okLine())], ["pass"])),
  fc.string({ unit: "binary", maxLength: 200 }).map((s) => b("ok-with-stderr", [{ err: s }, line(okLine()), { err: s }], ["pass"])),
  fc.constant(b("ok-stderr-flood", [{ err: "e".repeat(300_000) }, line(okLine())], ["pass"])),
);

/** A correct reply padded with JSON whitespace to exactly the line limit: must still pass. */
// the bound counts the line, not its terminator: LF and CRLF endings are alike at the limit
const atLineLimit = fc
  .constantFrom("\n", "\r\n")
  .map((end) => b(`ok-line-exactly-8MiB-${end === "\n" ? "lf" : "crlf"}`, [{ out: okLine(), pad: LINE_LIMIT }, { out: end }], ["pass"]));

// ---- schema-valid but wrong: fail -----------------------------------------------------------

const wrong: fc.Arbitrary<Behavior> = fc.oneof(
  fc.constant(b("wrong-exit-1", [line(okLine(patched("exit", 1)))], ["fail"])),
  fc.constant(b("wrong-exit-2", [line(okLine(patched("exit", 2)))], ["fail"])),
  fc.constant(b("wrong-exit-1.0", [line(okLine(patched("exit", 1)).replace('"exit":1', '"exit":1.0'))], ["fail"])),
  fc.constant(b("wrong-invalid", [line(okLine(patched("report.valid", false)))], ["fail"])),
  fc.constant(b("wrong-structural-reject", [line(okLine(patched("structural", "reject")))], ["fail"])),
  fc.constant(
    b(
      "wrong-all",
      [line(okLine({ ...patched("exit", 1), report: { ...OK_RESULT.report, valid: false, diagnostics: [{ code: "x", phase: "p", severity: "error", path: "", message: "m" }] } }))],
      ["fail"],
    ),
  ),
  // Not stating the verdict a case checks is never a pass (fail or skip).
  fc.constant(b("no-structural", [line(okLine(patched("structural", undefined)))], ["fail", "skip"])),
);

// ---- schema-violating results and malformed replies: error ---------------------------------

const RESULT_VIOLATIONS: [string, unknown][] = [
  ["exit", undefined],
  ["exit", "0"],
  ["exit", 0.5],
  ["exit", 3],
  ["exit", -1],
  ["exit", null],
  ["exit", true],
  ["report", undefined],
  ["report", null],
  ["report", "ok"],
  ["report", []],
  ["structural", "yes"],
  ["structural", 1],
  ["structural", ["accept"]],
  ["structural", null], // optional, not nullable
  ["report.schema_version", undefined],
  ["report.schema_version", 2],
  ["report.schema_version", "1"],
  ["report.profile", undefined],
  ["report.profile", 1],
  ["report.source_path", undefined],
  ["report.source_path", null],
  ["report.valid", undefined],
  ["report.valid", "true"],
  ["report.valid", 1],
  ["report.valid", null],
  ["report.package_contract", undefined],
  ["report.package_contract.valid", undefined],
  ["report.package_contract.diagnostics", {}],
  ["report.members", undefined],
  ["report.members", [1]],
  ["report.dependencies", undefined],
  ["report.dependencies", [null]],
  ["report.providers", undefined],
  ["report.providers", [{}]],
  ["report.execution_authorization", undefined],
  ["report.execution_authorization.status", undefined],
  ["report.execution_authorization.detail", 7],
  ["report.packages", undefined],
  ["report.packages", [{ source_id: "x" }]],
  ["report.diagnostics", undefined],
  ["report.diagnostics", "none"],
  ["report.diagnostics", [{ code: "", phase: "p", severity: "error", path: "", message: "m" }]],
  ["report.diagnostics", [{ code: "c", phase: "p", severity: "error", path: "" }]],
  ["report.structural", "maybe"],
];

const OTHER_REPLIES: string[] = [
  "null",
  "0",
  "true",
  '"text"',
  "[]",
  `[${okLine().replace("@@SEQ@@", "1")}]`, // not objects
  '{"seq":@@SEQ@@}', // none of result, skipped, errored
  replyLine({ results: OK_RESULT }), // typo
  replyLine({ result: OK_RESULT, extra: 1 }), // reply objects are closed
  replyLine({ result: OK_RESULT, skipped: { reason: "both" } }),
  replyLine({ result: "not an object" }),
  replyLine({ result: null }),
  replyLine({ skipped: { reason: "" } }),
  replyLine({ skipped: { reason: 5 } }),
  replyLine({ skipped: {} }),
  replyLine({ skipped: "why" }),
  replyLine({ errored: {} }),
  replyLine({ errored: { message: 1 } }),
  replyLine({ errored: "boom" }),
  // wrong seq
  replyLine({ result: OK_RESULT }, "@@SEQ+1@@"),
  replyLine({ result: OK_RESULT }, "@@SEQ-1@@"),
  replyLine({ result: OK_RESULT }, '"@@SEQ@@"'),
  replyLine({ result: OK_RESULT }, "null"),
  replyLine({ result: OK_RESULT }, "@@SEQ@@.5"),
  replyLine({ result: OK_RESULT }, "1e300"),
  JSON.stringify({ result: OK_RESULT }), // no seq
  // a hello reply in place of the result
  JSON.stringify({ protocol: 1, implementation: { name: "fake", version: "1" }, operations: ["validate"] }),
  // not JSON
  "",
  " ",
  "\ufeff" + okLine(),
  okLine().replace('"fixture"', '"fix\u0000ture"'),
  okLine().replace('"fixture"', '"fix\nture"'),
  "{seq: @@SEQ@@}",
  "undefined",
  "NaN",
  okLine() + "}",
  "{" + okLine(),
];

const malformed: fc.Arbitrary<Behavior> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...RESULT_VIOLATIONS)
      .map(([path, value]) => b(`result-${path}=${JSON.stringify(value) ?? "deleted"}`, [line(okLine(patched(path, value)))], ["error"])),
  },
  { weight: 4, arbitrary: fc.constantFrom(...OTHER_REPLIES).map((text) => b(`reply ${text.slice(0, 40)}`, [line(text)], ["error"])) },
  {
    weight: 2,
    arbitrary: fc.nat().map((n) => {
      const full = okLine();
      const cut = full.slice(0, n % full.length); // a strict prefix of an object is never JSON
      return b(`truncated-at-${cut.length}`, [line(cut)], ["error"]);
    }),
  },
  {
    weight: 2,
    arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => b(`random-bytes(${bytes.length})`, [{ raw: Buffer.from(bytes).toString("base64") }, { out: "\n" }], ["error"])),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }).map((s) => b("random-text", [line(s.replace(/\n/g, " "))], ["error"])) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 50 }).map((s) => b("stray-line-then-ok", [line(`# ${s}`), line(okLine())], ["error"])) },
  { weight: 1, arbitrary: fc.constant(b("blank-line-then-ok", [{ out: "\n" }, line(okLine())], ["error"])) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("\n", "\r\n")
      .map((end) => b(`ok-line-8MiB-plus-1-${end === "\n" ? "lf" : "crlf"}`, [{ out: okLine(), pad: LINE_LIMIT + 1 }, { out: end }], ["error"])),
  },
  { weight: 1, arbitrary: fc.constantFrom(1024 * 1024, LINE_LIMIT + 1, 9 * 1024 * 1024).map((n) => b(`huge-line-${n}`, [{ fill: "x", times: n }, { out: "\n" }], ["error"])) },
  { weight: 1, arbitrary: fc.constant(b("huge-line-no-newline", [{ fill: "y", times: LINE_LIMIT + 4096 }, { hang: true }], ["error"])) },
);

/**
 * A correct reply with bytes that are not UTF-8 inside a string: not JSON text (RFC 8259 §8.1),
 * so a protocol error (found by this generator; the runner used to decode lossily and pass it).
 */
const notUtf8: fc.Arbitrary<Behavior> = fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]).map((bad) => {
  const [head, tail] = okLine().split('"fixture"') as [string, string];
  const raw = (seq: number): string =>
    Buffer.concat([Buffer.from(`${head.replace("@@SEQ@@", String(seq))}"fix`), Buffer.from(bad), Buffer.from(`ture"${tail}\n`)]).toString("base64");
  // raw bytes get no seq substitution: the fake picks the variant for the request's seq
  return b(`ok-with-invalid-utf8-${bad.map((x) => x.toString(16)).join("")}`, [{ rawBySeq: Array.from({ length: 16 }, (_, i) => raw(i)) }], ["error"]);
});

/** Valid skipped and errored replies: skip and error, never pass. */
const declined: fc.Arbitrary<Behavior> = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }).map((reason) => b("skipped", [line(replyLine({ skipped: { reason } }))], ["skip"])),
  fc.constant(b("skipped-with-url", [line(replyLine({ skipped: { reason: "later", issue_url: "https://example.invalid/1" } }))], ["skip"])),
  fc.string({ unit: "grapheme", maxLength: 40 }).map((message) => b("errored", [line(replyLine({ errored: { message, detail: { n: 1 } } }))], ["error"])),
);

// ---- dying and hanging ----------------------------------------------------------------------

const dying: fc.Arbitrary<Behavior> = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((code) => b(`exit-${code}`, [{ exit: code }], ["crash"])),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 })).map(([n, code]) => {
    const full = okLine();
    return b("partial-reply-then-exit", [{ out: full.slice(0, n % full.length) }, { exit: code }], ["crash"]);
  }),
  fc.constant(b("kill-self", [{ kill: "SIGKILL" }], ["crash"])),
  fc.constant(b("sigterm-self", [{ kill: "SIGTERM" }], ["crash"])),
  fc.string({ unit: "binary", maxLength: 100 }).map((s) => b("stderr-then-exit", [{ err: s }, { exit: 9 }], ["crash"])),
  // a reply that may or may not be read before the exit is noticed
  fc.constant(b("garbage-then-exit", [line("not json"), { exit: 1 }], ["error", "crash"])),
);

const hanging: fc.Arbitrary<Behavior> = fc.oneof(
  fc.constant(b("hang", [{ hang: true }], ["timeout"])),
  fc.nat().map((n) => b("partial-reply-then-hang", [{ out: okLine().slice(0, n % okLine().length) }, { hang: true }], ["timeout"])),
  fc.constant(b("stderr-flood-then-hang", [{ err: "E".repeat(200_000) }, { hang: true }], ["timeout"])),
);

// ---- output that belongs to no request ------------------------------------------------------

const leaking: fc.Arbitrary<Behavior> = fc.oneof(
  fc.constantFrom(okLine(), "garbage", "{}", "null").map((extra) => b("ok-then-stray-line", [line(okLine()), line(extra)], ["pass"], "poison")),
  fc.constant(b("ok-then-unterminated-fragment", [line(okLine()), { out: '{"se' }], ["pass"], "poison")),
  // the exit can be noticed before the reply is read: crash is allowed, pass only for the reply
  fc.constant(b("ok-then-exit", [line(okLine()), { exit: 0 }], ["pass", "crash"], "exit")),
);

/** One run's behavior; `cheap` (npm test) makes hangs rarer and leaves out the 8 MiB-exactly reply. */
export function runBehavior(cheap: boolean): fc.Arbitrary<Behavior> {
  const kinds: fc.WeightedArbitrary<Behavior>[] = [
    { weight: 12, arbitrary: correct },
    { weight: 5, arbitrary: wrong },
    { weight: 14, arbitrary: malformed },
    { weight: 1, arbitrary: notUtf8 },
    { weight: 3, arbitrary: declined },
    { weight: 4, arbitrary: dying },
    { weight: cheap ? 1 : 2, arbitrary: hanging },
    { weight: 3, arbitrary: leaking },
  ];
  if (!cheap) kinds.push({ weight: 1, arbitrary: atLineLimit });
  return fc.oneof(...kinds);
}

// ---- hello and stop -------------------------------------------------------------------------

export const HELLO = { protocol: 1, implementation: { name: "garbage", version: "0.0.0", language: "JavaScript" }, operations: ["validate"] };

/** A good hello, possibly odd but valid: extra fields, unknown operations, pieces, stderr. */
type HelloPlan = { actions: Action[]; announces: boolean };
const plan = (actions: Action[], announces = true): HelloPlan => ({ actions, announces });

/** A good hello, possibly odd but valid: extra fields, unknown operations, pieces, stderr. */
export const goodHello: fc.Arbitrary<HelloPlan> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(plan([line(JSON.stringify(HELLO))])) },
  { weight: 2, arbitrary: fc.constant(plan([line(JSON.stringify({ ...HELLO, operations: ["validate", "teleport"], profiles: ["x"], future: { a: 1 } }))])) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }).map((name) => plan([line(JSON.stringify({ ...HELLO, implementation: { name, version: "1" } }))])),
  },
  { weight: 2, arbitrary: fc.array(fc.nat({ max: 120 }), { maxLength: 5 }).map((split) => plan([{ out: `${JSON.stringify(HELLO)}\n`, split, gap: 5 }])) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 80 }).map((s) => plan([{ err: s }, line(JSON.stringify(HELLO))])) },
  // announcing no validate: every case is not-applicable and never sent
  { weight: 1, arbitrary: fc.constantFrom([], ["dispatch"], ["VALIDATE"]).map((operations) => plan([line(JSON.stringify({ ...HELLO, operations }))], false)) },
);

/** A start that fails, with the outcome its cases get; `cheap` leaves out the hello hang (3 timeouts). */
export function helloFault(cheap: boolean): fc.Arbitrary<Behavior> {
  const kinds: fc.WeightedArbitrary<Behavior>[] = [
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 255 }).map((code) => b(`hello-exit-${code}`, [{ exit: code }], ["crash"])) },
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(
          "not json",
          "",
          "null",
          "[]",
          "{}",
          JSON.stringify({ ...HELLO, protocol: 2 }),
          JSON.stringify({ ...HELLO, protocol: "1" }),
          JSON.stringify({ ...HELLO, operations: "validate" }),
          JSON.stringify({ ...HELLO, implementation: { name: "", version: "1" } }),
          JSON.stringify({ ...HELLO, implementation: { name: "x".repeat(201), version: "1" } }),
          JSON.stringify({ protocol: 1, operations: ["validate"] }),
          JSON.stringify({ ...HELLO, providers: [{ name: "x" }] }),
        )
        .map((text) => b(`hello-reply ${text.slice(0, 30)}`, [line(text)], ["error"])),
    },
    { weight: 1, arbitrary: fc.constant(b("hello-partial-then-exit", [{ out: JSON.stringify(HELLO).slice(0, 20) }, { exit: 2 }], ["crash"])) },
  ];
  if (!cheap) kinds.push({ weight: 1, arbitrary: fc.constant(b("hello-hang", [{ hang: true }], ["timeout"])) });
  return fc.oneof(...kinds);
}

/** `prints`: it writes output when stopped, which the runner charges to the last case answered. */
type StopPlan = { name: string; actions: Action[]; prints: boolean };
const stop = (name: string, actions: Action[]): StopPlan => ({ name, actions, prints: actions.some((a) => "out" in a) });

/** What the fake does on stop (ignoring it costs the runner's 1 s grace before the kill). */
export const stopBehavior: fc.Arbitrary<StopPlan> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(stop("exit", [{ exit: 0 }])) },
  { weight: 1, arbitrary: fc.constant(stop("exit-7", [{ exit: 7 }])) },
  { weight: 1, arbitrary: fc.constant(stop("garbage-then-exit", [line("bye"), { exit: 0 }])) },
  { weight: 1, arbitrary: fc.constant(stop("ignore", [{ hang: true }])) },
);

export interface Scenario {
  /** How many starts in a row fail at hello (0: none). */
  helloFailures: number;
  helloFault: Behavior;
  hello: HelloPlan;
  runs: Behavior[];
  stop: StopPlan;
}

export function scenario(cases: number, cheap: boolean): fc.Arbitrary<Scenario> {
  return fc.record({
    helloFailures: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }) }),
    helloFault: helloFault(cheap),
    hello: goodHello,
    runs: fc.array(runBehavior(cheap), { minLength: cases, maxLength: cases }),
    stop: stopBehavior,
  });
}

/**
 * The outcomes the runner may give each case, in run order, given the outcomes it gave the
 * cases before (a leak only happens when its case got its own outcome).
 * Start failures: runSuite's header hello is start 1 and each case that finds no running
 * implementation restarts it, so with k failing starts the first k - 1 cases get the failed
 * hello's outcome; from 3 failed starts on it is not restarted and every case gets it.
 */
export function allowedOutcomes(s: Scenario, observed: readonly Outcome[]): Outcome[][] {
  const n = s.runs.length;
  const helloFailed = s.helloFailures >= 3 ? n : Math.max(0, s.helloFailures - 1);
  const allowed: Outcome[][] = [];
  let leak: Behavior["leak"];
  for (let i = 0; i < n; i++) {
    const own = s.runs[i]!;
    if (i < helloFailed) {
      allowed.push(s.helloFault.outcomes);
      continue;
    }
    if (!s.hello.announces) {
      allowed.push(["not-applicable"]);
      continue;
    }
    const mine = own.leak === "poison" ? [...own.outcomes, "error" as const] : own.outcomes;
    if (leak === "poison") allowed.push(["error", "crash", "timeout"]);
    else if (leak === "exit") allowed.push([...new Set<Outcome>([...mine, "crash"])]);
    else allowed.push([...new Set(mine)]);
    // After a poisoned case the process has been killed: nothing carries over. A stray line
    // charged to its own case (error) has killed the process too.
    const got = observed[i];
    leak = leak !== "poison" && got !== undefined && own.outcomes.includes(got) && got !== "crash" ? own.leak : undefined;
  }
  // What the implementation prints when stopped follows the last reply: that case's error.
  if (s.stop.prints && n > 0) allowed[n - 1] = [...new Set<Outcome>([...allowed[n - 1]!, "error"])];
  return allowed;
}
