// The host hook chain: which registered hooks fire for an event, in which order, and what each
// handler answered. Seed 002: "Hook ordering is controlled by priority (higher first) and plugin
// registration order (tiebreak)". Registration order is the order of ComposedPlugins.hooks
// (composition order of the plugins, then each plugin's hooks() order); Array.prototype.sort is
// stable, so sorting by priority alone keeps it on ties.

import type { AnyHookMatcher, ComposedPlugins, HookInput } from "./plugin-types.js";

export interface HookRun {
  hook: AnyHookMatcher;
  pluginName: string;
  /** What the handler returned (undefined for void). */
  output: unknown;
}

/** Whether a registered hook fires for the event: same hook name, and its matcher (if any) accepts the tool name. */
export function hookApplies(hook: AnyHookMatcher, input: HookInput): boolean {
  if (hook.hookName !== input.hookName) return false;
  if (hook.matcher === undefined) return true;
  if (input.toolName === undefined) return false;
  hook.matcher.lastIndex = 0;
  return hook.matcher.test(input.toolName);
}

/** The hooks that fire for the event, in run order. */
export function hookChain(composed: ComposedPlugins, input: HookInput): AnyHookMatcher[] {
  return composed.hooks.filter((hook) => hookApplies(hook, input)).sort((a, b) => b.priority - a.priority);
}

/** Runs the chain one handler after another and collects the answers. */
export async function runHookChain(composed: ComposedPlugins, input: HookInput): Promise<HookRun[]> {
  const runs: HookRun[] = [];
  for (const hook of hookChain(composed, input)) {
    const pluginName = composed.ownership.hooks.get(hook) ?? "";
    const output = await hook.handler(input, { pluginName });
    runs.push({ hook, pluginName, output });
  }
  return runs;
}
