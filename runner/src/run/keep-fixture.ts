// `papc run --keep-fixtures`: the fixture of a case a reader must act on is kept, as the
// implementation left it, under the run's fixtures folder (`<out>/<adapter>.fixtures/<case id>/`);
// every other case's fixture is removed as usual. Each case's fixture is made inside that folder
// (`.case-XXXXXX`), so keeping it is a rename on one file system, whatever it holds (named pipes,
// names that are not UTF-8, folders the implementation made unreadable).

import { mkdir, mkdtemp, rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { CaseRecord } from "../types/run-report.js";
import { carriesInput } from "./case-input.js";
import { EnvironmentFault } from "./environment-fault.js";
import type { FixtureLease } from "./run-case.js";
import { removeFixture } from "./run-case.js";

/** A fresh fixture folder inside `keepDir` that runCase fills and leaves for keptFixture to keep or remove. */
export async function keepableLease(keepDir: string): Promise<FixtureLease> {
  try {
    await mkdir(keepDir, { recursive: true });
    return { root: await mkdtemp(join(keepDir, ".case-")), materialized: false };
  } catch (err) {
    throw new EnvironmentFault(`cannot make a case folder in ${keepDir} (--keep-fixtures): ${(err as Error).message}`);
  }
}

/** Keeps the fixture at `root` under `keepDir` when the record is one to act on (its `kept_fixture` says where), else removes it. */
export async function keptFixture(record: CaseRecord, root: string, keepDir: string): Promise<CaseRecord> {
  if (!carriesInput(record.outcome, record.stale_baseline === true)) {
    await removeFixture(root);
    return record;
  }
  const dest = join(keepDir, ...record.id.split("/"));
  try {
    await mkdir(dirname(dest), { recursive: true });
    await rename(root, dest);
    return { ...record, kept_fixture: dest };
  } catch (err) {
    process.stderr.write(`papc: could not keep the fixture of ${record.id} at ${dest}: ${(err as Error).message}\n`);
    await removeFixture(root);
    return record;
  }
}
