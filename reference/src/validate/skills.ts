// Skills of the validated source (SPEC.md 3.7): skills/<dir>/SKILL.md in the Agent Skills
// format. Findings are member_resolution warnings on the SKILL.md (or symlink) path; a skill
// with a finding is not available for resolution.

import type { Stats } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { decodeUtf8, hasText, MAX_FRONTMATTER_BYTES, parseYamlMapping, readHead, splitFrontmatter } from "../frontmatter.js";
import { errorText, listConventionDirectory, MAX_CONVENTION_ENTRIES } from "./source-dirs.js";

export const SKILLS_DIR = "skills";
export const SKILL_FILE = "SKILL.md";
const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SKILL_NAME = 64;
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;

export type SourceWarningCode = "source_malformed_frontmatter" | "source_invalid_slot_name" | "source_skipped_symlink" | "source_unreadable_path";

export interface SourceWarning {
  code: SourceWarningCode;
  path: string;
  message: string;
}

export interface SkillComponent {
  /** Directory name under skills/ (equal to the frontmatter name). */
  dir: string;
  id?: string;
  /** Report path of the SKILL.md. */
  path: string;
}

export interface SkillScan {
  skills: SkillComponent[];
  warnings: SourceWarning[];
}

/** Code points, as Agent Skills counts characters. */
function characters(value: string): number {
  return [...value].length;
}

export function skillNameProblem(name: unknown, dir: string): string | undefined {
  if (typeof name !== "string") return "must be a string";
  const length = characters(name);
  // Stryker disable next-line ConditionalExpression: the empty name fails the pattern below with the same code
  if (length < 1 || length > MAX_SKILL_NAME) return `must be 1-${MAX_SKILL_NAME} characters`;
  if (!SKILL_NAME.test(name)) return "may contain only a-z, 0-9 and single hyphens, not at either end";
  if (name !== dir) return `must equal the skill directory name ${JSON.stringify(dir)}`;
  return undefined;
}

/** Problems of Agent Skills' optional fields (license, allowed-tools, compatibility, metadata). */
export function optionalSkillFieldProblems(frontmatter: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of ["license", "allowed-tools"]) {
    // Stryker disable next-line StringLiteral: problems only count and are joined into the message: any text gives the same finding
    if (key in frontmatter && typeof frontmatter[key] !== "string") problems.push(`${key} must be a string`);
  }
  if ("compatibility" in frontmatter) {
    const value = frontmatter["compatibility"];
    if (typeof value !== "string" || characters(value) < 1 || characters(value) > MAX_COMPATIBILITY) {
      // Stryker disable next-line StringLiteral: problems only count and are joined into the message: any text gives the same finding
      problems.push(`compatibility must be a string of 1-${MAX_COMPATIBILITY} characters`);
    }
  }
  if ("metadata" in frontmatter) {
    const value = frontmatter["metadata"];
    const isStringMap =
      typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value as Record<string, unknown>).every((entry) => typeof entry === "string");
    // Stryker disable next-line StringLiteral: problems only count and are joined into the message: any text gives the same finding
    if (!isStringMap) problems.push("metadata must be a mapping from strings to strings");
  }
  return problems;
}

/** Frontmatter problems other than the name (source_malformed_frontmatter). */
export function skillFieldProblems(frontmatter: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const description = frontmatter["description"];
  // Stryker disable next-line ConditionalExpression,StringLiteral: a missing description fails the string test below (the same finding); problems only count and are joined into the message: any text gives the same finding
  if (description === undefined) problems.push("description is missing");
  else if (typeof description !== "string" || !hasText(description) || characters(description) > MAX_DESCRIPTION) {
    // Stryker disable next-line StringLiteral: problems only count and are joined into the message: any text gives the same finding
    problems.push(`description must be a string of 1-${MAX_DESCRIPTION} characters with non-whitespace text`);
  }
  problems.push(...optionalSkillFieldProblems(frontmatter));
  // Stryker disable next-line StringLiteral: problems only count and are joined into the message: any text gives the same finding
  if ("id" in frontmatter && !hasText(frontmatter["id"])) problems.push("id must be a non-empty string");
  return problems;
}

async function lstatOrUndefined(path: string): Promise<Stats | "missing" | { error: unknown }> {
  try {
    return await lstat(path);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: fs promises reject only with Error objects that carry a code, and errors other than ENOENT need a path root cannot inspect
    if (typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ENOENT") return "missing";
    return { error };
  }
}

export async function scanSkills(sourceRoot: string): Promise<SkillScan> {
  const scan: SkillScan = { skills: [], warnings: [] };
  const warn = (code: SourceWarningCode, path: string, message: string) => scan.warnings.push({ code, path, message });

  const listing = await listConventionDirectory(sourceRoot, SKILLS_DIR);
  switch (listing.kind) {
    case "absent":
    case "not-directory":
      return scan;
    case "symlink":
      warn("source_skipped_symlink", SKILLS_DIR, "the source's skills directory is a symlink; it was not followed");
      return scan;
    case "unreadable":
      warn("source_unreadable_path", SKILLS_DIR, `cannot list skills: ${listing.message}`);
      return scan;
    // Stryker disable next-line ConditionalExpression,StringLiteral: "listed" is the only kind left, and leaving the switch is what break does
    case "listed":
      break;
  }
  if (listing.truncated) {
    warn("source_unreadable_path", SKILLS_DIR, `skills holds more than ${MAX_CONVENTION_ENTRIES} entries; the rest were not examined`);
  }

  for (const entry of listing.entries) {
    const dirPath = `${SKILLS_DIR}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      warn("source_skipped_symlink", dirPath, "symlinked skill directories are not followed");
      continue;
    }
    if (!entry.isDirectory()) continue;
    const path = `${dirPath}/${SKILL_FILE}`;
    const file = join(sourceRoot, SKILLS_DIR, entry.name, SKILL_FILE);
    const stats = await lstatOrUndefined(file);
    if (stats === "missing") continue; // not a skill
    if ("error" in stats) {
      warn("source_unreadable_path", path, `cannot inspect ${SKILL_FILE}: ${errorText(stats.error)}`);
      continue;
    }
    if (stats.isSymbolicLink()) {
      warn("source_skipped_symlink", path, `a symlinked ${SKILL_FILE} is not followed`);
      continue;
    }
    if (!stats.isFile()) continue; // a directory or special file named SKILL.md is not a skill

    // The frontmatter opener, at most 64 KiB of frontmatter, and the closing line.
    const head = await readHead(file, MAX_FRONTMATTER_BYTES + 16);
    if (!head.ok) {
      warn("source_unreadable_path", path, `cannot read ${SKILL_FILE}: ${head.message}`);
      continue;
    }
    const split = splitFrontmatter(head.bytes, head.complete);
    // Stryker disable next-line ConditionalExpression,BlockStatement: going on decodes undefined as "", which is not a mapping: the same source_malformed_frontmatter
    if (!split.ok) {
      warn("source_malformed_frontmatter", path, split.message);
      continue;
    }
    const text = decodeUtf8(split.frontmatter);
    if (text === undefined) {
      warn("source_malformed_frontmatter", path, "the frontmatter is not valid UTF-8");
      continue;
    }
    const parsed = parseYamlMapping(text);
    if (!parsed.ok) {
      warn("source_malformed_frontmatter", path, parsed.message);
      continue;
    }
    const frontmatter = parsed.value;
    let usable = true;
    if (!("name" in frontmatter)) {
      warn("source_malformed_frontmatter", path, "name is missing");
      usable = false;
    } else {
      const problem = skillNameProblem(frontmatter["name"], entry.name);
      if (problem) {
        warn("source_invalid_slot_name", path, `name ${JSON.stringify(frontmatter["name"])} ${problem}`);
        usable = false;
      }
    }
    const problems = skillFieldProblems(frontmatter);
    if (problems.length > 0) {
      warn("source_malformed_frontmatter", path, problems.join("; "));
      usable = false;
    }
    if (!usable) continue;
    const skill: SkillComponent = { dir: entry.name, path };
    const id = frontmatter["id"];
    // Stryker disable next-line ConditionalExpression: an id that is not a string is already a problem above, so the skill is not usable
    if (typeof id === "string") skill.id = id;
    scan.skills.push(skill);
  }
  return scan;
}
