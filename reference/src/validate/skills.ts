// Skills of the validated source (SPEC.md 3.7): skills/<dir>/SKILL.md in the Agent Skills
// format. Findings are member_resolution warnings on the SKILL.md (or symlink) path; a skill
// with a finding is not available for resolution.

import type { Stats } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { decodeUtf8, hasText, MAX_FRONTMATTER_BYTES, parseYamlMapping, readHead, splitFrontmatter } from "../frontmatter.js";
import type { Finding } from "./diagnostic-codes.js";
import type { SkillFieldFlaw, SkillNameFlaw, SkillProblem } from "./messages/sources.js";
import { errorText } from "../wording.js";
import { listConventionDirectory, MAX_CONVENTION_ENTRIES } from "./source-dirs.js";

export const SKILLS_DIR = "skills";
export const SKILL_FILE = "SKILL.md";
const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SKILL_NAME = 64;
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;

export interface SkillComponent {
  /** Directory name under skills/ (equal to the frontmatter name). */
  dir: string;
  id?: string;
  /** Report path of the SKILL.md. */
  path: string;
}

/** A warning about the skills of the source, on the path it is about. */
export interface SkillFinding extends Finding {
  problem: SkillProblem;
}

export interface SkillScan {
  skills: SkillComponent[];
  warnings: SkillFinding[];
}

/** Code points, as Agent Skills counts characters. */
function characters(value: string): number {
  return [...value].length;
}

/** Why `name` is not the usable name of the skill in directory `dir`, or undefined when it is. */
export function skillNameFlaw(name: unknown, dir: string): SkillNameFlaw | undefined {
  if (typeof name !== "string") return "not-string";
  const length = characters(name);
  if (
    // Stryker disable next-line ConditionalExpression: the empty name fails the pattern below with the same code (the line holds the whole condition's start too)
    length < 1 ||
    length > MAX_SKILL_NAME
  )
    return "length";
  if (!SKILL_NAME.test(name)) return "spelling";
  if (name !== dir) return "not-directory-name";
  return undefined;
}

/**
 * Problems of Agent Skills' optional fields (license, allowed-tools, compatibility, metadata).
 * The Agent Plugins loader (reference/src/agent-plugins/skill-discovery.ts) checks its skills'
 * names and optional fields with these rules too, and words them in its own findings.
 */
export function optionalSkillFieldFlaws(frontmatter: Record<string, unknown>): SkillFieldFlaw[] {
  const flaws: SkillFieldFlaw[] = [];
  for (const field of ["license", "allowed-tools"] as const) {
    if (field in frontmatter && typeof frontmatter[field] !== "string") flaws.push({ flaw: "not-string", field });
  }
  if ("compatibility" in frontmatter) {
    const value = frontmatter["compatibility"];
    if (typeof value !== "string" || characters(value) < 1 || characters(value) > MAX_COMPATIBILITY) {
      flaws.push({ flaw: "compatibility", maxCharacters: MAX_COMPATIBILITY });
    }
  }
  if ("metadata" in frontmatter) {
    const value = frontmatter["metadata"];
    const isStringMap =
      typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value as Record<string, unknown>).every((entry) => typeof entry === "string");
    if (!isStringMap) flaws.push({ flaw: "metadata" });
  }
  return flaws;
}

/** Frontmatter problems other than the name (source_malformed_frontmatter). */
export function skillFieldFlaws(frontmatter: Record<string, unknown>): SkillFieldFlaw[] {
  const flaws: SkillFieldFlaw[] = [];
  const description = frontmatter["description"];
  // Stryker disable next-line ConditionalExpression: a missing description fails the string test below: the same finding
  if (description === undefined) flaws.push({ flaw: "description-missing" });
  else if (typeof description !== "string" || !hasText(description) || characters(description) > MAX_DESCRIPTION) {
    flaws.push({ flaw: "description", maxCharacters: MAX_DESCRIPTION });
  }
  flaws.push(...optionalSkillFieldFlaws(frontmatter));
  if ("id" in frontmatter && !hasText(frontmatter["id"])) flaws.push({ flaw: "id" });
  return flaws;
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
  const warn = (path: string, problem: SkillProblem) => scan.warnings.push({ path, problem });

  const listing = await listConventionDirectory(sourceRoot, SKILLS_DIR);
  switch (listing.kind) {
    case "absent":
    case "not-directory":
      return scan;
    case "symlink":
      warn(SKILLS_DIR, { code: "source_skipped_symlink", kind: "skill-directory-symlink" });
      return scan;
    case "unreadable":
      warn(SKILLS_DIR, { code: "source_unreadable_path", kind: "skill-directory-unreadable", error: listing.error });
      return scan;
    // Stryker disable next-line ConditionalExpression,StringLiteral: "listed" is the only kind left, and leaving the switch is what break does
    case "listed":
      break;
  }
  if (listing.truncated) {
    warn(SKILLS_DIR, { code: "source_unreadable_path", kind: "skill-directory-truncated", maxEntries: MAX_CONVENTION_ENTRIES });
  }

  for (const entry of listing.entries) {
    const dirPath = `${SKILLS_DIR}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      warn(dirPath, { code: "source_skipped_symlink", kind: "skill-entry-symlink" });
      continue;
    }
    if (!entry.isDirectory()) continue;
    const path = `${dirPath}/${SKILL_FILE}`;
    const file = join(sourceRoot, SKILLS_DIR, entry.name, SKILL_FILE);
    const stats = await lstatOrUndefined(file);
    if (stats === "missing") continue; // not a skill
    if ("error" in stats) {
      warn(path, { code: "source_unreadable_path", kind: "skill-file-uninspectable", error: errorText(stats.error) });
      continue;
    }
    if (stats.isSymbolicLink()) {
      warn(path, { code: "source_skipped_symlink", kind: "skill-file-symlink" });
      continue;
    }
    if (!stats.isFile()) continue; // a directory or special file named SKILL.md is not a skill

    // The frontmatter opener, at most 64 KiB of frontmatter, and the closing line.
    const head = await readHead(file, MAX_FRONTMATTER_BYTES + 16);
    if (!head.ok) {
      warn(path, { code: "source_unreadable_path", kind: "skill-file-unreadable", failure: head.flaw });
      continue;
    }
    const split = splitFrontmatter(head.bytes, head.complete);
    // Stryker disable next-line ConditionalExpression,BlockStatement: going on decodes undefined as "", which is not a mapping: the same source_malformed_frontmatter
    if (!split.ok) {
      warn(path, { code: "source_malformed_frontmatter", kind: "skill-frontmatter-malformed", failure: split.flaw });
      continue;
    }
    const text = decodeUtf8(split.frontmatter);
    if (text === undefined) {
      warn(path, { code: "source_malformed_frontmatter", kind: "skill-frontmatter-not-utf8" });
      continue;
    }
    const parsed = parseYamlMapping(text);
    if (!parsed.ok) {
      warn(path, { code: "source_malformed_frontmatter", kind: "skill-frontmatter-malformed", failure: parsed.flaw });
      continue;
    }
    const frontmatter = parsed.value;
    let usable = true;
    if (!("name" in frontmatter)) {
      warn(path, { code: "source_malformed_frontmatter", kind: "skill-name-missing" });
      usable = false;
    } else {
      const flaw = skillNameFlaw(frontmatter["name"], entry.name);
      if (flaw) {
        warn(path, { code: "source_invalid_slot_name", kind: "skill-name-invalid", name: frontmatter["name"], flaw, dir: entry.name, maxCharacters: MAX_SKILL_NAME });
        usable = false;
      }
    }
    const flaws = skillFieldFlaws(frontmatter);
    if (flaws.length > 0) {
      warn(path, { code: "source_malformed_frontmatter", kind: "skill-fields", flaws });
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
