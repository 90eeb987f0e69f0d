// Which grants a review, an approval or a revocation is about (SPEC 11.2): every tool and hook of
// the package, or the tools and hooks the arguments name, where naming a hook also names its
// tool for review and approval (a hook cannot run without it).

import type { LifecycleArgs } from "../../../runner/shared/protocol.js";
import type { SelectionProblem } from "./messages/index.js";
import type { LifecyclePackage } from "./package-read.js";
import { hookKey, toolKey } from "./trust-store.js";

/** The grant keys the filters name, or the problem of an id the package does not have. */
export function selectKeys(pkg: LifecyclePackage, args: LifecycleArgs, withHookTools: boolean): string[] | SelectionProblem {
  if (args.tools === undefined && args.hooks === undefined) {
    return [...pkg.tools.map((t) => toolKey(t.id)), ...pkg.hooks.map((h) => hookKey(h.id))];
  }
  const keys = new Set<string>();
  for (const id of args.tools ?? []) {
    if (!pkg.tools.some((t) => t.id === id)) return { kind: "lifecycle-tool-unknown", plugin: pkg.name, id };
    keys.add(toolKey(id));
  }
  for (const id of args.hooks ?? []) {
    const hook = pkg.hooks.find((h) => h.id === id);
    if (!hook) return { kind: "lifecycle-hook-unknown", plugin: pkg.name, id };
    keys.add(hookKey(id));
    if (withHookTools) keys.add(toolKey(hook.tool));
  }
  return [...keys];
}
