// `papc lint`: every finding about the suite, each with file:line and a fix.
// Lint runs in the tests, so a broken case, requirement or baseline cannot land.

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { EXCLUSIONS_FILE, type CaseSet } from "../cases/load-cases.js";
import { loadSuite, type SuitePaths } from "../cases/load-suite.js";
import { errorPath, lineOf } from "../common/yaml-locate.js";
import { ADAPTERS_DIR, listAdapters, readAdapter } from "../adapters/load-adapter.js";
import { unknownBaselineEntries } from "../adapters/baseline-file.js";
import { noTeethProblems } from "./no-teeth.js";
import { check, describeErrors } from "../schemas/registry.js";
import type { ParsedSpec } from "../spec/requirements.js";
import { loadSmokeCases } from "../smoke/smoke-cases.js";
import type { Exclusion, ExclusionsFile } from "../types/case.js";
import { problem, type LintProblem } from "../common/problems.js";

export interface LintResult {
  problems: LintProblem[];
  caseSet: CaseSet;
  spec: ParsedSpec;
  exclusions: Exclusion[];
  /** What this copy of the kit could not check, said beside the verdict (the npm package ships no tests). */
  notes: string[];
}

export async function lintSuite(paths: SuitePaths): Promise<LintResult> {
  const { caseSet, spec, problems } = await loadSuite(paths);

  const { exclusions, problems: exclusionProblems, testsAbsent } = await readExclusions(paths, spec);
  problems.push(...exclusionProblems);
  const notes = testsAbsent > 0 ? [`the tested_by files of ${testsAbsent} exclusions not checked: this copy of the kit has no test folders (as the npm package)`] : [];

  // Every requirement has a case or an exclusion, never both.
  const covered = new Set(caseSet.cases.flatMap((c) => c.spec));
  for (const b of caseSet.broken) for (const id of b.spec) covered.add(id);
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
  problems.push(
    ...(await todoMarkers(
      paths.kitRoot,
      [...caseSet.cases, ...caseSet.broken].map((c) => ("location" in c ? c.location.file : c.file)),
    )),
  );
  // The smoke cases are case files too; they cover no requirement and join no run.
  if (paths.smokeDir && existsSync(paths.smokeDir)) {
    problems.push(...(await loadSmokeCases({ kitRoot: paths.kitRoot, dir: paths.smokeDir, recordingsDir: paths.recordingsDir, spec })).problems);
  }
  problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return { problems, caseSet, spec, exclusions, notes };
}

/** The exclusions file checked; testsAbsent counts the tested_by files whose folder this copy does not have. */
async function readExclusions(paths: SuitePaths, spec: ParsedSpec): Promise<{ exclusions: Exclusion[]; problems: LintProblem[]; testsAbsent: number }> {
  const file = join(paths.casesDir, EXCLUSIONS_FILE);
  const rel = `cases/${EXCLUSIONS_FILE}`;
  if (!existsSync(file)) return { exclusions: [], problems: [], testsAbsent: 0 };
  const counter = new LineCounter();
  const doc = parseDocument(await readFile(file, "utf8"), { lineCounter: counter, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return { exclusions: [], problems: doc.errors.map((e) => problem("exclusion-schema", rel, e.linePos?.[0]?.line ?? 1, e.message.split("\n")[0] ?? "")), testsAbsent: 0 };
  }
  const data = doc.toJS() as unknown;
  const result = check("exclusions.schema.json", data);
  if (!result.ok) {
    return {
      exclusions: [],
      problems: result.errors.map((e) => problem("exclusion-schema", rel, lineOf(doc, counter, errorPath(e)), describeErrors([e]))),
      testsAbsent: 0,
    };
  }
  const problems: LintProblem[] = [];
  let testsAbsent = 0;
  const { exclusions } = data as ExclusionsFile;
  for (const [i, e] of exclusions.entries()) {
    const line = lineOf(doc, counter, ["exclusions", i]);
    if (!spec.requirements.has(e.id)) {
      problems.push(problem("exclusion-unknown-requirement", rel, line, `${e.id} is not defined in SPEC.md`));
    }
    if (e.tested_by !== undefined) {
      const test = join(paths.kitRoot, e.tested_by);
      // an installed kit has no test folders: that cannot be checked here, and is said, not failed
      if (!existsSync(dirname(test))) {
        testsAbsent++;
        continue;
      }
      const mentions = existsSync(test) && (await readFile(test, "utf8")).includes(e.id);
      if (!mentions) {
        problems.push(problem("exclusion-test-missing", rel, lineOf(doc, counter, ["exclusions", i, "tested_by"]), `${e.tested_by} does not exist or does not mention ${e.id}`));
      }
    }
  }
  return { exclusions, problems, testsAbsent };
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
