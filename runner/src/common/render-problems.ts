// Text rendering of lint findings: `file:line: code: message` and the fix beneath.

import type { LintProblem } from "./problems.js";

export function renderProblems(problems: readonly LintProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}: ${p.code}: ${p.message}\n    fix: ${p.fix}`).join("\n");
}
