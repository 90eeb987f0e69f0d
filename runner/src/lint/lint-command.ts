// `papc lint`: the suite, or one adapter file with --adapter.

import { join, relative } from "node:path";
import { adapterFile } from "../adapters/load-adapter.js";
import { loadCases } from "../cases/load-cases.js";
import { printJson } from "../common/command-io.js";
import { count } from "../common/plural.js";
import { suitePaths } from "../cases/load-suite.js";
import { lintAdapterFile, lintSuite } from "./lint.js";
import { renderProblems } from "../common/render-problems.js";

export async function lintCommand(o: { adapter?: string; json?: boolean }, root: string): Promise<void> {
  if (o.adapter !== undefined) {
    const file = await adapterFile(o.adapter, root);
    const { cases, broken } = await loadCases(join(root, "cases"), root);
    const problems = await lintAdapterFile(file, relative(process.cwd(), file) || file, root, new Set([...cases.map((c) => c.id), ...broken.map((b) => b.id)]));
    if (o.json) printJson({ ok: problems.length === 0, adapter: file, problems });
    else process.stdout.write(problems.length > 0 ? `${renderProblems(problems)}\n${count(problems.length, "problem")}\n` : `lint OK: ${file}\n`);
    process.exitCode = problems.length > 0 ? 1 : 0;
    return;
  }
  const { problems, caseSet, spec, notes } = await lintSuite(suitePaths(root));
  if (o.json) {
    printJson({ ok: problems.length === 0, cases: caseSet.cases.length, requirements: spec.requirements.size, problems, notes });
    process.exitCode = problems.length > 0 ? 1 : 0;
    return;
  }
  if (problems.length > 0) {
    process.stdout.write(`${renderProblems(problems)}\n${count(problems.length, "problem")}\n`);
    process.exitCode = 1;
    return;
  }
  const noted = notes.length > 0 ? ` (${notes.join("; ")})` : "";
  process.stdout.write(`lint OK: ${count(caseSet.cases.length, "case")}, ${count(spec.requirements.size, "requirement")}${noted}\n`);
}
