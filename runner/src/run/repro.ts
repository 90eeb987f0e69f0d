// `papc repro <case-id>`: one case's fixture written into a folder, and the exact requests papc
// would send for it (for an exec adapter, the command line it would start), so that an
// implementer can re-run the case by hand, in a debugger, without the kit around it.

import { mkdir, readdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { materialize } from "../fixtures/materialize.js";
import { execInvocation } from "../protocol/exec-client.js";
import type { Adapter } from "../types/adapter.js";
import type { LoadedCase } from "../types/case.js";
import type { CasePayload, HelloRequest, RunRequest } from "../types/protocol.js";
import { caseArgs, fixtureFiles } from "./case-setup.js";
import { stepArgs } from "./step-args.js";
import { persistentCommand } from "./run-suite.js";
import { stepRef } from "./run-steps.js";

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
  /** A shell command line that re-runs the case by hand, in the adapter's folder. */
  command: string;
  /** A live case also needs the real harness: said here. */
  note?: string;
}

export async function writeRepro(c: LoadedCase, out: string, adapter: Adapter, kit: { name: string; version: string; root: string }): Promise<Repro> {
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0) throw new ReproError(`${out} is not empty: remove it or name another folder with --out`);
  const root = await realpath(out);
  const files = fixtureFiles(c, root);
  await materialize(root, files);
  const payloads = payloadsOf(c, root);
  const hello: HelloRequest = { cmd: "hello", protocol: 1, kit: { name: kit.name, version: kit.version } };
  let seq = 0;
  const requests = [JSON.stringify(hello), ...payloads.map((p) => ("edit" in p ? `# then papc edits the fixture: ${JSON.stringify(p.edit)}` : JSON.stringify({ cmd: "run", seq: ++seq, case: p } satisfies RunRequest))), JSON.stringify({ cmd: "stop" })];
  const runnable = payloads.filter((p): p is CasePayload => !("edit" in p));
  const command = adapter.mode === "exec" ? execCommand(runnable, adapter, kit.root) : `cd ${quote(adapter.dir)} && printf '%s\\n' ${requests.filter((r) => !r.startsWith("#")).map(quote).join(" ")} | ${persistentCommand(adapter, kit.root).map(quote).join(" ")}`;
  return {
    id: c.id,
    title: c.title,
    file: c.location.file,
    line: c.location.line,
    root,
    entries: Object.keys(files).length,
    expect: c.operation === "steps" ? (c.steps ?? []).map((s, i) => ({ step: stepRef(s, i), ...(s.edit ? { edit: s.edit } : { expect: s.expect ?? {} }) })) : c.expect,
    requests,
    command,
    ...(c.live || c.steps?.some((s) => s.operation === "live") ? { note: "a live case runs the real harness too: papc starts it with the projection (`npx papc harness install` installs the pinned binaries)" } : {}),
  };
}

type Planned = CasePayload | { edit: unknown };

function payloadsOf(c: LoadedCase, root: string): Planned[] {
  if (c.operation !== "steps") {
    const source = join(root, c.given?.source ?? ".");
    return [{ id: c.id, operation: c.operation, root, source, args: caseArgs(c, source) }];
  }
  return (c.steps ?? []).map((step, i): Planned => {
    if (step.edit) return { edit: step.edit };
    const operation = step.operation as CasePayload["operation"];
    return { id: c.id, operation, root, source: join(root, step.source ?? c.given?.source ?? "."), args: stepArgs(c, step, root), step: stepRef(step, i).number };
  });
}

function execCommand(payloads: CasePayload[], adapter: Adapter, kitRoot: string): string {
  return payloads
    .map((p) => {
      const run = execInvocation(p, adapter, kitRoot);
      const env = Object.entries(run.environment).map(([k, v]) => `${k}=${quote(v)} `).join("");
      const stdin = run.stdin === undefined ? "" : `printf '%s' ${quote(run.stdin)} | `;
      return `cd ${quote(adapter.dir)} && ${stdin}${env}${run.argv.map(quote).join(" ")}`;
    })
    .join("\n");
}

/** A word for a POSIX shell: bare when it is plainly safe, else single-quoted. */
export function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The repro as the terminal shows it. */
export function renderRepro(r: Repro, where: (file: string) => string = (f) => f): string {
  const lines = [
    `${r.id}: ${r.title}`,
    `case: ${where(r.file)}:${r.line}`,
    `fixture: ${r.root} (${r.entries} entr${r.entries === 1 ? "y" : "ies"})`,
    "",
    "expected:",
    ...JSON.stringify(r.expect, null, 2).split("\n").map((l) => `  ${l}`),
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
