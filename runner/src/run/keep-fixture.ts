// `papc run --keep-fixtures`: the fixture of a case a reader must act on is kept, as the
// implementation left it, under the run's fixtures folder (`<out>/<adapter>.fixtures/<case id>/`);
// every other case's fixture is removed as usual.

import { cp, mkdir, rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { CaseRecord } from "../types/run-report.js";
import { carriesInput } from "./case-input.js";
import type { FixtureLease } from "./run-case.js";
import { newCaseFolder, removeFixture } from "./run-case.js";

/** A fresh fixture folder that runCase fills and leaves for keptFixture to keep or remove. */
export async function keepableLease(): Promise<FixtureLease> {
  return { root: await newCaseFolder(), materialized: false };
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
    await rename(root, dest).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== "EXDEV") throw err;
      // another file system: copy (links as links), then remove the original
      await cp(root, dest, { recursive: true, verbatimSymlinks: true });
      await removeFixture(root);
    });
    return { ...record, kept_fixture: dest };
  } catch {
    // a tree that cannot be copied (a named pipe, a folder made unreadable): kept where it is
    return { ...record, kept_fixture: root };
  }
}
