// Portable package → host plugin (SPEC 10.1):
//   name = plugin.name, version = plugin.version (or "0.0.0"), description = plugin.description;
//   tools() = the [[tool]] entries, host tool name = tool id, in manifest order;
//   dependsOn = the names the required `plugin:` dependencies resolve to (admission.ts).
// Portable hooks become host hooks (defineHook at priority 0, one per host hook name of their
// subject/phase, matcher from matcher.tool_names, handler answering the given result), but they
// are NOT listed by their own plugin's hooks(): the seed-002 tiebreak is plugin registration
// order, i.e. composition order (dependencies first), which is not the byte order of identities
// the contract requires. They are registered instead by one bridge plugin, composed last, whose
// hooks() lists every portable hook in byte order of identity: with equal priority the host's
// registration-order tiebreak then runs them in exactly that order. The bridge keeps, per host
// hook, the portable hook it stands for (identity, owner, effect, failure policy).

import { defineHook, exactToolNames } from "./define-hook.js";
import type { AnyHookMatcher, HookName, Plugin, ToolDefinition } from "./plugin-types.js";
import type { PortableHook, PortablePackage } from "./portable-manifest.js";

/** Host hooks of each portable subject/phase; any other pair (and any other host hook) fires nothing portable. */
const HOST_HOOKS: Record<string, readonly HookName[]> = {
  "tool_call/before": ["PreToolUse"],
  "tool_call/after": ["PostToolUse", "PostToolUseFailure"],
  "user_prompt/before": ["UserPromptSubmit"],
  "workflow/completion_attempt": ["Stop"],
  "session/end": ["SessionEnd"],
};

export function hostHooksFor(hook: Pick<PortableHook, "subject" | "phase">): readonly HookName[] {
  return HOST_HOOKS[`${hook.subject}/${hook.phase}`] ?? [];
}

export function hookIdentity(pluginName: string, hookId: string): string {
  return `${pluginName}#hook:${hookId}`;
}

/** Byte order of UTF-8 strings (code point order, which is what UTF-8 byte comparison gives). */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

export function toHostPlugin(pkg: PortablePackage, dependsOn: readonly string[]): Plugin {
  const plugin: Plugin = {
    name: pkg.name,
    version: pkg.version ?? "0.0.0",
    dependsOn: [...dependsOn],
    tools: (): ToolDefinition[] => pkg.tools.map((t) => ({ name: t.id, metadata: { portable: t.descriptor } })),
    hooks: () => [],
  };
  if (pkg.description !== undefined) plugin.description = pkg.description;
  return plugin;
}

export interface PortableHookRef {
  identity: string;
  pluginName: string;
  hook: PortableHook;
}

/** The bridge's name: outside the portable name grammar ([a-z0-9-]), so no package can take it. */
export const BRIDGE_PLUGIN_NAME = "@papc/portable-hooks";

export interface HookBridge {
  plugin: Plugin;
  /** host hook → the portable hook it registers */
  refs: Map<AnyHookMatcher, PortableHookRef>;
}

/**
 * The bridge plugin for the accepted packages: depends on all of them (so it is composed last),
 * contributes no tools, and registers every portable hook, in byte order of identity, whose
 * handler answers `answer(identity)`.
 */
export function createHookBridge(accepted: readonly PortablePackage[], answer: (identity: string) => unknown): HookBridge {
  const portable: PortableHookRef[] = accepted
    .flatMap((pkg) => pkg.hooks.map((hook) => ({ identity: hookIdentity(pkg.name, hook.id), pluginName: pkg.name, hook })))
    .sort((a, b) => compareBytes(a.identity, b.identity));
  const refs = new Map<AnyHookMatcher, PortableHookRef>();
  const hooks: AnyHookMatcher[] = [];
  for (const ref of portable) {
    for (const hookName of hostHooksFor(ref.hook)) {
      const matcher = exactToolNames(ref.hook.toolNames);
      const registered = defineHook<unknown>(hookName, {
        priority: 0,
        ...(matcher !== undefined ? { matcher } : {}),
        label: ref.identity,
        handler: () => answer(ref.identity),
      });
      hooks.push(registered);
      refs.set(registered, ref);
    }
  }
  const plugin: Plugin = {
    name: BRIDGE_PLUGIN_NAME,
    version: "0.1.0",
    description: "Registers the hooks of the imported portable packages in byte order of identity.",
    dependsOn: accepted.map((p) => p.name),
    tools: () => [],
    hooks: () => hooks,
  };
  return { plugin, refs };
}
