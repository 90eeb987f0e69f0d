// The exec-mode client: one process per case for one-shot CLIs (e.g. `… --json plugin
// validate <source>`, or a hook dispatcher). The adapter's argv template is filled from the
// case; `args.environment` goes over the environment and, with `stdin: event`, the JSON of
// `args.event` on stdin, as a harness runs a hook command. The exit code and stdout are mapped
// onto the operation's normalized result.

import type { Adapter, ArgvElement, ExecOperation } from "../types/adapter.js";
import type { CasePayload, HelloReply } from "../../shared/protocol.js";
import type { Operation, OperationName } from "../types/case.js";
import { operationNamed } from "../registry/operations.js";
import { TailBuffer } from "./bounded-text.js";
import { jsonStdout } from "./exec-stdout.js";
import { adapterPlaceholders } from "./placeholders.js";
import type { Exchange, ExchangeWithStderr, Implementation } from "./implementation.js";
import { implementationEnvironment } from "./implementation-env.js";
import { killGroup, overLimit, spawnGroup } from "./process-tree.js";
import { containment, sweepCells, type Cell } from "../../shared/process-cell.js";
import type { LeftoverRecord } from "../types/run-report.js";

export interface ExecOptions {
  adapter: Adapter;
  kitRoot: string;
  /** Where each command runs: the adapter's folder. */
  cwd: string;
  maxStdoutBytes?: number;
  /** --memory-limit: each case's process's memory bound, in bytes. */
  memoryBytes?: number;
}

const PLACEHOLDER = /\{([a-z_]+(?:\.[A-Za-z0-9_-]+)?(?:\[\])?)\}/g;
const LIST_PLACEHOLDER = /\{(args\.[A-Za-z0-9_-]+\[\])\}/;

/** Placeholder values: a string, or for `args.NAME[]` the array's entries as strings. */
export type PlaceholderValues = Map<string, string | string[]>;

/** Cells whose sweep waits (marker cells of cases that ended well) before one scan takes them all. */
const DEFERRED_CELLS = 50;

export class ExecClient implements Implementation {
  private readonly leftovers: LeftoverRecord[] = [];
  /** Marker cells not swept yet, with the case each belongs to. */
  private readonly deferred = new Map<Cell, string>();

  constructor(private readonly options: ExecOptions) {}

  async hello(): Promise<HelloReply> {
    const { adapter } = this.options;
    return {
      protocol: 1,
      implementation: adapter.implementation ?? { name: adapter.name, version: "unknown" },
      operations: Object.keys(adapter.operations ?? {}) as Operation[],
    };
  }

  async run(payload: CasePayload, timeoutMs: number): Promise<ExchangeWithStderr> {
    const template = this.options.adapter.operations?.[payload.operation];
    if (!template) return { exchange: { kind: "errored", message: `adapter has no command for ${payload.operation}` }, stderr: "" };
    const values = placeholderValues(payload, this.options.adapter, this.options.kitRoot);
    let argv: string[];
    try {
      argv = fillArgv(template.argv, values);
    } catch (err) {
      return { exchange: { kind: "errored", message: (err as Error).message }, stderr: "" };
    }
    return this.execute(argv, payload, template, timeoutMs);
  }

  drainStderr(): string {
    return ""; // each case's process has its own stderr, returned with its exchange
  }

  async close(): Promise<void> {
    await this.sweepDeferred();
  }

  async takeLeftovers(): Promise<LeftoverRecord[]> {
    await this.sweepDeferred();
    return this.leftovers.splice(0);
  }

  /** One scan for the deferred cells: what each still holds is a leftover of its case. */
  private async sweepDeferred(): Promise<void> {
    const cells = new Map(this.deferred);
    this.deferred.clear();
    if (cells.size === 0) return;
    for (const [cell, left] of await sweepCells([...cells.keys()])) {
      for (const l of left) this.leftovers.push({ pid: l.pid, command: l.command, case: cells.get(cell)! });
    }
  }

  private async execute(argv: string[], payload: CasePayload, template: ExecOperation, timeoutMs: number): Promise<ExchangeWithStderr> {
    const operation = payload.operation;
    const maxStdout = this.options.maxStdoutBytes ?? 8 * 1024 * 1024;
    const stderr = new TailBuffer(64 * 1024);
    const stdout: Buffer[] = [];
    let size = 0;
    let verdict: Exchange | undefined;
    // A dispatch case's harness environment goes over what the implementation gets of the runner's.
    const cell = containment().newCell("case", this.options.memoryBytes);
    const child = spawnGroup(argv, this.options.cwd, { ...implementationEnvironment(this.options.adapter.environment), ...environmentOf(payload.args) }, cell);
    const ended = new Promise<{ code: number | null; signal: string | null; error?: Error }>((resolve) => {
      child.on("exit", (code, signal) => resolve({ code, signal }));
      child.on("error", (error: Error) => resolve({ code: null, signal: null, error }));
    });
    void child.catch(() => undefined);
    child.stdin.on("error", () => undefined);
    child.stdin.end(template.stdin === "event" ? JSON.stringify(payload.args.event ?? null) : undefined);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => stderr.push(text));
    child.stdout.on("data", (c: Buffer) => {
      if (verdict) return;
      size += c.length;
      if (size > maxStdout) {
        verdict = { kind: "protocol-error", message: `stdout exceeded ${maxStdout} bytes` };
        killGroup(child.pid);
        return;
      }
      stdout.push(c);
    });
    const timer = setTimeout(() => {
      verdict ??= { kind: "timeout", message: `no exit within ${timeoutMs} ms` };
      killGroup(child.pid);
    }, timeoutMs);
    const result = await ended;
    clearTimeout(timer);
    const oom = cell.oomKilled();
    killGroup(child.pid); // what it left in its group
    // What left the group is a finding of this case (KIT-CONTAINMENT-REPORT); killing it also
    // closes the pipes it held. A cgroup is swept at once; a marker cell of a case that ended well
    // waits for one scan of the process table that serves many cases (a scan costs milliseconds).
    if (cell.census() === undefined && !verdict && !result.error && !result.signal) {
      this.deferred.set(cell, payload.id);
      if (this.deferred.size >= DEFERRED_CELLS) await this.sweepDeferred();
    } else for (const l of await cell.close(child.pid)) this.leftovers.push({ pid: l.pid, command: l.command, case: payload.id });
    // Let buffered output drain, but not forever: a descendant the cell cannot see (one that
    // dropped papc's marker where there are no cgroups) may hold stdout open.
    await Promise.race([child.catch(() => undefined), new Promise((r) => setTimeout(r, 200))]);
    child.stdout.destroy();
    child.stderr.destroy();
    if (verdict) return { exchange: verdict, stderr: stderr.take() };
    if (result.error) return { exchange: { kind: "crash", message: `could not start: ${result.error.message}` }, stderr: stderr.take() };
    if (result.signal) return { exchange: { kind: "crash", message: oom ? `it ${overLimit(this.options.memoryBytes)}` : `killed by ${result.signal}` }, stderr: stderr.take() };
    const errText = stderr.take();
    return { exchange: mapExecResult(operation, result.code ?? -1, Buffer.concat(stdout).toString("utf8"), errText), stderr: errText };
  }
}

/** The process an exec adapter starts for a request, as `papc repro` prints it: argv, stdin and the variables set over the environment. */
export function execInvocation(payload: CasePayload, adapter: Adapter, kitRoot: string): { argv: string[]; stdin?: string; environment: Record<string, string> } {
  const template = adapter.operations?.[payload.operation];
  if (!template) throw new Error(`adapter has no command for ${payload.operation}`);
  const argv = fillArgv(template.argv, placeholderValues(payload, adapter, kitRoot));
  return { argv, ...(template.stdin === "event" ? { stdin: JSON.stringify(payload.args.event ?? null) } : {}), environment: environmentOf(payload.args) };
}

/** `args.environment` when it is an object of strings: variables set over the implementation's. */
function environmentOf(args: Record<string, unknown>): Record<string, string> {
  const env = args.environment;
  if (typeof env !== "object" || env === null || Array.isArray(env)) return {};
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function placeholderValues(payload: CasePayload, adapter: Adapter, kitRoot: string): PlaceholderValues {
  const text = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));
  const values: PlaceholderValues = new Map<string, string | string[]>([
    ...Object.entries(adapterPlaceholders(adapter, kitRoot)),
    ["root", payload.root],
    ["source", payload.source],
    ["case_id", payload.id],
  ]);
  for (const [k, v] of Object.entries(payload.args)) {
    if (v === undefined || v === null) continue;
    values.set(`args.${k}`, text(v));
    if (Array.isArray(v)) values.set(`args.${k}[]`, v.map(text));
  }
  return values;
}

/**
 * Fills `{placeholders}`. A list element is a group, kept only when all its placeholders have
 * values. An element or group holding `{args.NAME[]}` is repeated once per entry of that array
 * (none for an empty or absent array).
 */
export function fillArgv(template: readonly ArgvElement[], values: PlaceholderValues): string[] {
  const out: string[] = [];
  for (const element of template) {
    const group = typeof element === "string" ? [element] : element;
    const filled = expand(group, values, typeof element === "string");
    if (filled) out.push(...filled);
  }
  return out;
}

/** One group filled, repeated per entry of its `[]` array if it has one; undefined: dropped. */
function expand(group: readonly string[], values: PlaceholderValues, required: boolean): string[] | undefined {
  const list = group.map((e) => LIST_PLACEHOLDER.exec(e)?.[1]).find((name) => name !== undefined);
  if (list === undefined) {
    const filled = group.map((e) => fill(e, values, required));
    return filled.every((e): e is string => e !== undefined) ? filled : undefined;
  }
  const entries = values.get(list);
  const out: string[] = [];
  for (const entry of Array.isArray(entries) ? entries : []) {
    const scoped: PlaceholderValues = new Map(values).set(list, entry);
    const filled = group.map((e) => fill(e, scoped, required));
    if (!filled.every((e): e is string => e !== undefined)) return undefined;
    out.push(...filled);
  }
  return out;
}

function fill(text: string, values: PlaceholderValues, required: boolean): string | undefined {
  let missing: string | undefined;
  const filled = text.replace(PLACEHOLDER, (_, name: string) => {
    const v = values.get(name);
    if (typeof v !== "string") missing ??= name;
    return typeof v === "string" ? v : "";
  });
  if (missing === undefined) return filled;
  if (required) throw new Error(`placeholder {${missing}} has no value for this case`);
  return undefined;
}

/** Exit code and stdout of a one-shot CLI, as the operation's normalized result (its definition's readExec, else stdout as JSON). */
export function mapExecResult(operation: OperationName, exit: number, stdout: string, stderr = ""): Exchange {
  const reading = operationNamed(operation)?.readExec?.(exit, stdout, stderr);
  return reading ?? jsonStdout(exit, stdout);
}
