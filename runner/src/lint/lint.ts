// `papc lint`: every finding about the suite, each with file:line and a fix.
// Lint runs in the tests, so a broken case, requirement or baseline cannot land.

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { EXCLUSIONS_FILE, loadCases, type CaseSet } from "../cases/load-cases.js";
import { errorPath, lineOf } from "../cases/yaml-locate.js";
import { ADAPTERS_DIR, listAdapters, readAdapter } from "../adapters/load-adapter.js";
import { unknownBaselineEntries } from "../adapters/baseline-file.js";
import { noTeethProblems } from "./no-teeth.js";
import { check, describeErrors } from "../schemas/registry.js";
import { loadSpec, type ParsedSpec } from "../spec/requirements.js";
import { loadSmokeCases, SMOKE_DIR } from "../smoke/smoke-cases.js";
import type { Exclusion, ExclusionsFile } from "../types/case.js";
import { problem, type LintProblem } from "./problems.js";
import { closeMatches } from "../spec/close-matches.js";

/** Where a suite lives; kitRoot is the suite root that findings' paths are relative to. */
export interface SuitePaths {
  kitRoot: string;
  casesDir: string;
  specFile: string;
  /** Where dispatch cases' `given.event` ids are looked up as <id>.json. */
  recordingsDir: string;
  /** `papc smoke`'s own cases (not the suite), linted like case files when the folder exists. */
  smokeDir?: string;
}

export function suitePaths(kitRoot: string): SuitePaths {
  return {
    kitRoot,
    casesDir: join(kitRoot, "cases"),
    specFile: join(kitRoot, "SPEC.md"),
    recordingsDir: join(kitRoot, "recordings"),
    smokeDir: join(kitRoot, SMOKE_DIR),
  };
}

export interface LintResult {
  problems: LintProblem[];
  caseSet: CaseSet;
  spec: ParsedSpec;
  exclusions: Exclusion[];
}

export async function lintSuite(paths: SuitePaths): Promise<LintResult> {
  const spec = await loadSpec(paths.specFile);
  const caseSet = await loadCases(paths.casesDir, paths.kitRoot, paths.recordingsDir);
  const problems: LintProblem[] = [...caseSet.problems];
  for (const p of spec.problems) problems.push(problem("spec-format", "SPEC.md", p.line, p.message));

  // Requirement IDs named by cases must exist; a case naming another is a suite bug in a run.
  const known: typeof caseSet.cases = [];
  for (const c of caseSet.cases) {
    const unknown = c.spec
      .filter((id) => !spec.requirements.has(id))
      .map((id) => {
        const close = closeMatches(id, [...spec.requirements.keys()]);
        const hint = close.length > 0 ? `; did you mean ${close.join(", ")}?` : "";
        return problem("unknown-requirement", c.location.file, c.location.line, `case "${c.id}" names unknown requirement ${id}${hint}`, c.id);
      });
    problems.push(...unknown);
    if (unknown.length === 0) known.push(c);
    else caseSet.broken.push({ id: c.id, file: c.location.file, line: c.location.line, area: c.area, spec: c.spec, problems: unknown });
  }
  caseSet.cases = known;

  const { exclusions, problems: exclusionProblems } = await readExclusions(paths, spec);
  problems.push(...exclusionProblems);

  // Every requirement has a case or an exclusion, never both.
  const covered = new Set(caseSet.cases.flatMap((c) => c.spec));
  for (const b of caseSet.broken) b.spec.forEach((id) => covered.add(id));
  const excluded = new Map(exclusions.map((e) => [e.id, e]));
  for (const req of spec.requirements.values()) {
    if (!covered.has(req.id) && !excluded.has(req.id)) {
      problems.push(problem("uncovered-requirement", "SPEC.md", req.line, `requirement ${req.id} has no case and no exclusion`));
    }
  }
  // a case the two constant validators both pass checks nothing (runner/test/teeth.test.ts, in seconds)
  problems.push(...noTeethProblems(caseSet.cases));
  problems.push(...(await lintAdapters(paths, new Set([...caseSet.cases.map((c) => c.id), ...caseSet.broken.map((b) => b.id)]))));
  for (const e of exclusions) {
    if (covered.has(e.id)) {
      problems.push(problem("exclusion-also-covered", `cases/${EXCLUSIONS_FILE}`, 1, `${e.id} is excluded but a case covers it`));
    }
  }
  problems.push(...(await todoMarkers(paths.kitRoot, [...caseSet.cases, ...caseSet.broken].map((c) => ("location" in c ? c.location.file : c.file)))));
  // The smoke cases are case files too; they cover no requirement and join no run.
  if (paths.smokeDir && existsSync(paths.smokeDir)) {
    problems.push(...(await loadSmokeCases({ kitRoot: paths.kitRoot, dir: paths.smokeDir, recordingsDir: paths.recordingsDir, spec })).problems);
  }
  problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return { problems, caseSet, spec, exclusions };
}

async function readExclusions(paths: SuitePaths, spec: ParsedSpec): Promise<{ exclusions: Exclusion[]; problems: LintProblem[] }> {
  const file = join(paths.casesDir, EXCLUSIONS_FILE);
  const rel = `cases/${EXCLUSIONS_FILE}`;
  if (!existsSync(file)) return { exclusions: [], problems: [] };
  const counter = new LineCounter();
  const doc = parseDocument(await readFile(file, "utf8"), { lineCounter: counter, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return { exclusions: [], problems: doc.errors.map((e) => problem("exclusion-schema", rel, e.linePos?.[0]?.line ?? 1, e.message.split("\n")[0] ?? "")) };
  }
  const data = doc.toJS() as unknown;
  const result = check("exclusions.schema.json", data);
  if (!result.ok) {
    return {
      exclusions: [],
      problems: result.errors.map((e) => problem("exclusion-schema", rel, lineOf(doc, counter, errorPath(e)), describeErrors([e]))),
    };
  }
  const problems: LintProblem[] = [];
  const { exclusions } = data as ExclusionsFile;
  for (const [i, e] of exclusions.entries()) {
    const line = lineOf(doc, counter, ["exclusions", i]);
    if (!spec.requirements.has(e.id)) {
      problems.push(problem("exclusion-unknown-requirement", rel, line, `${e.id} is not defined in SPEC.md`));
    }
    if (e.tested_by !== undefined) {
      const test = join(paths.kitRoot, e.tested_by);
      const mentions = existsSync(test) && (await readFile(test, "utf8")).includes(e.id);
      if (!mentions) {
        problems.push(problem("exclusion-test-missing", rel, lineOf(doc, counter, ["exclusions", i, "tested_by"]), `${e.tested_by} does not exist or does not mention ${e.id}`));
      }
    }
  }
  return { exclusions, problems };
}

async function lintAdapters(paths: SuitePaths, caseIds: Set<string>): Promise<LintProblem[]> {
  const problems: LintProblem[] = [];
  for (const name of await listAdapters(paths.kitRoot)) {
    const file = join(paths.kitRoot, ADAPTERS_DIR, name, "adapter.yaml");
    problems.push(...(await lintAdapterFile(file, `${ADAPTERS_DIR}/${name}/adapter.yaml`, paths.kitRoot, caseIds)));
  }
  return problems;
}

/** One adapter file (the kit's own, or an implementer's: `papc lint --adapter DIR`): its schema, then baseline entries naming no case. */
export async function lintAdapterFile(file: string, shownAs: string, kitRoot: string, caseIds: ReadonlySet<string>): Promise<LintProblem[]> {
  const loaded = await readAdapter(file, kitRoot);
  const shown = loaded.problems.map((p) => ({ ...p, file: shownAs }));
  if (!loaded.adapter) return shown;
  return [...shown, ...(await unknownBaselineEntries(file, shownAs, caseIds))];
}

/** `# TODO` markers left in case files (papc new case writes one on each line to fill). */
async function todoMarkers(kitRoot: string, files: readonly string[]): Promise<LintProblem[]> {
  const found: LintProblem[] = [];
  for (const file of [...new Set(files)].sort()) {
    const lines = (await readFile(join(kitRoot, file), "utf8")).split("\n");
    lines.forEach((text, i) => {
      const m = /#\s*TODO\b:?\s*(.*)$/.exec(text);
      if (m) found.push(problem("todo-left", file, i + 1, `a # TODO marker is left${m[1] ? `: ${m[1]}` : ""}`));
    });
  }
  return found;
}
