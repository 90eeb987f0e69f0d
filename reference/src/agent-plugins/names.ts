// Name rules: plugin names (Agent Plugins 1.0.0 §5.5) and skill names (Agent Skills, which
// the reference's PAP skill scanner already implements; reused unchanged).

export { MAX_SKILL_NAME, skillNameFlaw } from "../validate/skills.js";

export const PLUGIN_NAME_MAX = 64;

/**
 * §5.5 as a regular expression: a-z, 0-9, "-" and "." only, alphanumeric first and last
 * character, no "--" and no "..". The length bound (1-64) is checked separately.
 */
export const PLUGIN_NAME_PATTERN = "^(?!.*(?:--|\\.\\.))[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$";
const PLUGIN_NAME = new RegExp(PLUGIN_NAME_PATTERN, "u");

/** Why a value is not a plugin name: not a string, not 1-64 characters, or not spelled by §5.5. */
export type PluginNameFlaw = "not-string" | "length" | "spelling";

/**
 * Why `name` is not a valid plugin name, or undefined when it is. plugin.json's name is checked
 * by its schema (schemas.ts, the same pattern and bounds); this states the rule on its own.
 */
export function pluginNameFlaw(name: unknown): PluginNameFlaw | undefined {
  if (typeof name !== "string") return "not-string";
  if (name.length < 1 || name.length > PLUGIN_NAME_MAX) return "length";
  if (!PLUGIN_NAME.test(name)) return "spelling";
  return undefined;
}
