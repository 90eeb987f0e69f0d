// The persistent-mode client: one long-lived implementation process serving many cases over
// newline-delimited JSON. Every message is checked against the protocol schemas; anything
// malformed, mismatched, oversized or late is a protocol error attributed to the
// implementation, after which the process is killed and restarted (hello replayed) on the
// next case. Output while no request is pending belongs to the case answered last
// (`takeStray`): the run holds that case's record until it can no longer come.

import { check, describeErrors, type SchemaName } from "../schemas/registry.js";
import type { CasePayload, HelloReply, HelloRequest, RunRequest } from "../../shared/protocol.js";
import { LineSplitter, TailBuffer } from "./bounded-text.js";
import type { Exchange, ExchangeWithStderr, Implementation } from "./implementation.js";
import { implementationEnvironment } from "./implementation-env.js";
import { killGroup, overLimit, spawnGroup, type Child } from "./process-tree.js";
import { containment, type Cell } from "../../shared/process-cell.js";
import type { LeftoverRecord } from "../types/run-report.js";

export interface PersistentOptions {
  command: readonly string[];
  cwd: string;
  /** Names of the runner's environment variables the adapter file passes through (KIT-IMPLEMENTATION-ENV). */
  environment?: readonly string[];
  kit: { name: string; version: string };
  /** Time allowed for the hello reply after a (re)start. */
  helloTimeoutMs: number;
  /** Longest accepted reply line; a longer one is a protocol error. */
  maxLineBytes?: number;
  /** How much stderr to keep per case (tail). */
  stderrLimit?: number;
  /** After this many consecutive failed starts, cases are answered without restarting. */
  maxStartFailures?: number;
  /** --memory-limit: each process's memory bound, in bytes (docs/CONTAINMENT.md). */
  memoryBytes?: number;
}

type Awaiting = { what: "hello" } | { what: "run"; seq: number; caseId: string };
type Pending = Awaiting & { settle: (e: Exchange | HelloReply) => void };

const REPLY_SCHEMAS: Record<string, SchemaName> = {
  result: "protocol/result-reply.schema.json",
  skipped: "protocol/skipped-reply.schema.json",
  errored: "protocol/errored-reply.schema.json",
};

export class PersistentClient implements Implementation {
  private child: Child | undefined;
  private splitter: LineSplitter | undefined;
  private greeting: HelloReply | undefined;
  private pending: Pending | undefined;
  private seq = 0;
  private startFailures = 0;
  private lastStartFailure: Exchange | undefined;
  /** A violation seen after hello and before any case was sent; reported on the first case. */
  private incident: string | undefined;
  /** The request answered last: output after its reply is charged to its case. */
  private lastAnswered: { seq: number; caseId: string } | undefined;
  /** Violations after a case's reply while nothing was pending, by case id (the first one each). */
  private readonly strays = new Map<string, string>();
  /** The case whose request is out (set until its exchange returns, so a kill on its timeout charges it). */
  private inFlight: string | undefined;
  /** Each process's cell, until the process is retired (cells are swept once). */
  private readonly cells = new Map<Child, Cell>();
  private readonly sweeps = new Set<Promise<void>>();
  private readonly leftovers: LeftoverRecord[] = [];
  /** Per pid seen in a cell after a case (where that is cheap): the first such case, which a leftover is charged to. */
  private readonly firstSeen = new Map<number, string>();
  private readonly stderr: TailBuffer;
  private readonly maxLine: number;
  private readonly maxStartFailures: number;

  constructor(private readonly options: PersistentOptions) {
    this.stderr = new TailBuffer(options.stderrLimit ?? 64 * 1024);
    this.maxLine = options.maxLineBytes ?? 8 * 1024 * 1024;
    this.maxStartFailures = options.maxStartFailures ?? 3;
  }

  /** The start and hello under way: a second caller waits for it rather than starting another process. */
  private starting: Promise<HelloReply | Exchange> | undefined;

  hello(): Promise<HelloReply | Exchange> {
    if (this.child && this.greeting) return Promise.resolve(this.greeting);
    this.starting ??= this.greet().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async greet(): Promise<HelloReply | Exchange> {
    if (this.startFailures >= this.maxStartFailures && this.lastStartFailure) {
      return withMessage(this.lastStartFailure, `not restarted after ${this.startFailures} failed starts in a row; last: `);
    }
    this.start();
    const request: HelloRequest = { cmd: "hello", protocol: 1, kit: this.options.kit };
    const reply = await this.exchange({ what: "hello" }, request, this.options.helloTimeoutMs);
    if ("protocol" in reply) {
      this.greeting = reply;
      this.startFailures = 0;
      return reply;
    }
    this.startFailures++;
    const failed = withMessage(reply, "hello failed: ");
    this.lastStartFailure = failed;
    this.kill();
    return failed;
  }

  async run(payload: CasePayload, timeoutMs: number): Promise<ExchangeWithStderr> {
    if (this.incident) {
      const message = this.incident;
      this.incident = undefined;
      return { exchange: { kind: "protocol-error", message }, stderr: this.stderr.take() };
    }
    const greeting = await this.hello();
    if (!("protocol" in greeting)) return { exchange: greeting, stderr: this.stderr.take() };
    // Output the implementation wrote after its last reply is read before the next request goes
    // out, so it is charged to the case it followed (KIT-PROTOCOL-SEQ) however quickly papc got
    // here (a pooled fixture needs no file-system call between two cases): one turn of the event
    // loop's poll phase.
    await new Promise((resolve) => setImmediate(resolve));
    const seq = ++this.seq;
    const request: RunRequest = { cmd: "run", seq, case: payload };
    this.inFlight = payload.id;
    try {
      const exchange = (await this.exchange({ what: "run", seq, caseId: payload.id }, request, timeoutMs)) as Exchange;
      this.notePids(payload.id);
      return { exchange, stderr: this.stderr.take() };
    } finally {
      this.inFlight = undefined;
    }
  }

  takeStray(caseId: string): string | undefined {
    const stray = this.strays.get(caseId);
    this.strays.delete(caseId);
    return stray;
  }

  drainStderr(): string {
    return this.stderr.take();
  }

  async takeLeftovers(): Promise<LeftoverRecord[]> {
    await this.sweepsDone();
    return this.leftovers.splice(0);
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    try {
      child.stdin.write(`${JSON.stringify({ cmd: "stop" })}\n`);
      child.stdin.end();
    } catch {
      // already closed
    }
    const timer = setTimeout(() => {
      killGroup(child.pid);
      releaseStdio(child);
    }, 1000);
    await child.catch(() => undefined);
    clearTimeout(timer);
    killGroup(child.pid); // anything it left behind in its group
    this.retire(child, this.lastAnswered?.caseId);
    this.child = undefined;
    this.greeting = undefined;
    await this.sweepsDone();
  }

  /** Waits for the sweeps under way (what they find is kept for takeLeftovers). */
  private async sweepsDone(): Promise<void> {
    while (this.sweeps.size > 0) await Promise.all(this.sweeps);
  }

  /** Remembers which case each process of the current cell was first seen after. */
  private notePids(caseId: string): void {
    const cell = this.child ? this.cells.get(this.child) : undefined;
    const now = cell?.census();
    if (!now) return;
    const present = new Set(now);
    for (const pid of this.firstSeen.keys()) if (!present.has(pid)) this.firstSeen.delete(pid); // ended (a pid may come back as another process)
    for (const pid of now) if (!this.firstSeen.has(pid)) this.firstSeen.set(pid, caseId);
  }

  /**
   * The process is over: what its cell still holds outside its group is killed and kept as
   * leftovers of `caseId`; the cell is removed. Once per process.
   */
  private retire(child: Child, caseId: string | undefined): void {
    const cell = this.cells.get(child);
    if (!cell) return;
    this.cells.delete(child);
    const sweep = cell
      .close(child.pid)
      .then(
        (left) => {
          for (const l of left) {
            const charged = this.firstSeen.get(l.pid) ?? caseId;
            this.leftovers.push({ pid: l.pid, command: l.command, ...(charged !== undefined ? { case: charged } : {}) });
          }
        },
        (err: Error) => {
          process.stderr.write(`papc: could not sweep the cell of process ${child.pid}: ${err.message}\n`);
        },
      )
      .finally(() => this.sweeps.delete(sweep));
    this.sweeps.add(sweep);
  }

  private start(): void {
    const cell = containment().newCell("implementation", this.options.memoryBytes);
    const child = spawnGroup(this.options.command, this.options.cwd, implementationEnvironment(this.options.environment), cell);
    this.cells.set(child, cell);
    this.child = child;
    this.greeting = undefined;
    this.splitter = new LineSplitter(
      this.maxLine,
      (line) => this.onLine(line),
      (bytes) => this.violation(`a reply line exceeded ${this.maxLine} bytes (${bytes} bytes so far)`),
      (problem) => this.violation(problem),
    );
    const splitter = this.splitter;
    child.stdout.on("data", (chunk: Buffer) => splitter.push(chunk));
    child.stderr.setEncoding("utf8"); // decodes multi-byte characters split across chunks
    child.stderr.on("data", (text: string) => this.stderr.push(text));
    child.stdin.on("error", () => undefined); // EPIPE after death is reported via exit
    child.on("error", (err: Error) => this.onExit(child, `could not start: ${err.message}`));
    // "exit", not the execa promise: that waits for stdio to close, which a leftover
    // grandchild holding stdout can delay forever.
    child.on("exit", (code: number | null, signal: NodeJS.Signals | null) =>
      this.onExit(child, cell.oomKilled() ? overLimit(this.options.memoryBytes) : describeExit(code ?? undefined, signal ?? undefined)),
    );
    void child.catch(() => undefined);
  }

  private exchange(awaiting: Awaiting, request: HelloRequest | RunRequest, timeoutMs: number): Promise<Exchange | HelloReply> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.settle({ kind: "timeout", message: `no reply within ${timeoutMs} ms` });
        this.kill();
      }, timeoutMs);
      this.pending = {
        ...awaiting,
        settle: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      };
      const requestSchema: SchemaName = request.cmd === "hello" ? "protocol/hello-request.schema.json" : "protocol/run-request.schema.json";
      const own = check(requestSchema, request);
      if (!own.ok) throw new Error(`papc built an invalid request: ${describeErrors(own.errors)}`);
      if (!this.child) {
        this.settle({ kind: "crash", message: "implementation is not running" });
        return;
      }
      try {
        this.child.stdin.write(`${JSON.stringify(request)}\n`);
      } catch {
        // a dead process is reported through its exit
      }
    });
  }

  private settle(e: Exchange | HelloReply): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.settle(e);
  }

  private onLine(line: string): void {
    const pending = this.pending;
    if (!pending) {
      const after = this.lastAnswered ? ` after the reply to seq ${this.lastAnswered.seq}` : "";
      this.violation(`unexpected output while no request was pending${after}: ${preview(line)}`);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.violation(`reply is not JSON: ${preview(line)}`);
      return;
    }
    if (pending.what === "hello") {
      const ok = check("protocol/hello-reply.schema.json", message);
      if (!ok.ok) return this.violation(`invalid hello reply: ${describeErrors(ok.errors)}`);
      this.settle(message as HelloReply);
      return;
    }
    if (message === null || typeof message !== "object" || Array.isArray(message)) {
      return this.violation(`reply is not a JSON object: ${preview(line)}`);
    }
    const reply = message as Record<string, unknown>;
    if (reply.seq !== pending.seq) {
      const why = typeof reply.seq === "number" && reply.seq > 0 && reply.seq < pending.seq ? " (that request was already answered)" : "";
      this.violation(`reply seq ${JSON.stringify(reply.seq)} does not match request seq ${pending.seq}${why}`);
      return;
    }
    this.lastAnswered = { seq: pending.seq, caseId: pending.caseId };
    const kind = ["result", "skipped", "errored"].find((k) => k in reply);
    if (!kind) return this.violation(`reply has none of result, skipped, errored: ${preview(line)}`);
    const ok = check(REPLY_SCHEMAS[kind] as SchemaName, reply);
    if (!ok.ok) return this.violation(`invalid ${kind} reply: ${describeErrors(ok.errors)}`);
    if (kind === "result") this.settle({ kind: "result", result: reply.result as Record<string, unknown> });
    else if (kind === "skipped") {
      const s = reply.skipped as { reason: string; issue_url?: string };
      this.settle(s.issue_url ? { kind: "skipped", reason: s.reason, issueUrl: s.issue_url } : { kind: "skipped", reason: s.reason });
    } else this.settle({ kind: "errored", message: (reply.errored as { message: string }).message });
  }

  /**
   * A protocol violation: the pending request fails, or when idle the case answered last (or,
   * before any case, the next one); the process goes.
   */
  private violation(message: string): void {
    if (this.pending) this.settle({ kind: "protocol-error", message });
    else if (this.lastAnswered) {
      if (!this.strays.has(this.lastAnswered.caseId)) this.strays.set(this.lastAnswered.caseId, message);
    } else this.incident ??= message;
    this.kill();
  }

  private onExit(child: Child, how: string): void {
    killGroup(child.pid); // whatever it left running in its group
    releaseStdio(child);
    this.retire(child, this.inFlight ?? this.lastAnswered?.caseId);
    if (child !== this.child) return; // an older, already replaced process
    this.child = undefined;
    this.greeting = undefined;
    this.splitter?.close();
    if (this.pending) this.settle({ kind: "crash", message: `implementation ${how}` });
  }

  /** Ends the current process now; its late exit event is ignored (it is no longer current). */
  private kill(): void {
    const child = this.child;
    this.splitter?.close();
    this.child = undefined;
    this.greeting = undefined;
    if (child) {
      killGroup(child.pid);
      releaseStdio(child);
      this.retire(child, this.inFlight ?? this.lastAnswered?.caseId);
    }
  }
}

/**
 * Stops reading a dead or killed child's output: a descendant that left the process group
 * may hold the pipes open, and nothing it writes belongs to any case any more.
 */
function releaseStdio(child: Child): void {
  child.stdout.destroy();
  child.stderr.destroy();
  child.stdin.destroy();
}

/** The same exchange with a prefix on its message (start failures are reported per case). */
function withMessage(e: Exchange, prefix: string): Exchange {
  if (e.kind === "result") return e;
  if (e.kind === "skipped") return { ...e, reason: prefix + e.reason };
  return { ...e, message: prefix + e.message };
}

function describeExit(code: number | undefined, signal: string | undefined): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code ?? "?"}`;
}

function preview(line: string): string {
  const s = line.length > 200 ? `${line.slice(0, 200)}… (${line.length} chars)` : line;
  return JSON.stringify(s);
}
