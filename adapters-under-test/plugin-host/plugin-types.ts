// The host's plugin contract, in the model of seed 002 (the agent runtime's `Plugin` interface):
// a plugin declares contributions (tools, hooks) and never reaches into the runtime; the
// runtime composes them (compose-plugins.ts). Only the contribution kinds this host needs are
// modelled: tools and hooks. Everything here is host vocabulary, nothing portable-package specific.

/** The runtime's 17-hook surface (seed 002, "Hook reference"). */
export const HOOK_NAMES = [
  "SessionStart",
  "SessionEnd",
  "BeforeTurn",
  "Stop",
  "PreCompact",
  "DecorateToolSchema",
  "DecorateSystemPrompt",
  "DecoratePromptMessages",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "SubagentStart",
  "SubagentStop",
  "Notification",
  "OnEvent",
] as const;

export type HookName = (typeof HOOK_NAMES)[number];

export function isHookName(value: unknown): value is HookName {
  return typeof value === "string" && (HOOK_NAMES as readonly string[]).includes(value);
}

/** A tool contributed to the shared, flat tool registry; `name` is unique across a composition. */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** Host-private data the contributor attaches (the importer keeps the portable descriptor here). */
  metadata?: Record<string, unknown>;
}

/** What a hook handler is called with. `toolName` is set for the per-tool hooks. */
export interface HookInput {
  hookName: HookName;
  toolName?: string;
}

export interface HookContext {
  /** Name of the plugin the hook was composed from. */
  pluginName: string;
}

export type HookHandler<TResult> = (input: HookInput, ctx: HookContext) => Promise<TResult | void> | TResult | void;

/** A registered hook: what `defineHook` returns and what `Plugin.hooks()` lists. */
export interface HookMatcher<TResult = unknown> {
  hookName: HookName;
  /** Higher runs first; ties keep registration order. */
  priority: number;
  /** Only fire for tool names this matches; absent: every event of the hook. */
  matcher?: RegExp;
  handler: HookHandler<TResult>;
  /** A label for diagnostics (the host never interprets it). */
  label?: string;
}

export type AnyHookMatcher = HookMatcher<unknown>;

/** A plugin (seed 002 `Plugin`): identity fields and optional contributions. */
export interface Plugin {
  /** Unique across a composition. */
  name: string;
  version: string;
  description?: string;
  /** Names of plugins that must appear in the same composition; they are ordered first. */
  dependsOn?: readonly string[];
  tools?(): ReadonlyArray<ToolDefinition>;
  hooks?(): ReadonlyArray<AnyHookMatcher>;
}

export type ToolRegistry = ReadonlyMap<string, ToolDefinition>;

/** The validated, merged composition (seed 002 `ComposedPlugins`, restricted to tools and hooks). */
export interface ComposedPlugins {
  /** Topologically sorted: dependencies first, input order on ties. */
  plugins: Plugin[];
  /** Every tool, in plugin order then each plugin's own order. */
  tools: ToolDefinition[];
  toolRegistry: ToolRegistry;
  /** Every hook, in registration order: plugin order, then each plugin's hooks() order. */
  hooks: AnyHookMatcher[];
  ownership: {
    /** tool name → plugin name */
    tools: Map<string, string>;
    /** hook → plugin name */
    hooks: Map<AnyHookMatcher, string>;
  };
}
