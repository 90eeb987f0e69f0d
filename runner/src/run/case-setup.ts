// What a case puts on disk and sends: the fixture files and `case.args`. The files are given.files,
// over the package papc generates for a dispatch, live, project or multi-step case (and a live case's
// empty work directory); the args are what the operation's definition builds (caseArgs), else
// given.args as written.

import { packageFiles, type PackagePlan } from "../dispatch/package-files.js";
import { WORK_DIR } from "../live/live-paths.js";
import { DEFAULT_PLUGIN } from "../dispatch/hook-defaults.js";
import type { FixtureEntry, LoadedCase } from "../types/case.js";
import type { CasePayload } from "../../shared/protocol.js";
import { join } from "node:path";
import { operationNamed } from "../registry/operations.js";

export function fixtureFiles(c: LoadedCase, root: string): Record<string, FixtureEntry> {
  const given = c.given?.files ?? {};
  const plan = packagePlan(c);
  if (!plan) return given;
  const generated = packageFiles(plan, root, c.given?.source);
  if (c.live) generated[WORK_DIR] = { dir: true };
  // A given path replaces the generated entry there and everything generated below it.
  const replaced = (path: string): boolean => Object.keys(given).some((g) => path === g || path.startsWith(`${g}/`));
  return { ...Object.fromEntries(Object.entries(generated).filter(([path]) => !replaced(path))), ...given };
}

/**
 * The package papc generates for a case: a dispatch case's hooks, a live case's, or a multi-step
 * case's (its hooks if it has an event, else none), with a multi-step case's `members`.
 */
function packagePlan(c: LoadedCase): PackagePlan | undefined {
  if (c.live) return { plugin: c.live.plugin, hooks: c.live.hooks };
  if (c.project) return { plugin: c.project.plugin, hooks: c.project.hooks };
  const members = c.given?.members;
  const withMembers = members ? { members } : {};
  if (c.dispatch) return { ...c.dispatch, ...withMembers };
  if (c.operation === "steps") return { plugin: c.given?.plugin ?? DEFAULT_PLUGIN, hooks: [], ...withMembers };
  return undefined;
}

/** `source`: the absolute source path, which a validate-cli case's `{source}` word stands for. */
export function caseArgs(c: LoadedCase, source: string): Record<string, unknown> {
  const build = operationNamed(c.operation)?.caseArgs;
  return build ? build(c, source) : (c.given?.args ?? {});
}

/** The run request's `case` for a single-operation case whose fixture is at `root`. */
export function casePayload(c: LoadedCase, root: string): CasePayload {
  const source = join(root, c.given?.source ?? ".");
  return { id: c.id, operation: c.operation as CasePayload["operation"], root, source, args: caseArgs(c, source) };
}
