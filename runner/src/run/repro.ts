// `papc repro <case-id>`: one case's fixture written into a folder, and the exact requests papc
// would send for it (for an exec adapter, the command line it would start), so that an
// implementer can re-run the case by hand, in a debugger, without the kit around it. A
// multi-step case with edits is re-run in segments: papc's edits between them are printed for
// the reader to apply (the tree is as the case gives it before the first step).

import { operationNamed } from "../registry/operations.js";
import { mkdir, readdir, realpath, rm } from "node:fs/promises";
import { materialize } from "../fixtures/materialize.js";
import { execInvocation } from "../protocol/exec-client.js";
import { implementationEnvironment } from "../protocol/implementation-env.js";
import { shellQuote } from "../recordings/capture-hook.js";
import type { Adapter } from "../types/adapter.js";
import type { LoadedCase } from "../types/case.js";
import type { CasePayload, HelloRequest, RunRequest } from "../../shared/protocol.js";
import { casePayload, fixtureFiles } from "./case-setup.js";
import { persistentCommand } from "./run-suite.js";
import { stepOperations, stepPayload, stepRef } from "./run-steps.js";

export class ReproError extends Error {}

export interface Repro {
  id: string;
  title: string;
  file: string;
  line: number;
  /** The folder the fixture was written into (the case's `root`). */
  root: string;
  entries: number;
  /** What the case expects, as written (a multi-step case: each step's). */
  expect: unknown;
  /** The lines papc writes on a persistent implementation's stdin, in order; an edit step is a comment. */
  requests: string[];
  /** Shell lines that re-run the case by hand, in the adapter's folder; between segments, a comment with papc's edit. */
  command: string;
  /** A live case also needs the real harness: said here. */
  note?: string;
}

/** One process's worth of requests, or an edit papc makes between two of them. */
type Segment = { runs: CasePayload[] } | { edit: unknown };

export async function writeRepro(c: LoadedCase, out: string, adapter: Adapter, kit: { name: string; version: string; root: string }): Promise<Repro> {
  // an exec adapter declares its operations; one the case needs but the adapter lacks is said now
  const needed = c.operation === "steps" ? stepOperations(c) : [c.operation];
  const lacking = adapter.mode === "exec" ? needed.filter((op) => !adapter.operations?.[op]) : [];
  if (lacking.length > 0) throw new ReproError(`the adapter ${adapter.name} has no command for ${lacking.join(", ")}, which ${c.id} needs: the case is not-applicable to it`);
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0) throw new ReproError(`${out} is not empty: remove it or name another folder with --out`);
  const root = await realpath(out);
  try {
    const files = fixtureFiles(c, root);
    await materialize(root, files);
    const segments = segmentsOf(c, root);
    const hello: HelloRequest = { cmd: "hello", protocol: 1, kit: { name: kit.name, version: kit.version } };
    let seq = 0;
    const requests = [
      JSON.stringify(hello),
      ...segments.flatMap((s) =>
        "edit" in s ? [`# then papc edits the fixture: ${JSON.stringify(s.edit)}`] : s.runs.map((p) => JSON.stringify({ cmd: "run", seq: ++seq, case: p } satisfies RunRequest)),
      ),
      JSON.stringify({ cmd: "stop" }),
    ];
    const lines = segments.map((s) =>
      "edit" in s ? `# papc now edits the fixture (apply it by hand, then go on): ${JSON.stringify(s.edit)}` : segmentCommand(s.runs, adapter, kit.root, hello),
    );
    return {
      id: c.id,
      title: c.title,
      file: c.location.file,
      line: c.location.line,
      root,
      entries: Object.keys(files).length,
      expect: c.operation === "steps" ? (c.steps ?? []).map((s, i) => ({ step: stepRef(s, i), ...(s.edit ? { edit: s.edit } : { expect: s.expect ?? {} }) })) : c.expect,
      requests,
      command: lines.join("\n"),
      ...reproNote(needed),
    };
  } catch (err) {
    // nothing half-written is left for the next attempt to trip on
    await rm(root, { recursive: true, force: true });
    if (err instanceof ReproError) throw err;
    throw new ReproError(`cannot set up ${c.id}: ${(err as Error).message}`);
  }
}

/** What the operations a case needs ask a reader of its repro to know (a live case: the harness runs too). */
function reproNote(operations: readonly string[]): { note?: string } {
  const notes = operations.flatMap((op) => operationNamed(op)?.reproNote ?? []);
  return notes.length > 0 ? { note: notes.join(" ") } : {};
}

function segmentsOf(c: LoadedCase, root: string): Segment[] {
  if (c.operation !== "steps") return [{ runs: [casePayload(c, root)] }];
  const segments: Segment[] = [];
  for (const [i, step] of (c.steps ?? []).entries()) {
    if (step.edit) {
      segments.push({ edit: step.edit });
      continue;
    }
    const last = segments.at(-1);
    const payload = stepPayload(c, step, i, root);
    if (last && "runs" in last) last.runs.push(payload);
    else segments.push({ runs: [payload] });
  }
  return segments;
}

/**
 * The shell line for one segment: with the environment papc gives the implementation (only the
 * passed-through variables, KIT-IMPLEMENTATION-ENV, from the reader's shell), in the adapter's
 * folder. Persistent: the hello and run lines on stdin; the program answers each in order and
 * stops at the end of its input. Exec: one command per run, with the event on stdin for dispatch.
 */
function segmentCommand(runs: CasePayload[], adapter: Adapter, kitRoot: string, hello: HelloRequest): string {
  const names = Object.keys(implementationEnvironment(adapter.environment)).sort();
  const env = (extra: Record<string, string>): string =>
    `env -i ${names.map((n) => `${n}="$${n}"`).join(" ")}${Object.entries(extra)
      .map(([k, v]) => ` ${k}=${shellQuote(v)}`)
      .join("")}`;
  const dir = shellQuote(adapter.dir || process.cwd());
  if (adapter.mode === "exec") {
    return runs
      .map((p) => {
        const run = execInvocation(p, adapter, kitRoot);
        const stdin = run.stdin === undefined ? "" : `printf '%s' ${shellQuote(run.stdin)} | `;
        return `cd ${dir} && ${stdin}${env(run.environment)} ${run.argv.map(shellQuote).join(" ")}`;
      })
      .join("\n");
  }
  const lines = [hello, ...runs.map((p, i) => ({ cmd: "run", seq: i + 1, case: p }) as RunRequest)].map((l) => shellQuote(JSON.stringify(l)));
  return `cd ${dir} && printf '%s\\n' ${lines.join(" ")} | ${env({})} ${persistentCommand(adapter, kitRoot).map(shellQuote).join(" ")}`;
}

/** The repro as the terminal shows it. */
export function renderRepro(r: Repro, where: (file: string) => string = (f) => f): string {
  const lines = [
    `${r.id}: ${r.title}`,
    `case: ${where(r.file)}:${r.line}`,
    `fixture: ${r.root} (${r.entries} entr${r.entries === 1 ? "y" : "ies"})`,
    "",
    "expected:",
    ...JSON.stringify(r.expect, null, 2)
      .split("\n")
      .map((l) => `  ${l}`),
    "",
    "requests (what papc writes on a persistent implementation's stdin, one per line):",
    ...r.requests.map((l) => `  ${l}`),
    "",
    "re-run by hand:",
    ...r.command.split("\n").map((l) => `  ${l}`),
    ...(r.note ? ["", `note: ${r.note}`] : []),
    "",
  ];
  return lines.join("\n");
}
