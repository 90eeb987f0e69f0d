// `papc list`: the selected cases with their requirements and where each is written.

import { caseFileShown, printJson } from "../common/command-io.js";
import { loadSuite, suitePaths } from "../cases/load-suite.js";
import { selectCases } from "./select-cases.js";

export async function listCommand(o: { case?: string[]; requirement?: string[]; json?: boolean }, root: string): Promise<void> {
  const shown = caseFileShown(root);
  const { caseSet } = await loadSuite(suitePaths(root));
  const selected = selectCases(caseSet.cases, { caseGlobs: o.case ?? [], requirements: o.requirement ?? [] });
  if (o.json) {
    printJson(selected.map((c) => ({ id: c.id, operation: c.operation, spec: c.spec, file: c.location.file, path: shown(c.location.file), line: c.location.line })));
    return;
  }
  // the file as the reader can open it from here (node_modules/papc/cases/… in a project)
  for (const c of selected) {
    process.stdout.write(`${c.id}\t${c.spec.join(",")}\t${shown(c.location.file)}:${c.location.line}\n`);
  }
}
