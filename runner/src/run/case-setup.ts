// What a case puts on disk and sends, per operation: the fixture files and `case.args`.
// validate: given.files and given.args as written. dispatch: the generated package with
// given.files over it, and the dispatch arguments (SPEC 1.6) with given.args over them.

import { packageFiles } from "../dispatch/package-files.js";
import type { FixtureEntry, LoadedCase } from "../types/case.js";
import type { DispatchArgs } from "../types/protocol.js";

export function fixtureFiles(c: LoadedCase, root: string): Record<string, FixtureEntry> {
  const given = c.given?.files ?? {};
  if (!c.dispatch) return given;
  const generated = packageFiles(c.dispatch, root, c.given?.source);
  // A given path replaces the generated entry there and everything generated below it.
  const replaced = (path: string): boolean => Object.keys(given).some((g) => path === g || path.startsWith(`${g}/`));
  return { ...Object.fromEntries(Object.entries(generated).filter(([path]) => !replaced(path))), ...given };
}

export function caseArgs(c: LoadedCase): Record<string, unknown> {
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
