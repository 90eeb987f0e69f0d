// What a case puts on disk and sends, per operation: the fixture files and `case.args`.
// validate: given.files and given.args as written (validate-cli: with the source path for `{source}`). dispatch: the generated package with
// given.files over it, and the dispatch arguments (SPEC 1.6) with given.args over them.
// live: the generated package and the harness's empty work directory with given.files over
// them, and the live arguments (SPEC 1.7) with given.args over them.

import { packageFiles, type PackagePlan } from "../dispatch/package-files.js";
import { WORK_DIR } from "../live/live-paths.js";
import { DEFAULT_PLUGIN } from "../dispatch/hook-defaults.js";
import type { FixtureEntry, LoadedCase } from "../types/case.js";
import type { CasePayload, DispatchArgs, LiveArgs, ValidateCliArgs } from "../../shared/protocol.js";
import { join } from "node:path";
import { withSource } from "../cases/validate-cli-args.js";

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
  const members = c.given?.members;
  const withMembers = members ? { members } : {};
  if (c.dispatch) return { ...c.dispatch, ...withMembers };
  if (c.operation === "steps") return { plugin: c.given?.plugin ?? DEFAULT_PLUGIN, hooks: [], ...withMembers };
  return undefined;
}

/** `source`: the absolute source path, which a validate-cli case's `{source}` word stands for. */
export function caseArgs(c: LoadedCase, source: string): Record<string, unknown> {
  if (c.operation === "validate-cli") {
    const args = c.given?.args as unknown as ValidateCliArgs;
    return { ...args, argv: withSource(args.argv, source) };
  }
  if (c.live) {
    const args: LiveArgs = { provider: c.live.provider, plugin: c.live.plugin };
    return { ...args, ...c.given?.args };
  }
  if (!c.dispatch) return c.given?.args ?? {};
  const d = c.dispatch;
  const args: DispatchArgs = {
    provider: d.provider,
    plugin: d.plugin,
    hooks: d.hooks.map((h) => h.id),
    event: d.event,
    environment: c.given?.environment ?? {},
  };
  return { ...args, ...c.given?.args };
}

/** The run request's `case` for a single-operation case whose fixture is at `root`. */
export function casePayload(c: LoadedCase, root: string): CasePayload {
  const source = join(root, c.given?.source ?? ".");
  return { id: c.id, operation: c.operation as CasePayload["operation"], root, source, args: caseArgs(c, source) };
}
