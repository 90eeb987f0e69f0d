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
import { errorText, resolvePackagePath } from "./containment.js";
import type { Findings } from "./diagnostics.js";
import { optionalSkillFieldProblems } from "../validate/skills.js";
import { skillNameProblem } from "./names.js";

export const SKILLS_DIR = "skills";
export const SKILL_FILE = "SKILL.md";
const MAX_DESCRIPTION = 1024;

/** Code points, as Agent Skills counts characters. */
function characters(value: string): number {
  return [...value].length;
}

/** Agent Skills frontmatter problems, the name included; empty when the skill conforms. */
export function skillFrontmatterProblems(frontmatter: Record<string, unknown>, dir: string): string[] {
  const problems: string[] = [];
  if (!("name" in frontmatter)) problems.push("name is missing");
  else {
    const problem = skillNameProblem(frontmatter["name"], dir);
    if (problem !== undefined) problems.push(`name ${JSON.stringify(frontmatter["name"])} ${problem}`);
  }
  const description = frontmatter["description"];
  if (description === undefined) problems.push("description is missing");
  else if (typeof description !== "string" || characters(description) < 1 || characters(description) > MAX_DESCRIPTION) {
    problems.push(`description must be a string of 1-${MAX_DESCRIPTION} characters`);
  }
  problems.push(...optionalSkillFieldProblems(frontmatter));
  return problems;
}

type SkillRead = { ok: true; frontmatter: Record<string, unknown> } | { ok: false; message: string };

async function readSkillFrontmatter(real: string): Promise<SkillRead> {
  // The opener, at most 64 KiB of frontmatter, and the closing line.
  const head = await readHead(real, MAX_FRONTMATTER_BYTES + 16);
  if (!head.ok) return { ok: false, message: head.message };
  const split = splitFrontmatter(head.bytes, head.complete);
  if (!split.ok) return split;
  const text = decodeUtf8(split.frontmatter);
  if (text === undefined) return { ok: false, message: "the frontmatter is not valid UTF-8" };
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
      findings.add("agent_plugin_path_escapes", "skills resolves outside the plugin root; no skills were loaded", { path: SKILLS_DIR });
      return skills;
    case "unresolvable":
    case "error":
      findings.add("agent_plugin_component_invalid", `skills does not resolve to a directory (${located.message}); no skills were loaded`, { path: SKILLS_DIR });
      return skills;
    case "inside":
      if (!located.stats.isDirectory()) {
        findings.add("agent_plugin_component_invalid", "skills is not a directory; no skills were loaded", { path: SKILLS_DIR });
        return skills;
      }
  }

  let names: string[];
  try {
    names = (await readdir(located.real)).sort(compareUtf8);
  } catch (error) {
    findings.add("agent_plugin_component_invalid", `skills cannot be listed (${errorText(error)}); no skills were loaded`, { path: SKILLS_DIR });
    return skills;
  }

  for (const name of names) {
    const dirPath = `${SKILLS_DIR}/${name}`;
    const dir = await resolvePackagePath(rootReal, dirPath);
    if (dir.kind === "outside") {
      findings.add("agent_plugin_path_escapes", `${dirPath} resolves outside the plugin root; it was skipped`, { path: dirPath });
      continue;
    }
    if (dir.kind !== "inside" || !dir.stats.isDirectory()) continue; // not a skill folder

    // "A path named exactly SKILL.md": compare listed names, so a case-insensitive
    // filesystem's skill.md does not count.
    let entries: string[];
    try {
      entries = await readdir(dir.real);
    } catch {
      continue;
    }
    if (!entries.includes(SKILL_FILE)) continue;
    const path = `${dirPath}/${SKILL_FILE}`;
    const file = await resolvePackagePath(rootReal, path);
    if (file.kind === "outside") {
      findings.add("agent_plugin_path_escapes", `${path} resolves outside the plugin root; the skill was skipped`, { path });
      continue;
    }
    if (file.kind !== "inside" || !file.stats.isFile()) continue; // does not resolve to a regular file: not a skill

    const read = await readSkillFrontmatter(file.real);
    if (!read.ok) {
      findings.add("agent_plugin_skill_invalid", `${path}: ${read.message}; the skill was skipped`, { path });
      continue;
    }
    const problems = skillFrontmatterProblems(read.frontmatter, name);
    if (problems.length > 0) {
      findings.add("agent_plugin_skill_invalid", `${path}: ${problems.join("; ")}; the skill was skipped`, { path });
      continue;
    }
    skills.push({ name, description: read.frontmatter["description"] as string, path });
  }
  // Folder names are unique and the skill name equals its folder: listing order is name order.
  return skills;
}
