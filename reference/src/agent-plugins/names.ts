// Name rules: plugin names (Agent Plugins 1.0.0 §5.5) and skill names (Agent Skills, which
// the reference's PAP skill scanner already implements; reused unchanged).

export { MAX_SKILL_NAME, skillNameFlaw } from "../validate/skills.js";

export const PLUGIN_NAME_MAX = 64;

/**
 * §5.5 as a regular expression: a-z, 0-9, "-" and "." only, alphanumeric first and last
 * character, no "--" and no "..". The length bound (1-64) is checked separately: plugin.json's
 * name is checked by its schema (schemas.ts) with both.
 */
export const PLUGIN_NAME_PATTERN = "^(?!.*(?:--|\\.\\.))[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$";
