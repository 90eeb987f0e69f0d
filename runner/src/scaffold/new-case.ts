// `papc new case <area>/<name> [--requirement ID]… [--operation op] [--case slug] [--json]`:
// writes cases/<area>/<name>.yaml, a case file in the suite's own shape, and lints it.
//
// The shape is the one nearly every file of the suite has (SPEC.md 1.1): a table file whose
// top-level keys are defaults (`title`, `operation`) and whose `cases:` holds the cases, each with
// an id `<area>/<name>/<case>` (the file's folder, its stem, the case's own name). The scaffold
// holds one case with every field its operation needs. What the author must decide is a
// placeholder that fails `papc lint` until it is filled (`TODO` where a number, boolean, list or
// id is due, `""` where text is due), each on a line marked `# TODO`; what merely needs adapting
// (a starting fixture, a recording) is valid already and marked `# TODO` too. So an unfinished
// scaffold cannot land: lint fails on it.

import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { parse as parseYaml } from "yaml";
import { loadCaseFile, type CaseSet } from "../cases/load-cases.js";
import { RecordingStore } from "../dispatch/recording-store.js";
import { problem, type LintProblem } from "../common/problems.js";
import { renderProblems } from "../common/render-problems.js";
import { CASE_ID_PATTERN } from "../schemas/case-schema.js";
import { loadSpec, type Requirement } from "../spec/requirements.js";
import { closeMatches } from "../spec/close-matches.js";
import { operationNamed, registeredOperations } from "../registry/operations.js";
import type { LifecycleOperation, Operation as AnyOperation } from "../types/case.js";

/** What a scaffold can be: a single-operation case, or a multi-step case ("steps", SPEC 1.11). */
type Operation = Exclude<AnyOperation, LifecycleOperation> | "steps";

/** The operations a new case can use: every registered one a case may name, and "steps". */
export function scaffoldOperations(): Operation[] {
  return [...registeredOperations().flatMap((d) => (d.usedIn.case ? [d.name as Operation] : [])), "steps"];
}

export interface NewCaseOptions {
  /** The kit root: cases/, SPEC.md and recordings/ below it. */
  root: string;
  /** `<area>/<name>`: the file cases/<area>/<name>.yaml, whose cases are `<area>/<name>/<case>`. */
  path: string;
  /** Requirement IDs the case checks; each must be defined in SPEC.md. */
  requirement?: string | string[];
  /** The operation; default: the one the case files beside it use, else validate. */
  operation?: string;
  /** The first case's own name (the id's last segment); default: a placeholder lint rejects. */
  case?: string;
  json?: boolean;
}

export interface Io {
  out(t: string): void;
  err(t: string): void;
}

export interface ScaffoldResult {
  /** Relative to the kit root. */
  file: string;
  id: string;
  operation: Operation;
  /** Where the operation came from, in words. */
  operation_from: string;
  requirements: string[];
  /** Every line marked `# TODO`, with what to put there. */
  todo: { line: number; text: string }[];
  /** Lint findings of the new file as written (its placeholders, until they are filled). */
  lint: LintProblem[];
  notes: string[];
  next: string;
}

/** A usage error: nothing was written. */
export class ScaffoldUsageError extends Error {}

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function newCaseCommand(o: NewCaseOptions, io: Io): Promise<number> {
  let r: ScaffoldResult;
  try {
    r = await scaffoldCase(o);
  } catch (err) {
    if (err instanceof ScaffoldUsageError) {
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  if (o.json) {
    io.out(`${JSON.stringify(r, null, 2)}\n`);
    return 0;
  }
  const lines = [`wrote ${r.file} (operation ${r.operation}: ${r.operation_from})`];
  for (const n of r.notes) lines.push(`note: ${n}`);
  lines.push("", `left to do: fill each line marked # TODO, then delete the marker:`);
  for (const t of r.todo) lines.push(`  ${r.file}:${t.line}  ${t.text}`);
  if (r.lint.length > 0) {
    lines.push("", `lint of the new file: ${r.lint.length} finding(s), which go away as the placeholders are filled:`);
    lines.push(
      ...renderProblems(r.lint)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  } else {
    lines.push("", "lint of the new file: clean");
  }
  lines.push("", `then: ${r.next}`);
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

/** Writes the scaffold (never over an existing file) and lints it; ScaffoldUsageError when it cannot. */
export async function scaffoldCase(o: NewCaseOptions): Promise<ScaffoldResult> {
  const path = o.path
    .replace(/\.ya?ml$/, "")
    .replace(/^cases\//, "")
    .replace(/\/+$/, "");
  const segments = path.split("/");
  if (segments.length < 2 || !segments.every((s) => SEGMENT.test(s))) {
    throw new ScaffoldUsageError(
      `"${o.path}" is not <area>/<name>: case ids are lowercase words and digits joined by "-", in at least two "/" segments (e.g. manifest/semantic/skill-names), SPEC.md KIT-CASE-ID-UNIQUE`,
    );
  }
  const caseName = o.case ?? "TODO";
  if (o.case !== undefined && !SEGMENT.test(o.case)) throw new ScaffoldUsageError(`--case "${o.case}" is not one id segment (lowercase words and digits joined by "-")`);
  const id = `${path}/${caseName}`;
  if (o.case !== undefined && (!new RegExp(CASE_ID_PATTERN).test(id) || id.length > 200))
    throw new ScaffoldUsageError(`the case id "${id}" breaks the id rules (pattern ${CASE_ID_PATTERN}, at most 200 characters)`);
  if (id.length > 200) throw new ScaffoldUsageError(`"${path}" is too long: a case id has at most 200 characters`);

  const casesDir = join(o.root, "cases");
  if (!existsSync(casesDir)) throw new ScaffoldUsageError(`${casesDir} does not exist: --root must be the kit root`);
  const area = segments.slice(0, -1).join("/");
  const name = segments.at(-1)!;
  const file = join(casesDir, ...segments.slice(0, -1), `${name}.yaml`);
  const rel = relative(o.root, file).split(sep).join("/");
  for (const other of [file, join(casesDir, ...segments.slice(0, -1), `${name}.yml`)]) {
    if (existsSync(other))
      throw new ScaffoldUsageError(`${relative(o.root, other)} exists already; papc new case never overwrites (add the case to that file, or pick another name)`);
  }

  const spec = await loadSpec(join(o.root, "SPEC.md"));
  const asked = o.requirement === undefined ? [] : Array.isArray(o.requirement) ? o.requirement : [o.requirement];
  const requirements = [...new Set(asked.map((r) => r.trim()))];
  for (const r of requirements) {
    if (spec.requirements.has(r)) continue;
    const close = closeMatches(r, [...spec.requirements.keys()]);
    throw new ScaffoldUsageError(
      `requirement ${r} is not defined in SPEC.md; ${close.length > 0 ? `did you mean ${close.join(", ")}?` : `none is close; list them with: papc coverage --prefix ${r.split("-")[0] ?? ""}-`}`,
    );
  }

  let operation: Operation;
  let operationFrom: string;
  if (o.operation !== undefined) {
    const operations = scaffoldOperations();
    if (!operations.includes(o.operation as Operation)) throw new ScaffoldUsageError(`--operation must be one of ${operations.join(", ")}, not "${o.operation}"`);
    operation = o.operation as Operation;
    operationFrom = "given with --operation";
  } else {
    ({ operation, from: operationFrom } = await inferOperation(casesDir, segments.slice(0, -1)));
  }

  const sections = await sectionsOf(
    join(o.root, "SPEC.md"),
    requirements.map((r) => spec.requirements.get(r)!),
  );
  const text = renderScaffold({ id, area, name, operation, requirements: requirements.map((r) => spec.requirements.get(r)!), sections, caseNamed: o.case !== undefined });

  const notes: string[] = [];
  const sibling = join(casesDir, ...segments.slice(0, -2), `${segments.at(-2)}.yaml`);
  if (segments.length > 2 && existsSync(sibling) && !existsSync(join(casesDir, ...segments.slice(0, -1)))) {
    notes.push(`${relative(o.root, sibling)} already holds the cases of ${area}; to add a case to them, add it to that file instead (and delete ${rel})`);
  }
  await mkdir(dirname(file), { recursive: true });
  try {
    await writeFile(file, text, { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new ScaffoldUsageError(`${rel} exists already; papc new case never overwrites`);
    throw err;
  }
  const lint = lintCaseFile(text, rel, segments.slice(0, -1).join("/"), o.root, new Set(spec.requirements.keys()));
  return {
    file: rel,
    id,
    operation,
    operation_from: operationFrom,
    requirements,
    todo: todoLines(text),
    lint,
    notes,
    next: `papc lint && papc run --adapter reference --case '${path}/**'`,
  };
}

/** The findings `papc lint` has for this one file (schema, operation keys, recordings, folder, requirements). */
export function lintCaseFile(text: string, rel: string, folder: string, root: string, known: ReadonlySet<string>): LintProblem[] {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, rel, folder, set, new RecordingStore(join(root, "recordings")));
  const problems = [...set.problems];
  for (const c of set.cases) {
    for (const r of c.spec.filter((s) => !known.has(s))) problems.push(problem("unknown-requirement", rel, c.location.line, `case "${c.id}" names unknown requirement ${r}`, c.id));
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** The operation the case files beside the new one use (then those below the nearest ancestor that has any). */
async function inferOperation(casesDir: string, folder: string[]): Promise<{ operation: Operation; from: string }> {
  for (let depth = folder.length; depth >= 1; depth--) {
    const dir = join(casesDir, ...folder.slice(0, depth));
    if (!existsSync(dir)) continue;
    const counts = new Map<Operation, number>();
    const files = await caseFilesIn(dir, depth < folder.length);
    for (const f of files) {
      for (const op of await operationsIn(f)) counts.set(op, (counts.get(op) ?? 0) + 1);
    }
    if (counts.size === 0) continue;
    const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    const where = `cases/${folder.slice(0, depth).join("/")}`;
    const mixed =
      counts.size > 1
        ? ` (also ${[...counts.entries()]
            .filter(([op]) => op !== top![0])
            .map(([op, n]) => `${op} ×${n}`)
            .join(", ")}; use --operation to choose)`
        : "";
    return { operation: top![0], from: `the operation of ${top![1]} case(s) in ${depth < folder.length ? "and below " : ""}${where}${mixed}` };
  }
  return { operation: "validate", from: "the default: no case file beside it names an operation" };
}

async function caseFilesIn(dir: string, recursive: boolean): Promise<string[]> {
  const entries = await readdir(dir, { recursive, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /\.ya?ml$/.test(e.name) && e.name !== "EXCLUSIONS.yaml").map((e) => join(e.parentPath, e.name));
}

/** The operation of each case in a case file (a table's default for entries that name none). */
async function operationsIn(file: string): Promise<Operation[]> {
  let data: unknown;
  try {
    data = parseYaml(await readFile(file, "utf8"), { merge: true });
  } catch {
    return [];
  }
  if (typeof data !== "object" || data === null) return [];
  const d = data as { operation?: unknown; cases?: unknown };
  const operations = scaffoldOperations();
  const isOp = (v: unknown): v is Operation => typeof v === "string" && operations.includes(v as Operation);
  // a case with steps (its own or the table's) is a multi-step case
  const opOf = (c: { operation?: unknown; steps?: unknown } | null | undefined): unknown => (c?.steps !== undefined ? "steps" : c?.operation);
  const top = opOf(d as { operation?: unknown; steps?: unknown });
  if (!Array.isArray(d.cases)) return isOp(top) ? [top] : [];
  return d.cases.map((c) => opOf(c as { operation?: unknown; steps?: unknown } | null) ?? top).filter(isOp);
}

/** Each requirement's SPEC.md section number (the nearest numbered heading above it). */
async function sectionsOf(specFile: string, reqs: readonly Requirement[]): Promise<Map<string, string>> {
  const lines = (await readFile(specFile, "utf8")).split("\n");
  const out = new Map<string, string>();
  for (const r of reqs) {
    for (let i = r.line - 1; i >= 0; i--) {
      const m = /^#{2,4} (\d+(?:\.\d+)*)\.? /.exec(lines[i] ?? "");
      if (m) {
        out.set(r.id, m[1]!);
        break;
      }
    }
  }
  return out;
}

/** Every `# TODO` line: the line number and what to do there. */
function todoLines(text: string): { line: number; text: string }[] {
  return text.split("\n").flatMap((l, i) => {
    const at = l.indexOf("# TODO");
    if (at < 0) return [];
    const before = l.slice(0, at).trim().replace(/^#\s*/, "");
    const what = l
      .slice(at + "# TODO".length)
      .replace(/^:\s*/, "")
      .trim();
    return [{ line: i + 1, text: before ? `${before}  ← ${what}` : what }];
  });
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

interface ScaffoldInput {
  id: string;
  area: string;
  name: string;
  operation: Operation;
  requirements: Requirement[];
  sections: Map<string, string>;
  caseNamed: boolean;
}

/** The file's text: header comment, table defaults, one case whose body depends on the operation. */
export function renderScaffold(s: ScaffoldInput): string {
  const header: string[] = ["# TODO: what the cases of this file show, in a sentence or two (the rule, the inputs, the verdict)."];
  if (s.requirements.length > 0) {
    header.push(`# Requirements: ${s.requirements.map((r) => `SPEC.md ${s.sections.get(r.id) ?? "?"} ${r.id}`).join(", ")}.`);
    for (const r of s.requirements) header.push(...wrap(`${r.id} ${r.level}: ${r.text}`, 94).map((l, i) => `#${i === 0 ? "   " : "     "}${l}`));
  }
  header.push(
    "# Table file: the top-level keys are defaults for every case below; given.files, given.args and",
    "# given.environment are merged key by key (a case's entry wins), every other key is replaced.",
  );
  const spec =
    s.requirements.length > 0
      ? `[${s.requirements.map((r) => r.id).join(", ")}]`
      : `[TODO]  # TODO: the SPEC.md requirement IDs this case checks, e.g. [${template(s.operation).exampleRequirement}]`;
  const idLine = s.caseNamed ? `  - id: ${s.id}` : `  - id: ${s.id}  # TODO: the case's own name instead of TODO: lowercase words joined by -`;
  const lines = [
    ...header,
    ...(s.operation === "steps" ? [] : [`operation: ${s.operation}`]),
    "cases:",
    "",
    idLine,
    `    title: ""  # TODO: one sentence: the input, and what the implementation must answer`,
    `    spec: ${spec}`,
    ...template(s.operation).body,
  ];
  return `${lines.join("\n")}\n`;
}

const STEPS_BODY: readonly string[] = [
  "    given:",
  "      event: claude-code/2.1.233/PreToolUse/bash-echo  # TODO: the event dispatch steps send (it also gives the hooks' subject and phase); drop it, hooks and the dispatch steps for a package without hooks, and give provider instead",
  "      hooks:  # TODO: the package's hooks, each generated with a node tool (plugins/demo/tools/<id>.mjs) that records its runs",
  "        - { id: gate, effect: allow_deny, handler: { stdout: { kind: abstain } } }",
  "      # optional: files (over the generated package), members (its plugin.members), provider, plugin, environment, source",
  "    steps:  # TODO: the sequence (SPEC.md 1.11): operations (validate, dispatch, live, review, approve, revoke, activate, remove) with their expect, and edits papc makes",
  "      - operation: approve",
  "        expect: { exit: 0, approved: [tool:gate, hook:gate] }",
  "      - operation: dispatch",
  "        expect: { handlers: { gate: { runs: 1 } } }",
  "      - name: edit the tool file  # a name the report uses for the step",
  '        edit: { append: { plugins/demo/tools/gate.mjs: "// a later version\\n" } }',
  "      - operation: dispatch",
  "        expect: { handlers: { gate: { ran: false } } }  # TODO: what this step must show; expect.files checks files on disk after any step",
];

/** The body of the first case, and a requirement ID to show as an example. */
function template(op: Operation): { exampleRequirement: string; body: readonly string[] } {
  if (op === "steps") return { exampleRequirement: "PAP-LIFE-TRUST-RECHECK", body: STEPS_BODY };
  const scaffold = operationNamed(op)?.scaffold;
  if (!scaffold) throw new ScaffoldUsageError(`operation ${op} has no case template`);
  return scaffold;
}
