// Checks `expect.fixture` on disk after the implementation answered: paths that must be
// absent or present, and (unchanged) that nothing of the materialized tree was altered.

import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { digestTree, type TreeDigest } from "../fixtures/tree-digest.js";
import type { FixtureExpectation } from "../types/case.js";
import type { DiffLine } from "../types/run-report.js";

export async function compareFixture(expect: FixtureExpectation, root: string, before: TreeDigest | undefined): Promise<DiffLine[]> {
  const diff: DiffLine[] = [];
  const exists = async (path: string): Promise<boolean> =>
    lstat(join(root, path)).then(
      () => true,
      () => false,
    );
  for (const path of expect.absent ?? []) {
    if (await exists(path)) diff.push({ type: "add", path: "fixture.absent", expected: `${path} absent`, actual: `${path} exists` });
  }
  for (const path of expect.present ?? []) {
    if (!(await exists(path))) diff.push({ type: "remove", path: "fixture.present", expected: `${path} exists`, actual: `${path} absent` });
  }
  if (expect.unchanged && before) {
    const after = await digestTree(root);
    for (const path of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(path);
      const now = after.get(path);
      if (was === now) continue;
      const line: DiffLine = {
        type: was === undefined ? "add" : now === undefined ? "remove" : "modify",
        path: "fixture.unchanged",
        expected: `${path}: ${was ?? "(absent)"}`,
        actual: `${path}: ${now ?? "(absent)"}`,
      };
      diff.push(line);
    }
  }
  return diff;
}
