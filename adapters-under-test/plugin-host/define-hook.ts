// defineHook (seed 002): register a typed handler on one of the host's 17 hooks, with a priority
// (higher runs first) and an optional tool-name matcher (a RegExp, as in seed 002's
// `matcher: /^Write$/`).
//
// exactToolNames builds the RegExp for a list of literal tool names. A matcher regex built by
// joining raw names would let `.` match any character, `Bash|Edit` match both tools, and an
// unanchored `Bash` match `BashOutput`, so every name is escaped (all RegExp syntax characters)
// and the alternation is anchored as a whole: ^(?:a|b)$. No flags: no `i` (no case folding),
// no `m` (`$` is the end of input only, so "Bash\n" does not match), no `g`/`y` (test() keeps
// no lastIndex state between events), no `u` (names are compared as UTF-16 code units, which is
// exact equality for any string).

import { isHookName, type HookHandler, type HookMatcher, type HookName } from "./plugin-types.js";

export interface DefineHookOptions<TResult> {
  /** Higher runs first; default 0. */
  priority?: number;
  matcher?: RegExp;
  handler: HookHandler<TResult>;
  label?: string;
}

export function defineHook<TResult>(hookName: HookName, options: DefineHookOptions<TResult>): HookMatcher<TResult> {
  if (!isHookName(hookName)) throw new TypeError(`unknown hook ${JSON.stringify(hookName)}`);
  const priority = options.priority ?? 0;
  if (!Number.isFinite(priority)) throw new TypeError(`hook priority must be a finite number, got ${priority}`);
  const hook: HookMatcher<TResult> = { hookName, priority, handler: options.handler };
  if (options.matcher !== undefined) hook.matcher = options.matcher;
  if (options.label !== undefined) hook.label = options.label;
  return hook;
}

/** Escapes every RegExp syntax character so that the text matches only itself. */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

/** A matcher that accepts exactly the given tool names; undefined (match all) for an empty list. */
export function exactToolNames(names: readonly string[]): RegExp | undefined {
  if (names.length === 0) return undefined;
  return new RegExp(`^(?:${names.map(escapeRegExp).join("|")})$`);
}
