// What a run that died without cleaning up (SIGKILL, a crash of papc itself) left behind: its
// implementations' processes (found by the run's cgroup or its marker, runner/shared/process-cell.ts)
// and its case folders (named after its run token, run-case.ts newCaseFolder). The next `papc run`
// removes them before it starts, and says so.

import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { containment, runToken, tokenAlive } from "../../shared/process-cell.js";
import { caseFolderBase, type CaseFolderBase } from "../fixtures/case-folder-base.js";
import type { ContainmentHeader } from "../types/run-report.js";
import { removeFixture } from "./run-case.js";

/** A case folder's name: `papc-<run token>-<random>`. */
const CASE_FOLDER = /^papc-([0-9a-z]+\.[0-9a-z]+\.[0-9a-f]+)-/;

/** Kills and removes what dead runs left; undefined when there was nothing. */
export async function reapDeadRuns(base: CaseFolderBase = caseFolderBase()): Promise<ContainmentHeader["reaped"] | undefined> {
  const processes = await containment().reapDeadRuns();
  const folders: string[] = [];
  const own = runToken();
  for (const name of await readdir(base.dir).catch(() => [] as string[])) {
    const token = CASE_FOLDER.exec(name)?.[1];
    if (token === undefined || token === own || tokenAlive(token)) continue;
    const path = join(base.dir, name);
    // another user's dead run is theirs to clean up (its folder cannot be removed by us anyway)
    const owner = await stat(path).then(
      (s) => s.uid,
      () => undefined,
    );
    if (owner === undefined || (process.getuid && owner !== process.getuid())) continue;
    await removeFixture(path);
    folders.push(path);
  }
  return processes.length + folders.length > 0 ? { processes, folders } : undefined;
}

/** The stderr lines that say what was reaped. */
export function reapedLines(reaped: NonNullable<ContainmentHeader["reaped"]>): string[] {
  const lines: string[] = [];
  const runs = [...new Set(reaped.processes.map((p) => p.run))];
  for (const run of runs) {
    const procs = reaped.processes.filter((p) => p.run === run);
    lines.push(`papc: run ${run} died without cleaning up: killed what it left running: ${procs.map((p) => `pid ${p.pid} \`${p.command}\``).join(", ")}`);
  }
  if (reaped.folders.length > 0)
    lines.push(`papc: removed ${reaped.folders.length} case folder${reaped.folders.length === 1 ? "" : "s"} of runs that died: ${reaped.folders.join(", ")}`);
  return lines;
}
