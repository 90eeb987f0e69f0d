// The exec-mode client: one process per case for one-shot CLIs (e.g. `… --json plugin
// validate <source>`). The adapter's argv template is filled from the case, and the exit
// code and stdout are mapped onto the operation's normalized result.

import type { Adapter, ArgvElement } from "../types/adapter.js";
import type { CasePayload, HelloReply } from "../types/protocol.js";
import type { Operation } from "../types/case.js";
import { TailBuffer } from "./bounded-text.js";
import type { Exchange, ExchangeWithStderr, Implementation } from "./implementation.js";
import { killGroup, spawnGroup } from "./process-tree.js";

export interface ExecOptions {
  adapter: Adapter;
  kitRoot: string;
  /** Where each command runs: the adapter's folder. */
  cwd: string;
  maxStdoutBytes?: number;
}

const PLACEHOLDER = /\{([a-z_]+(?:\.[A-Za-z0-9_-]+)?)\}/g;

export class ExecClient implements Implementation {
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
    return this.execute(argv, payload.operation, timeoutMs);
  }

  drainStderr(): string {
    return ""; // each case's process has its own stderr, returned with its exchange
  }

  async close(): Promise<void> {}

  private async execute(argv: string[], operation: Operation, timeoutMs: number): Promise<ExchangeWithStderr> {
    const maxStdout = this.options.maxStdoutBytes ?? 8 * 1024 * 1024;
    const stderr = new TailBuffer(64 * 1024);
    const stdout: Buffer[] = [];
    let size = 0;
    let verdict: Exchange | undefined;
    const child = spawnGroup(argv, this.options.cwd);
    const ended = new Promise<{ code: number | null; signal: string | null; error?: Error }>((resolve) => {
      child.on("exit", (code, signal) => resolve({ code, signal }));
      child.on("error", (error: Error) => resolve({ code: null, signal: null, error }));
    });
    void child.catch(() => undefined);
    child.stdin.on("error", () => undefined);
    child.stdin.end();
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
    // Let buffered output drain, but not forever: a descendant that left the process group
    // may hold stdout open.
    await Promise.race([child.catch(() => undefined), new Promise((r) => setTimeout(r, 200))]);
    killGroup(child.pid); // leftovers in its group
    child.stdout.destroy();
    child.stderr.destroy();
    if (verdict) return { exchange: verdict, stderr: stderr.take() };
    if (result.error) return { exchange: { kind: "crash", message: `could not start: ${result.error.message}` }, stderr: stderr.take() };
    if (result.signal) return { exchange: { kind: "crash", message: `killed by ${result.signal}` }, stderr: stderr.take() };
    return { exchange: mapExecResult(operation, result.code ?? -1, Buffer.concat(stdout).toString("utf8")), stderr: stderr.take() };
  }
}

function placeholderValues(payload: CasePayload, adapter: Adapter, kitRoot: string): Map<string, string> {
  const values = new Map<string, string>([
    ["kit", kitRoot],
    ["adapter_dir", adapter.dir],
    ["root", payload.root],
    ["source", payload.source],
    ["case_id", payload.id],
  ]);
  for (const [k, v] of Object.entries(payload.args)) {
    if (v !== undefined && v !== null) values.set(`args.${k}`, typeof v === "string" ? v : JSON.stringify(v));
  }
  return values;
}

/** Fills `{placeholders}`; a list element is a group kept only when all its placeholders have values. */
export function fillArgv(template: readonly ArgvElement[], values: Map<string, string>): string[] {
  const out: string[] = [];
  for (const element of template) {
    if (typeof element === "string") {
      out.push(fill(element, values, true) as string);
      continue;
    }
    const filled = element.map((e) => fill(e, values, false));
    if (filled.every((e): e is string => e !== undefined)) out.push(...filled);
  }
  return out;
}

function fill(text: string, values: Map<string, string>, required: boolean): string | undefined {
  let missing: string | undefined;
  const filled = text.replace(PLACEHOLDER, (_, name: string) => {
    const v = values.get(name);
    if (v === undefined) missing ??= name;
    return v ?? "";
  });
  if (missing === undefined) return filled;
  if (required) throw new Error(`placeholder {${missing}} has no value for this case`);
  return undefined;
}

/** Exit code and stdout of a one-shot CLI, as the operation's normalized result. */
export function mapExecResult(operation: Operation, exit: number, stdout: string): Exchange {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return { kind: "protocol-error", message: `exit ${exit}, stdout is not one JSON document: ${JSON.stringify(stdout.slice(0, 200))}` };
  }
  if (operation === "validate") {
    const report = parsed as Record<string, unknown>;
    const result: Record<string, unknown> = { exit, report };
    if (report && typeof report === "object" && typeof report.structural === "string") result.structural = report.structural;
    return { kind: "result", result };
  }
  return { kind: "result", result: parsed as Record<string, unknown> };
}
