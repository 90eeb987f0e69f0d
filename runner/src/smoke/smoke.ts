// `papc smoke`: tells a broken adapter from a non-conforming implementation, in stages, each
// with a plain-words verdict and the next step:
//   a. start    the command starts (not: no such program, not executable, exits at once);
//   b. hello    it answers hello with a protocol-valid reply within the timeout;
//   c. replies  every reply to a run request is well-formed (seq echoed, schema-valid): a
//               protocol error, crash, timeout or `errored` on these inputs means the adapter
//               does not work;
//   d. basic    the clearest inputs of each announced operation (runner/smoke/*.yaml) pass:
//               failing them with well-formed replies means the adapter works but the
//               implementation does not conform; an operation whose every case is answered
//               `skipped` is "not implemented", not broken;
//   e. control  per operation, the same input sent twice with opposite expectations: exactly one
//               may pass. Both passing means papc saw no failure it had to see; both failing, or
//               neither giving a verdict, means the adapter does not really answer the input.
// The cases run through runCase and the normal protocol clients; nothing here speaks the
// protocol itself.

import { ExecClient } from "../protocol/exec-client.js";
import type { Exchange, ExchangeWithStderr, Implementation } from "../protocol/implementation.js";
import { PersistentClient } from "../protocol/persistent-client.js";
import { runCase } from "../run/run-case.js";
import { DEFAULT_TIMEOUT_MS, persistentCommand } from "../run/run-suite.js";
import type { Adapter } from "../types/adapter.js";
import type { LoadedCase, Operation } from "../types/case.js";
import type { CasePayload, HelloReply, ValidateResult } from "../../shared/protocol.js";
import { missingFields, REPORTING_OPERATIONS, type MissingField, type ReportingOperation } from "./field-use.js";
import type { CaseRecord, LeftoverRecord } from "../types/run-report.js";
import { renderDiff } from "../report/text-diff.js";
import { count } from "../common/plural.js";
import { byOperation, CONTROL_EXPECTED, CONTROL_OPPOSITE, isControl, lastSegment } from "./smoke-cases.js";

export type SmokeVerdict = "ok" | "broken" | "not-conforming";
export type StageName = "start" | "hello" | "replies" | "basic" | "control";
export type StageStatus = "ok" | "failed" | "not-run";

export interface SmokeStage {
  stage: StageName;
  status: StageStatus;
  /** One line in plain words. */
  summary: string;
  /** Evidence: the command, the offending line, stderr, diffs. */
  details: string[];
}

/**
 * What smoke learned about one operation: `conforms` (every basic case passes, some may be
 * declined), `does-not-conform` (a basic case fails), `not-implemented` (every case answered
 * `skipped`), `not-announced` (hello does not list it: nothing sent), `not-checked` (announced,
 * but smoke has no case for it, e.g. live), `broken` (the adapter failed on it), `not-run`
 * (smoke stopped before it).
 */
export type OperationStatus = "conforms" | "does-not-conform" | "not-implemented" | "not-announced" | "not-checked" | "broken" | "not-run";

export interface SmokeResult {
  verdict: SmokeVerdict;
  exit_code: 0 | 1;
  /** Why, in one line (the text after the dash of the verdict line). */
  reason: string;
  /** What to do next, in one line. */
  next: string;
  adapter: { name: string; mode: "persistent" | "exec"; command: string[]; dir: string };
  implementation: HelloReply | null;
  operations: Partial<Record<Operation, { status: OperationStatus; note?: string }>>;
  stages: SmokeStage[];
  /** Every smoke case sent, with the outcome runCase gave it. */
  cases: CaseRecord[];
  /** Processes the adapter left running, outside its process group, after its process (or a case's) ended; killed by smoke. */
  leftovers?: LeftoverRecord[];
  /** Per validate operation, reply fields that many of its suite cases check and no reply had: those cases would be skipped. */
  missing_fields: MissingField[];
}

export interface SmokeRunOptions {
  kitRoot: string;
  kit: { name: string; version: string };
  adapter: Adapter;
  /** The smoke cases (loadSmokeCases). */
  cases: readonly LoadedCase[];
  timeoutMs?: number;
  /** The command line that runs the suite against this adapter, for the verdict's next step. */
  runCommand: string;
  /** How many suite cases check each validate-reply field (field-use.ts), for the missing-field warning. */
  fieldUse?: ReadonlyMap<ReportingOperation, ReadonlyMap<string, number>>;
}

/** The operations in the order smoke checks them (and reports them). */
const OPERATION_ORDER: readonly Operation[] = ["validate", "validate-cli", "dispatch", "load-agent-plugin", "compose", "live"];
const BROKEN_OUTCOMES = new Set(["error", "crash", "timeout"]);

/** Raised when papc's own smoke cases cannot be run (a papc bug, not the adapter's). */
export class SmokeSetupError extends Error {}

export async function runSmoke(o: SmokeRunOptions): Promise<SmokeResult> {
  const command = commandOf(o.adapter, o.kitRoot);
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const impl = new Observed(implementationFor(o.adapter, o.kitRoot, o.kit, command, timeoutMs));
  let result: SmokeResult;
  try {
    result = await smokeWith(impl, o);
  } finally {
    await impl.close();
  }
  return withLeftovers(result, await impl.takeLeftovers());
}

/** Processes the adapter left running make it broken, whatever else smoke found (KIT-CONTAINMENT-REPORT). */
function withLeftovers(result: SmokeResult, leftovers: LeftoverRecord[]): SmokeResult {
  if (leftovers.length === 0) return result;
  const listed = leftovers.map((l) => `pid ${l.pid} \`${l.command}\`${l.case ? ` (case ${l.case})` : ""}`).join(", ");
  const reason = `it left ${count(leftovers.length, "process", "processes")} running after its own process ended, outside its process group (papc killed them): ${listed}`;
  const next = "end everything the command starts when it exits or is killed (no setsid or double-fork daemons); docs/CONTAINMENT.md";
  return finish({
    ...result,
    leftovers,
    verdict: "broken",
    reason: result.verdict === "ok" ? reason : `${result.reason}; and ${reason}`,
    next: result.verdict === "ok" ? next : result.next,
  });
}

async function smokeWith(impl: Observed, o: SmokeRunOptions): Promise<SmokeResult> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const command = commandOf(o.adapter, o.kitRoot);
  const base = {
    adapter: { name: o.adapter.name, mode: o.adapter.mode, command, dir: o.adapter.dir },
    implementation: null,
    cases: [] as CaseRecord[],
    missing_fields: [] as SmokeResult["missing_fields"],
  };
  const stages: SmokeStage[] = [];
  const where = (op?: Operation): string =>
    o.adapter.mode === "exec"
      ? `exec mode, ${op ? `the ${op} argv template: ${quoteArgv(o.adapter.operations?.[op]?.argv.flat() ?? [])}` : "one process per case"} (in ${o.adapter.dir})`
      : `${quoteArgv(command)} (in ${o.adapter.dir || process.cwd()})`;
  // a + b: start and hello
  const hello = await impl.hello();
  if (!("protocol" in hello)) {
    if (hello.kind === "result") throw new Error("unreachable: hello produced a result");
    const failure = helloFailure(hello, timeoutMs, where(), impl.drainStderr());
    stages.push(...failure.stages);
    return finish({ ...base, stages, verdict: "broken", reason: failure.reason, next: failure.next, operations: {} });
  }
  stages.push({
    stage: "start",
    status: "ok",
    summary: o.adapter.mode === "exec" ? "exec mode: the command starts once per case (checked with the cases below)" : "the command started",
    details: [],
  });
  stages.push({ stage: "hello", status: "ok", summary: describeHello(hello, o.adapter.mode), details: [] });
  const result: SmokeResult = { ...base, implementation: hello, stages, verdict: "ok", exit_code: 0, reason: "", next: "", operations: {} };

  const groups = byOperation(o.cases);
  const toRun = operationsToRun(groups, hello.operations, result.operations);
  if (toRun.length === 0) {
    stages.push({ stage: "replies", status: "not-run", summary: `nothing to send: the implementation announces none of ${[...groups.keys()].join(", ")}`, details: [] });
    stages.push({ stage: "basic", status: "not-run", summary: "no operation smoke can check", details: [] });
    stages.push({ stage: "control", status: "not-run", summary: "no operation smoke can check", details: [] });
    return finish({ ...result, verdict: "ok", reason: "hello works, but smoke has no case for what it announces", next: o.runCommand });
  }
  for (const op of toRun) result.operations[op] = { status: "not-run" };

  // c, d, e: every case of each announced operation, basic cases first, then its control pair.
  // The first reply that is not well-formed ends the run: the adapter is broken either way.
  const runs = new Map<string, Run>();
  for (const op of toRun) {
    const list = groups.get(op) ?? [];
    for (const c of [...list.filter((x) => !isControl(x)), ...list.filter(isControl)]) {
      const record = await runCase(c, impl, { timeoutMs, baseline: {} });
      const seen = impl.take(c.id);
      result.cases.push(record);
      runs.set(c.id, { record, exchange: seen?.exchange, root: seen?.root });
      if (record.outcome === "suite-bug") throw new SmokeSetupError(`papc's own smoke case ${c.id} could not be run: ${record.message ?? ""}`);
      if (BROKEN_OUTCOMES.has(record.outcome) || record.outcome === "not-applicable") {
        result.operations[op] = { status: "broken" };
        const failure = replyFailure(c, record, seen?.exchange, where(op));
        if (failure.stage === "start") stages[0] = { stage: "start", status: "failed", summary: failure.summary, details: failure.details };
        else stages.push({ stage: "replies", status: "failed", summary: failure.summary, details: failure.details });
        markNotRun(stages);
        return finish({ ...result, verdict: "broken", reason: failure.reason, next: failure.next });
      }
    }
  }
  // well-formed validate and validate-cli replies: do they carry the fields the suite checks?
  const replies = new Map<ReportingOperation, ValidateResult[]>(REPORTING_OPERATIONS.filter((op) => toRun.includes(op)).map((op) => [op, []]));
  for (const r of result.cases) {
    const e = runs.get(r.id)?.exchange;
    const op = o.cases.find((c) => c.id === r.id)?.operation as ReportingOperation;
    if (e?.kind === "result") replies.get(op)?.push(e.result as unknown as ValidateResult);
  }
  if (o.fieldUse) result.missing_fields = missingFields(replies, o.fieldUse);
  const sent = result.cases.length;
  const declined = result.cases.filter((r) => runs.get(r.id)?.exchange?.kind === "skipped").length;
  stages.push({
    stage: "replies",
    status: "ok",
    summary: `${sent} replies, each well-formed (seq echoed, schema-valid)${declined ? `; ${declined} of them declined the case (skipped)` : ""}`,
    details: [],
  });

  // d: basic cases
  const { stage: basic, failing } = basicStage(toRun, groups, runs, result.operations);
  stages.push(basic);

  // e: control pairs
  const { stage: control, flags } = controlStage(toRun, groups, runs, result.operations);
  stages.push(control);

  if (flags.length > 0) return finish({ ...result, verdict: "broken", reason: flags[0]!.text, next: flags[0]!.next });
  if (failing.length > 0) {
    const ids = failing.map((r) => r.id);
    return finish({
      ...result,
      verdict: "not-conforming",
      reason: `${failing.length} of ${result.cases.filter((r) => !isControl(r)).length} basic cases fail (${ids.join(", ")})`,
      next: `fix these first (the diffs above); then run the whole suite: ${o.runCommand}`,
    });
  }
  const unimplemented = toRun.filter((op) => result.operations[op]?.status === "not-implemented");
  return finish({
    ...result,
    verdict: "ok",
    reason: unimplemented.length > 0 ? `does not implement ${unimplemented.join(", ")}` : "",
    next: o.runCommand,
  });
}

/** Which operations smoke sends cases for; the others get their status here (not checked, not announced). */
function operationsToRun(groups: Map<Operation, LoadedCase[]>, announcedOps: readonly Operation[], statuses: SmokeResult["operations"]): Operation[] {
  const operations = [...new Set([...OPERATION_ORDER, ...groups.keys(), ...announcedOps])];
  const toRun: Operation[] = [];
  for (const op of operations) {
    const announced = announcedOps.includes(op);
    const has = (groups.get(op)?.length ?? 0) > 0;
    if (announced && has) toRun.push(op);
    else if (announced)
      statuses[op] = {
        status: "not-checked",
        note: op === "live" ? "smoke has no live case (those need the pinned harnesses): papc run --case 'live/**'" : "smoke has no case for it",
      };
    else if (has) statuses[op] = { status: "not-announced", note: "not in hello's operations: its smoke cases were not sent" };
  }
  return toRun;
}

/** Stage d: the basic cases of each operation run, and what they say about conformance. */
function basicStage(
  toRun: readonly Operation[],
  groups: Map<Operation, LoadedCase[]>,
  runs: Map<string, Run>,
  statuses: SmokeResult["operations"],
): { stage: SmokeStage; failing: CaseRecord[] } {
  const basicDetails: string[] = [];
  const parts: string[] = [];
  const failing: CaseRecord[] = [];
  for (const op of toRun) {
    const basic = (groups.get(op) ?? []).filter((c) => !isControl(c)).map((c) => runs.get(c.id)!);
    const passed = basic.filter((r) => r.record.outcome === "pass").length;
    const skippedByImpl = basic.filter((r) => r.exchange?.kind === "skipped");
    const failed = basic.filter((r) => r.record.outcome === "fail");
    if (skippedByImpl.length === basic.length) {
      const why = skippedByImpl[0]?.record.message ?? "";
      statuses[op] = { status: "not-implemented", note: `every ${op} case was answered skipped${why ? `: ${why}` : ""}` };
      parts.push(`${op}: does not implement ${op} (skipped)`);
      continue;
    }
    if (failed.length > 0) {
      statuses[op] = { status: "does-not-conform" };
      failing.push(...failed.map((r) => r.record));
      parts.push(`${op} ${passed}/${basic.length} pass`);
      const sameAnswer = constantAnswer(basic);
      for (const r of failed)
        basicDetails.push(
          ...describeFailure(
            r.record,
            (groups.get(op) ?? []).find((c) => c.id === r.record.id),
          ),
        );
      if (sameAnswer)
        basicDetails.push(`every ${op} input got the same answer, whatever it held: is the adapter passing the case's source and arguments on to the implementation?`);
    } else {
      statuses[op] = { status: "conforms" };
      parts.push(`${op} ${passed}/${basic.length} pass`);
    }
    for (const r of basic.filter((x) => x.record.outcome === "skip")) {
      basicDetails.push(`${r.record.id}: skipped — ${r.record.message ?? ""}`);
      if (statuses[op]!.status === "conforms") statuses[op]!.note = "some basic cases were skipped";
    }
  }
  const stage: SmokeStage = {
    stage: "basic",
    status: failing.length > 0 ? "failed" : "ok",
    summary: parts.join(", "),
    details: basicDetails,
  };
  return { stage, failing };
}

/** Stage e: each operation's control pair, which must split: one passes, one fails. */
function controlStage(
  toRun: readonly Operation[],
  groups: Map<Operation, LoadedCase[]>,
  runs: Map<string, Run>,
  statuses: SmokeResult["operations"],
): { stage: SmokeStage; flags: Extract<ControlVerdict, { kind: "flagged" }>[] } {
  const controlDetails: string[] = [];
  const flags: Extract<ControlVerdict, { kind: "flagged" }>[] = [];
  const checked: string[] = [];
  for (const op of toRun) {
    const list = groups.get(op) ?? [];
    const expected = runs.get(list.find((c) => lastSegment(c) === CONTROL_EXPECTED)?.id ?? "");
    const opposite = runs.get(list.find((c) => lastSegment(c) === CONTROL_OPPOSITE)?.id ?? "");
    if (!expected || !opposite) continue;
    const verdict = controlVerdict(op, expected, opposite);
    if (verdict.kind === "ok") checked.push(op);
    else if (verdict.kind === "declined") controlDetails.push(`${op}: not checked, the implementation declined the input (${expected.record.message ?? "skipped"})`);
    else {
      flags.push(verdict);
      statuses[op] = { status: "broken" };
      controlDetails.push(...verdict.details);
    }
  }
  const stage: SmokeStage = {
    stage: "control",
    status: flags.length > 0 ? "failed" : checked.length > 0 ? "ok" : "not-run",
    summary:
      flags.length > 0
        ? flags.map((f) => f.text).join("; ")
        : checked.length > 0
          ? `${checked.join(", ")}: exactly one of each pair passed, so papc sees failures and the same input gets the same answer`
          : "no control pair could be judged",
    details: controlDetails,
  };
  return { stage, flags };
}

function finish(r: Omit<SmokeResult, "exit_code">): SmokeResult {
  return { ...r, exit_code: r.verdict === "ok" ? 0 : 1 };
}

/** Later stages of a run that stopped early. */
function markNotRun(stages: SmokeStage[]): void {
  const done = new Set(stages.map((s) => s.stage));
  for (const stage of ["hello", "replies", "basic", "control"] as const) {
    if (!done.has(stage)) stages.push({ stage, status: "not-run", summary: "not run: an earlier stage failed", details: [] });
  }
}

interface Failure {
  stage: StageName;
  summary: string;
  reason: string;
  next: string;
  details: string[];
}

/** Stages a and b from a hello that did not come. */
function helloFailure(e: Exclude<Exchange, { kind: "result" }>, timeoutMs: number, where: string, stderr: string): { stages: SmokeStage[]; reason: string; next: string } {
  const message = "message" in e ? e.message.replace(/^hello failed: /, "") : e.reason;
  const details = [`command: ${where}`, ...stderrLines(stderr)];
  const notRun = (stage: StageName): SmokeStage => ({ stage, status: "not-run", summary: "not run: an earlier stage failed", details: [] });
  const start = startProblem(message);
  if (start) {
    return {
      stages: [{ stage: "start", status: "failed", summary: start.summary, details }, notRun("hello"), notRun("replies"), notRun("basic"), notRun("control")],
      reason: start.summary,
      next: start.next,
    };
  }
  const started: SmokeStage = { stage: "start", status: "ok", summary: "the command started", details: [] };
  const hello =
    e.kind === "timeout"
      ? {
          summary: `no hello: nothing answered the hello request within ${timeoutMs} ms`,
          next: `the implementation must answer the hello line on its stdin with one JSON line on stdout, and flush it (SPEC.md 1.2); try: echo '{"cmd":"hello","protocol":1,"kit":{"name":"papc","version":"0.1.0"}}' | ${where.replace(/ \(in .*\)$/, "")}`,
        }
      : {
          summary: `invalid hello: ${message}`,
          next: "stdout carries protocol lines only (logs go to stderr); the hello reply is one JSON line matching runner/schemas/protocol/hello-reply.schema.json (SPEC.md 1.2)",
        };
  return {
    stages: [started, { stage: "hello", status: "failed", summary: hello.summary, details }, notRun("replies"), notRun("basic"), notRun("control")],
    reason: hello.summary,
    next: hello.next,
  };
}

/** A start failure (stage a) from a crash message, or undefined for anything else. */
function startProblem(message: string): { summary: string; next: string } | undefined {
  const m = /could not start: (.*)$/.exec(message);
  if (m) {
    const why = m[1] ?? "";
    if (/ENOENT/.test(why))
      return {
        summary: `the command does not start: no such program or folder (${why})`,
        next: "check the command's first word: the program must exist and be on PATH, and the adapter's folder must exist",
      };
    if (/EACCES|EPERM/.test(why))
      return {
        summary: `the command does not start: permission denied (${why})`,
        next: "make the program executable (chmod +x) or start it through its interpreter (e.g. python3 impl.py)",
      };
    return { summary: `the command does not start (${why})`, next: "run the command by hand to see why it cannot start" };
  }
  const exited = /implementation (exited with code \S+|was killed by \S+)/.exec(message);
  if (exited) {
    return {
      summary: `the command ${exited[1]} before answering hello`,
      next: 'run the command by hand and read its stderr (above): it must keep running and read requests from stdin until {"cmd":"stop"} (SPEC.md 1.2)',
    };
  }
  return undefined;
}

/** Stage c (or a, in exec mode) from the first case whose reply was not well-formed. */
function replyFailure(c: LoadedCase, r: CaseRecord, e: Exchange | undefined, where: string): Failure {
  const details = [`case: ${c.id} — ${c.title}`, `command: ${where}`, ...stderrLines(r.stderr ?? "")];
  const message = r.message ?? r.outcome;
  // exec mode starts a process per case, so a program that cannot start shows here
  const start = e?.kind === "crash" && /could not start/.test(e.message) ? startProblem(e.message) : undefined;
  if (start) {
    return { stage: "start", summary: start.summary, reason: start.summary, next: start.next, details };
  }
  if (r.outcome === "not-applicable") {
    return {
      stage: "replies",
      summary: `the implementation stopped announcing ${c.operation}: ${message}`,
      reason: message,
      next: "hello must announce the same operations after every start",
      details,
    };
  }
  if (e?.kind === "errored") {
    const summary = `it answered errored for ${c.id}, one of the clearest inputs: ${message}`;
    return {
      stage: "replies",
      summary,
      reason: summary,
      next: `errored means the implementation failed on the case; check how the adapter runs it (stderr above). If it does not implement ${c.operation}, answer skipped with a reason instead`,
      details,
    };
  }
  const what = r.outcome === "timeout" ? `no reply to ${c.id} within the timeout` : r.outcome === "crash" ? `it crashed on ${c.id}` : `malformed reply to ${c.id}`;
  const summary = `${what}: ${message}`;
  return {
    stage: "replies",
    summary,
    reason: summary,
    next:
      r.outcome === "timeout"
        ? "each run request needs exactly one reply line, flushed; check that the adapter reads requests line by line and answers each (SPEC.md 1.2)"
        : r.outcome === "crash"
          ? "run the command by hand with the case's request and read its stderr (above)"
          : "each reply is one JSON line carrying the request's seq and one of result, skipped or errored, matching runner/schemas/protocol/ (SPEC.md 1.2, 1.3)",
    details,
  };
}

type ControlVerdict = { kind: "ok" } | { kind: "declined" } | { kind: "flagged"; text: string; next: string; details: string[] };

interface Run {
  record: CaseRecord;
  exchange: Exchange | undefined;
  root: string | undefined;
}

/** Stage e for one operation: the same input, opposite expectations; exactly one may pass. */
function controlVerdict(op: Operation, expected: Run, opposite: Run): ControlVerdict {
  const a = expected.record.outcome;
  const b = opposite.record.outcome;
  const declinedA = expected.exchange?.kind === "skipped";
  const declinedB = opposite.exchange?.kind === "skipped";
  if (declinedA && declinedB) return { kind: "declined" };
  const judged = (o: string): boolean => o === "pass" || o === "fail";
  if (judged(a) && judged(b) && (a === "pass") !== (b === "pass")) return { kind: "ok" };
  const details = [expected.record, opposite.record].flatMap((r) => [
    `${r.id}: ${r.outcome}${r.message ? ` — ${r.message}` : ""}`,
    ...stderrLines(r.stderr ?? "").map((l) => `  ${l}`),
  ]);
  const flagged = (text: string, next: string): ControlVerdict => ({ kind: "flagged", text: `${op} control pair: ${text}`, next, details });
  if (a === "pass" && b === "pass") {
    return flagged(
      "both opposite expectations passed, so papc did not see a failure it had to see",
      "this is a papc bug, not the adapter's: please report it with the output of papc smoke --json",
    );
  }
  if (declinedA !== declinedB) {
    return flagged(
      "the same input was declined once and answered once",
      "the adapter must hand every request to the implementation and return its own answer, the same for the same input",
    );
  }
  if (a === "skip" && b === "skip") {
    return flagged(
      `the answer to the clearest input carries no verdict (${expected.record.message ?? "skip"})`,
      "in exec mode, a command that exits 2 with nothing on stdout is a usage error: run the adapter's argv template by hand on a folder and fix it; in persistent mode, the result must carry the operation's verdict (SPEC.md 1.3, 1.6-1.9)",
    );
  }
  const same = expected.exchange && opposite.exchange && normalized(expected) === normalized(opposite);
  if (same) {
    return flagged(`the same answer met opposite expectations and neither outcome was a clean pass/fail pair (${a}, ${b})`, "run papc smoke --json and compare the two records");
  }
  return flagged(
    `the same input got two different answers (${a}, ${b})`,
    "the adapter is not answering the input deterministically (a random reply, or one that depends on the request count): it must hand every request to the implementation and return its answer",
  );
}

/** True when every basic case of an operation got the same result (fixture paths aside). */
function constantAnswer(runs: readonly Run[]): boolean {
  const results = runs.filter((r) => r.exchange?.kind === "result");
  if (results.length < 2) return false;
  const first = normalized(results[0]!);
  return results.every((r) => normalized(r) === first);
}

function normalized(r: Run): string {
  const text = JSON.stringify(r.exchange?.kind === "result" ? r.exchange.result : (r.exchange ?? null));
  return r.root ? text.split(JSON.stringify(r.root).slice(1, -1)).join("<root>") : text;
}

function describeFailure(r: CaseRecord, c: LoadedCase | undefined): string[] {
  const lines = [`${r.id}: ${c?.title ?? ""}`.trimEnd()];
  if (r.diff?.length) lines.push(...renderDiff(r.diff, false, "  ").split("\n"));
  lines.push(...stderrLines(r.stderr ?? "").map((l) => `  ${l}`));
  return lines;
}

function describeHello(h: HelloReply, mode: string): string {
  const impl = h.implementation;
  const who = `${impl.name} ${impl.version}${impl.language ? ` (${impl.language})` : ""}`;
  return `${mode === "exec" ? "exec mode has no hello; the adapter announces" : `protocol ${h.protocol} hello from`} ${who}; operations: ${h.operations.join(", ") || "(none)"}`;
}

function stderrLines(stderr: string): string[] {
  const lines = stderr
    .trimEnd()
    .split("\n")
    .filter((l) => l.length > 0);
  if (lines.length === 0) return [];
  const tail = lines.slice(-12).map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l));
  return [`stderr (last ${tail.length} of ${lines.length} lines):`, ...tail.map((l) => `  | ${l}`)];
}

/** The argv a persistent adapter starts, placeholders filled (as runSuite fills them). */
function commandOf(adapter: Adapter, kitRoot: string): string[] {
  if (adapter.mode === "exec") return Object.values(adapter.operations ?? {})[0]?.argv.flat() ?? [];
  return persistentCommand(adapter, kitRoot);
}

/** The same client runSuite would start for this adapter. */
function implementationFor(adapter: Adapter, kitRoot: string, kit: { name: string; version: string }, command: string[], timeoutMs: number): Implementation {
  if (adapter.mode === "exec") return new ExecClient({ adapter, kitRoot, cwd: adapter.dir });
  // Commands run in the adapter's folder (the current directory for --command).
  return new PersistentClient({
    command,
    cwd: adapter.dir || process.cwd(),
    kit,
    helloTimeoutMs: timeoutMs,
    maxStartFailures: 1,
    ...(adapter.environment ? { environment: adapter.environment } : {}),
  });
}

export function quoteArgv(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./{}-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(" ");
}

/** An implementation that remembers, per case id, what came back and where its fixture was. */
class Observed implements Implementation {
  private readonly seen = new Map<string, { exchange: Exchange; root: string }>();
  constructor(private readonly inner: Implementation) {}
  hello(): ReturnType<Implementation["hello"]> {
    return this.inner.hello();
  }
  async run(payload: CasePayload, timeoutMs: number): Promise<ExchangeWithStderr> {
    const r = await this.inner.run(payload, timeoutMs);
    this.seen.set(payload.id, { exchange: r.exchange, root: payload.root });
    return r;
  }
  take(id: string): { exchange: Exchange; root: string } | undefined {
    const s = this.seen.get(id);
    this.seen.delete(id);
    return s;
  }
  drainStderr(): string {
    return this.inner.drainStderr();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  async takeLeftovers(): Promise<LeftoverRecord[]> {
    return (await this.inner.takeLeftovers?.()) ?? [];
  }
}
