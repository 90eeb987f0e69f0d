// The suite as a run sees it: every case file loaded and SPEC.md read, with each case that names a
// requirement SPEC.md does not define moved to the broken cases (it becomes a suite-bug record).
// `papc lint` starts from the same load and checks the rest (exclusions, adapters, smoke cases).

import { join } from "node:path";
import { problem, type LintProblem } from "../common/problems.js";
import { closeMatches } from "../spec/close-matches.js";
import { loadSpec, type ParsedSpec } from "../spec/requirements.js";
import { loadCases, type CaseSet, type LoadOptions } from "./load-cases.js";

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

/** `papc smoke`'s own case files, below the kit root. */
export const SMOKE_DIR = "runner/smoke";

export function suitePaths(kitRoot: string): SuitePaths {
  return {
    kitRoot,
    casesDir: join(kitRoot, "cases"),
    specFile: join(kitRoot, "SPEC.md"),
    recordingsDir: join(kitRoot, "recordings"),
    smokeDir: join(kitRoot, SMOKE_DIR),
  };
}

export interface LoadedSuite {
  caseSet: CaseSet;
  spec: ParsedSpec;
  /** The case files' own problems, SPEC.md's format problems and the unknown requirement ids. */
  problems: LintProblem[];
}

/** `options`: a run's (only the files it needs, through the cache); `papc lint` gives none. */
export async function loadSuite(paths: SuitePaths, options: LoadOptions = {}): Promise<LoadedSuite> {
  const spec = await loadSpec(paths.specFile);
  const caseSet = await loadCases(paths.casesDir, paths.kitRoot, paths.recordingsDir, options);
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
  return { caseSet, spec, problems };
}
