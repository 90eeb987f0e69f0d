// Name rules: plugin names (Agent Plugins 1.0.0 §5.5) and skill names (Agent Skills, which
// the reference's PAP skill scanner already implements; reused unchanged).

import { skillNameProblem as agentSkillNameProblem } from "../validate/skills.js";

export const PLUGIN_NAME_MAX = 64;

/**
 * §5.5 as a regular expression: a-z, 0-9, "-" and "." only, alphanumeric first and last
 * character, no "--" and no "..". The length bound (1-64) is checked separately.
 */
export const PLUGIN_NAME_PATTERN = "^(?!.*(?:--|\\.\\.))[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$";
const PLUGIN_NAME = new RegExp(PLUGIN_NAME_PATTERN, "u");

/** Why `name` is not a valid plugin name, or undefined when it is. */
export function pluginNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string") return "must be a string";
  if (name.length < 1 || name.length > PLUGIN_NAME_MAX) return `must be 1-${PLUGIN_NAME_MAX} characters`;
  if (!PLUGIN_NAME.test(name)) return "may contain only a-z, 0-9, '-' and '.', must start and end with a letter or digit, and may not contain '--' or '..'";
  return undefined;
}

/**
 * Why `name` is not a valid Agent Skills name for a skill in folder `dir` (1-64 of a-z, 0-9
 * and single hyphens, not at either end, equal to the folder name), or undefined.
 */
export function skillNameProblem(name: unknown, dir: string): string | undefined {
  return agentSkillNameProblem(name, dir);
}
