// Findings about skills/ and each skill's SKILL.md (reference/src/agent-plugins/skill-discovery.ts;
// Agent Plugins 1.0.0 §6, §7.1). The name and the optional fields follow the validator's Agent
// Skills rules and wording (reference/src/validate/skills.ts, validate/messages/sources.ts).

import { type FrontmatterFlaw, frontmatterFlawText } from "../../messages/frontmatter.js";
import { type SkillFieldFlaw, type SkillNameFlaw, skillFieldFlawText, skillNameFlawText } from "../../validate/messages/sources.js";
import { type Messages, quote, type Wordings, wordBy } from "./wording.js";

/** Why no frontmatter mapping could be read from a SKILL.md. */
export type SkillReadFlaw = FrontmatterFlaw | { flaw: "frontmatter-not-utf8" };

/** What is wrong with a SKILL.md's frontmatter (skill-discovery.ts skillFrontmatterFlaws). */
export type SkillFrontmatterFlaw =
  | { flaw: "name-missing" }
  | { flaw: "name"; name: unknown; nameFlaw: SkillNameFlaw; dir: string; maxCharacters: number }
  | { flaw: "description-missing" }
  | { flaw: "description"; maxCharacters: number }
  /** license, allowed-tools, compatibility or metadata, by the validator's rules. */
  | { flaw: "optional-field"; problem: SkillFieldFlaw };

export type SkillFinding =
  | { code: "agent_plugin_path_escapes"; kind: "ap-skills-outside" }
  | { code: "agent_plugin_component_invalid"; kind: "ap-skills-unresolvable"; error: string }
  | { code: "agent_plugin_component_invalid"; kind: "ap-skills-not-directory" }
  | { code: "agent_plugin_component_invalid"; kind: "ap-skills-unlistable"; error: string }
  /** A folder of skills/ (the finding's path) resolves outside the plugin root. */
  | { code: "agent_plugin_path_escapes"; kind: "ap-skill-folder-outside" }
  /** A SKILL.md (the finding's path) resolves outside the plugin root. */
  | { code: "agent_plugin_path_escapes"; kind: "ap-skill-file-outside" }
  | { code: "agent_plugin_skill_invalid"; kind: "ap-skill-unreadable"; flaw: SkillReadFlaw }
  | { code: "agent_plugin_skill_invalid"; kind: "ap-skill-frontmatter-invalid"; flaws: SkillFrontmatterFlaw[] };

function skillReadText(flaw: SkillReadFlaw): string {
  return flaw.flaw === "frontmatter-not-utf8" ? "the frontmatter is not valid UTF-8" : frontmatterFlawText(flaw);
}

const FRONTMATTER_FLAWS: Wordings<SkillFrontmatterFlaw, "flaw"> = {
  "name-missing": () => "name is missing",
  name: (f) => `name ${quote(f.name)} ${skillNameFlawText(f.nameFlaw, f.dir, f.maxCharacters)}`,
  "description-missing": () => "description is missing",
  description: (f) => `description must be a string of 1-${f.maxCharacters} characters`,
  "optional-field": (f) => skillFieldFlawText(f.problem),
};

export function skillFrontmatterFlawText(flaw: SkillFrontmatterFlaw): string {
  return wordBy(FRONTMATTER_FLAWS, flaw, "flaw");
}

export const SKILL_MESSAGES: Messages<SkillFinding> = {
  "ap-skills-outside": () => ({ message: "skills resolves outside the plugin root; no skills were loaded" }),
  "ap-skills-unresolvable": (f) => ({ message: `skills does not resolve to a directory (${f.error}); no skills were loaded` }),
  "ap-skills-not-directory": () => ({ message: "skills is not a directory; no skills were loaded" }),
  "ap-skills-unlistable": (f) => ({ message: `skills cannot be listed (${f.error}); no skills were loaded` }),
  "ap-skill-folder-outside": (f) => ({ message: `${f.path} resolves outside the plugin root; it was skipped` }),
  "ap-skill-file-outside": (f) => ({ message: `${f.path} resolves outside the plugin root; the skill was skipped` }),
  "ap-skill-unreadable": (f) => ({ message: `${f.path}: ${skillReadText(f.flaw)}; the skill was skipped` }),
  "ap-skill-frontmatter-invalid": (f) => ({ message: `${f.path}: ${f.flaws.map(skillFrontmatterFlawText).join("; ")}; the skill was skipped` }),
};
