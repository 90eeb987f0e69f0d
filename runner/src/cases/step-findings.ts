// Checks a multi-step case's steps on load (SPEC 1.11, KIT-STEPS-LINT). Each finding names the
// step, by number and name, and points at the line of the step or key it is about.

import type { CaseSpec, CaseStep, StepOperation } from "../types/case.js";
import { operationNamed, registeredOperations } from "../registry/operations.js";
import { escapeFindings } from "./escape-findings.js";
import { fixtureBoundProblems } from "../fixtures/fixture-bounds.js";
import { fixturePathProblems } from "../fixtures/fixture-paths.js";
import { operationKeyFindings } from "./operation-keys.js";
import type { YamlPath } from "../common/yaml-locate.js";
import type { LintCode } from "../common/problems.js";

/** The operations a step may run: those whose definition admits steps. */
const stepOperations = (): string[] =>
  registeredOperations()
    .filter((d) => d.usedIn.step)
    .map((d) => d.name);

export interface StepFinding {
  code: LintCode;
  path: YamlPath;
  key?: boolean;
  message: string;
}

/** How a finding names a step: `step 3 ("edit the tool")`, or `step 3 (dispatch)`. */
export function stepName(step: CaseStep, index: number): string {
  return step.name !== undefined ? `step ${index + 1} ("${step.name}")` : `step ${index + 1} (${step.operation ?? (step.edit ? "edit" : "?")})`;
}

export function stepFindings(c: CaseSpec): StepFinding[] {
  const findings: StepFinding[] = [];
  if (c.steps === undefined) return findings;
  const given = c.given ?? {};
  c.steps.forEach((step, index) => {
    const at = (...rest: YamlPath): YamlPath => ["steps", index, ...rest];
    const name = stepName(step, index);
    const add = (code: LintCode, path: YamlPath, message: string, key = false): void => {
      findings.push(key ? { code, path, key, message: `${name}: ${message}` } : { code, path, message: `${name}: ${message}` });
    };
    if (step.edit !== undefined) {
      if (step.operation !== undefined) add("step-shape", at("edit"), "a step is either one operation or one edit, not both", true);
      for (const k of ["args", "expect"] as const) if (step[k] !== undefined) add("step-shape", at(k), `an edit step has no ${k}: papc applies it itself`, true);
      const edit = step.edit;
      const paths = [...Object.keys(edit.append ?? {}), ...Object.keys(edit.replace ?? {}), ...(edit.remove ?? [])];
      const escapes = [...fixturePathProblems(edit.files ?? {}, { rawNames: true }), ...fixturePathProblems(Object.fromEntries(paths.map((x) => [x, ""])))];
      for (const p of escapes) add("fixture-path-escapes", at("edit"), `edit path "${p.path}" ${p.reason}`);
      for (const p of fixtureBoundProblems(edit.files ?? {})) add("fixture-bounds", at("edit", "files", p.path), `edit path "${p.path}" ${p.reason}`, true);
      return;
    }
    if (step.operation === undefined) {
      add("step-shape", at(), "a step needs `operation` (with its `expect`) or `edit`");
      return;
    }
    const definition = operationNamed(step.operation);
    if (!definition?.usedIn.step) {
      add("unknown-step-operation", at("operation"), `unknown operation "${step.operation}" (a step runs ${stepOperations().join(", ")}, or is an edit)`);
      return;
    }
    if (step.expect === undefined)
      add("step-shape", at(), `${/^[aeiou]/.test(step.operation) ? "an" : "a"} ${step.operation} step states what it expects (\`expect\`), or it checks nothing`);
    for (const f of operationKeyFindings({ operation: step.operation as StepOperation, expect: step.expect ?? {} }, true)) {
      findings.push({ code: "operation-mismatch", path: at(...f.path), key: true, message: `${name}: ${f.message}` });
    }
    for (const f of definition.stepCheck?.(step, given) ?? []) add(f.code, at(...f.path), f.message);
    const files = Object.keys(step.expect?.files ?? {}).concat(step.expect?.removed ?? [], step.source !== undefined && step.source !== "." ? [step.source] : []);
    for (const p of fixturePathProblems(Object.fromEntries(files.map((x) => [x, ""])))) add("fixture-path-escapes", at("expect"), `expected path "${p.path}" ${p.reason}`);
  });
  for (const f of escapeFindings(c)) findings.push({ code: f.code, path: f.path, key: true, message: f.message });
  const live = c.steps.some((s) => s.operation === "live");
  if (live && given.event !== undefined) {
    findings.push({
      code: "step-shape",
      path: ["given", "event"],
      key: true,
      message: "a multi-step case with live steps has no `given.event`: the real harness fires the events (its hooks name subject and phase)",
    });
  }
  if (live && (given.provider === undefined || given.scenario === undefined)) {
    findings.push({ code: "step-shape", path: ["given"], message: "a multi-step case with live steps names `given.provider` and `given.scenario`, as a live case does" });
  }
  if (!live && given.scenario !== undefined) {
    findings.push({ code: "operation-mismatch", path: ["given", "scenario"], key: true, message: "given.scenario is what live steps run; this case has none" });
  }
  if ((given.hooks ?? []).length > 0 && given.event === undefined && !live) {
    findings.push({
      code: "step-shape",
      path: ["given", "hooks"],
      key: true,
      message: "a multi-step case with hooks names `given.event`: it gives the hooks' subject and phase, and is what dispatch steps send",
    });
  }
  return findings;
}
