// `papc smoke [--adapter X | --command "…"] [--timeout ms] [--json]`: is the adapter broken, or
// does the implementation not conform? Stages and verdicts: smoke.ts. Exit 0 adapter OK, 1 broken
// or not conforming on basic cases, 2 usage error (or papc's own smoke cases are broken).

import { join } from "node:path";
import { AdapterError, commandAdapter, resolveAdapter } from "../adapters/load-adapter.js";
import { kitInfo } from "../../shared/kit-root.js";
import { renderProblems } from "../common/render-problems.js";
import { loadSpec } from "../spec/requirements.js";
import type { Adapter } from "../types/adapter.js";
import { loadSmokeCases } from "./smoke-cases.js";
import { loadCases } from "../cases/load-cases.js";
import { validateFieldUse } from "./field-use.js";
import { runSmoke, SmokeSetupError, type SmokeResult, type SmokeStage } from "./smoke.js";

export interface SmokeCommandOptions {
  /** The kit root (runner/smoke/, recordings/, SPEC.md and adapters-under-test/ below it). */
  root: string;
  /** An adapter under adapters-under-test/, or a folder or adapter.yaml path. Default: reference. */
  adapter?: string;
  /** An ad-hoc persistent implementation, as `papc run --command`. Excludes `adapter`. */
  command?: string;
  /** Per-case (and hello) timeout in milliseconds; default 10 000. */
  timeoutMs?: number;
  /** Print one JSON document (SmokeResult) instead of text. */
  json?: boolean;
}

export interface Io {
  out(t: string): void;
  err(t: string): void;
}

const STAGE_LETTERS: Record<SmokeStage["stage"], string> = { start: "a. start", hello: "b. hello", replies: "c. replies", basic: "d. basic", control: "e. control" };

export async function smokeCommand(o: SmokeCommandOptions, io: Io): Promise<number> {
  if (o.adapter !== undefined && o.command !== undefined) {
    io.err("papc: smoke takes --adapter or --command, not both\n");
    return 2;
  }
  let adapter: Adapter;
  try {
    adapter = o.command !== undefined ? commandAdapter(o.command) : await resolveAdapter(o.adapter ?? "reference", o.root);
  } catch (err) {
    if (err instanceof AdapterError) {
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const runCommand = o.command !== undefined ? `papc run --command ${shellQuote(o.command)}` : `papc run --adapter ${shellQuote(o.adapter ?? "reference")}`;
  let result: SmokeResult;
  try {
    const spec = await loadSpec(join(o.root, "SPEC.md"));
    const { cases, problems } = await loadSmokeCases({ kitRoot: o.root, spec });
    if (problems.length > 0) throw new SmokeSetupError(`papc's own smoke cases do not lint:\n${renderProblems(problems)}`);
    const suite = await loadCases(join(o.root, "cases"), o.root);
    result = await runSmoke({
      kitRoot: o.root,
      kit: kitInfo(),
      adapter,
      cases,
      runCommand,
      fieldUse: validateFieldUse(suite.cases),
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
    });
  } catch (err) {
    if (err instanceof SmokeSetupError) {
      io.err(`papc: smoke cannot judge this adapter: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  io.out(o.json ? `${JSON.stringify(result, null, 2)}\n` : renderSmoke(result));
  return result.exit_code;
}

/** The text view: what was started, one line per stage with its evidence, then the verdict. */
export function renderSmoke(r: SmokeResult): string {
  const lines: string[] = [];
  const how = r.adapter.mode === "exec" ? "exec" : `persistent: ${r.adapter.command.join(" ")}`;
  lines.push(`papc smoke: adapter ${r.adapter.name} (${how})`);
  for (const s of r.stages) {
    const mark = s.status === "ok" ? "ok  " : s.status === "failed" ? "FAIL" : "--  ";
    lines.push(`  [${mark}] ${STAGE_LETTERS[s.stage].padEnd(10)}  ${s.summary}`);
    for (const d of s.details) lines.push(`         ${d}`);
  }
  const ops = Object.entries(r.operations);
  const unsent = ops.filter(([, v]) => v.status === "not-announced").map(([op]) => op);
  if (unsent.length > 0) lines.push(`  note: not announced in hello, so not sent: ${unsent.join(", ")}`);
  for (const [op, v] of ops) {
    if (v.note && (v.status === "not-checked" || v.status === "conforms")) lines.push(`  note: ${op}: ${v.note}`);
  }
  for (const m of r.missing_fields) {
    lines.push(
      `  warning: the ${m.operation} replies lack ${m.field}, which ${m.cases} ${m.operation} cases check: they cannot be judged on it (skipped where the rest agrees; the validation report: SPEC.md §4.2, runner/schemas/validation-report.schema.json; IMPLEMENTERS.md §3)`,
    );
  }
  lines.push(verdictLine(r));
  if (r.verdict !== "ok") lines.push(`next: ${r.next}`);
  return `${lines.join("\n")}\n`;
}

/** `smoke: adapter OK — now run: …`, `smoke: adapter broken — …` or `smoke: adapter works, implementation does not conform on basic cases — …`. */
export function verdictLine(r: SmokeResult): string {
  if (r.verdict === "ok") return `smoke: adapter OK${r.reason ? ` (${r.reason})` : ""} — now run: ${r.next}`;
  if (r.verdict === "broken") return `smoke: adapter broken — ${r.reason}`;
  return `smoke: adapter works, implementation does not conform on basic cases — ${r.reason}`;
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
