// Skills (Agent Plugins 1.0.0 §6, §7.1): each immediate child directory of skills/ holding an
// entry named exactly SKILL.md that resolves to a regular file is one skill; nothing deeper is
// searched. The SKILL.md must conform to Agent Skills (YAML frontmatter: name 1-64 of a-z, 0-9
// and single hyphens, equal to the folder name; description 1-1024 characters; the optional
// license, compatibility, metadata and allowed-tools in their documented shapes), else that
// skill is skipped. Every path on the way must resolve inside the plugin root (§4.1).

import { readdir } from "node:fs/promises";
import type { AgentPluginSkill } from "../../../runner/shared/protocol.js";
import { decodeUtf8, MAX_FRONTMATTER_BYTES, parseYamlMapping, readHead, splitFrontmatter } from "../frontmatter.js";
import { compareUtf8 } from "../manifest-types.js";
import { optionalSkillFieldFlaws } from "../validate/skills.js";
import { errorText } from "../wording.js";
import { resolvePackagePath } from "./containment.js";
import type { Findings } from "./diagnostics.js";
import type { SkillFrontmatterFlaw, SkillReadFlaw } from "./messages/skills.js";
import { MAX_SKILL_NAME, skillNameFlaw } from "./names.js";

export const SKILLS_DIR = "skills";
export const SKILL_FILE = "SKILL.md";
const MAX_DESCRIPTION = 1024;

/** Code points, as Agent Skills counts characters. */
function characters(value: string): number {
  return [...value].length;
}

/** Agent Skills frontmatter flaws, the name included; empty when the skill conforms. */
export function skillFrontmatterFlaws(frontmatter: Record<string, unknown>, dir: string): SkillFrontmatterFlaw[] {
  const flaws: SkillFrontmatterFlaw[] = [];
  // Stryker disable next-line ConditionalExpression: a missing name is not a string, the same flaw's code
  if (!("name" in frontmatter)) flaws.push({ flaw: "name-missing" });
  else {
    const name = frontmatter["name"];
    const nameFlaw = skillNameFlaw(name, dir);
    if (nameFlaw !== undefined) flaws.push({ flaw: "name", name, nameFlaw, dir, maxCharacters: MAX_SKILL_NAME });
  }
  const description = frontmatter["description"];
  // Stryker disable next-line ConditionalExpression: a missing description is not a string, refused below with the same code
  if (description === undefined) flaws.push({ flaw: "description-missing" });
  else if (typeof description !== "string" || characters(description) < 1 || characters(description) > MAX_DESCRIPTION) {
    flaws.push({ flaw: "description", maxCharacters: MAX_DESCRIPTION });
  }
  for (const problem of optionalSkillFieldFlaws(frontmatter)) flaws.push({ flaw: "optional-field", problem });
  return flaws;
}

type SkillRead = { ok: true; frontmatter: Record<string, unknown> } | { ok: false; flaw: SkillReadFlaw };

async function readSkillFrontmatter(real: string): Promise<SkillRead> {
  // The opener, at most 64 KiB of frontmatter, and the closing line.
  const head = await readHead(real, MAX_FRONTMATTER_BYTES + 16);
  if (!head.ok) return head;
  const split = splitFrontmatter(head.bytes, head.complete);
  // Stryker disable next-line ConditionalExpression: without it the missing frontmatter decodes as empty text, which has no name: the same code
  if (!split.ok) return split;
  const text = decodeUtf8(split.frontmatter);
  if (text === undefined) return { ok: false, flaw: { flaw: "frontmatter-not-utf8" } };
  const parsed = parseYamlMapping(text);
  return parsed.ok ? { ok: true, frontmatter: parsed.value } : parsed;
}

/** Discovers the published skills, sorted by name. */
export async function discoverSkills(rootReal: string, findings: Findings): Promise<AgentPluginSkill[]> {
  const skills: AgentPluginSkill[] = [];
  const located = await resolvePackagePath(rootReal, SKILLS_DIR);
  switch (located.kind) {
    case "absent":
      return skills; // §6.2: a missing fixed location is not an error
    case "outside":
      findings.add(SKILLS_DIR, { code: "agent_plugin_path_escapes", kind: "ap-skills-outside" });
      return skills;
    // Stryker disable next-line StringLiteral: a skills that does not resolve fails readdir below with the same code
    case "unresolvable":
    // Stryker disable next-line StringLiteral: as above
    case "error":
      findings.add(SKILLS_DIR, { code: "agent_plugin_component_invalid", kind: "ap-skills-unresolvable", error: located.error });
      return skills;
    // Stryker disable next-line ConditionalExpression,StringLiteral: a skills that is not a directory fails readdir below with the same code
    case "inside":
      // Stryker disable next-line ConditionalExpression,BlockStatement: as above
      if (!located.stats.isDirectory()) {
        findings.add(SKILLS_DIR, { code: "agent_plugin_component_invalid", kind: "ap-skills-not-directory" });
        return skills;
      }
  }

  let names: string[];
  try {
    // Stryker disable next-line MethodExpression: skills are compared as a set (KIT-OP-AP-RESULT)
    names = (await readdir(located.real)).sort(compareUtf8);
  } catch (error) {
    findings.add(SKILLS_DIR, { code: "agent_plugin_component_invalid", kind: "ap-skills-unlistable", error: errorText(error) });
    return skills;
  }

  for (const name of names) {
    const dirPath = `${SKILLS_DIR}/${name}`;
    const dir = await resolvePackagePath(rootReal, dirPath);
    if (dir.kind === "outside") {
      findings.add(dirPath, { code: "agent_plugin_path_escapes", kind: "ap-skill-folder-outside" });
      continue;
    }
    // Stryker disable next-line ConditionalExpression: readdir below fails on anything else, and that skips the entry too
    if (dir.kind !== "inside" || !dir.stats.isDirectory()) continue; // not a skill folder

    // "A path named exactly SKILL.md": compare listed names, so a case-insensitive
    // filesystem's skill.md does not count.
    let entries: string[];
    try {
      entries = await readdir(dir.real);
    } catch {
      continue;
    }
    // Stryker disable next-line ConditionalExpression: an absent SKILL.md is no regular file below, which skips the entry too
    if (!entries.includes(SKILL_FILE)) continue;
    const path = `${dirPath}/${SKILL_FILE}`;
    const file = await resolvePackagePath(rootReal, path);
    if (file.kind === "outside") {
      findings.add(path, { code: "agent_plugin_path_escapes", kind: "ap-skill-file-outside" });
      continue;
    }
    if (file.kind !== "inside" || !file.stats.isFile()) continue; // does not resolve to a regular file: not a skill

    const read = await readSkillFrontmatter(file.real);
    if (!read.ok) {
      findings.add(path, { code: "agent_plugin_skill_invalid", kind: "ap-skill-unreadable", flaw: read.flaw });
      continue;
    }
    const flaws = skillFrontmatterFlaws(read.frontmatter, name);
    if (flaws.length > 0) {
      findings.add(path, { code: "agent_plugin_skill_invalid", kind: "ap-skill-frontmatter-invalid", flaws });
      continue;
    }
    skills.push({ name, description: read.frontmatter["description"] as string, path });
  }
  // Folder names are unique and the skill name equals its folder: listing order is name order.
  return skills;
}
