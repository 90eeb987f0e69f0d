// Findings about the components of the validated source (SPEC.md 3.6, 3.7): the skill warnings
// (reference/src/validate/skills.ts), and the reasons an agent or an instruction is not usable
// (agents.ts, instructions.ts), which show in the detail of a member naming it (resolution.ts).
// A `failure` argument is a flaw of reference/src/frontmatter.ts, worded by
// reference/src/messages/frontmatter.ts; an `error` argument is the text of an OS error.

import { type FrontmatterFlaw, frontmatterFlawText, type ReadFlaw } from "../../messages/frontmatter.js";
import { type Messages, phrase, quote, type Wordings, wordBy } from "./wording.js";

// Skills (SPEC.md 3.7)

/** Why a skill's frontmatter name is not a usable name for its directory (skills.ts skillNameFlaw). */
export type SkillNameFlaw = "not-string" | "length" | "spelling" | "not-directory-name";

/** A problem of a skill's frontmatter fields other than the name (skills.ts skillFieldFlaws). */
export type SkillFieldFlaw =
  | { flaw: "description-missing" }
  | { flaw: "description"; maxCharacters: number }
  | { flaw: "not-string"; field: "license" | "allowed-tools" }
  | { flaw: "compatibility"; maxCharacters: number }
  | { flaw: "metadata" }
  | { flaw: "id" };

export type SkillProblem =
  | { code: "source_skipped_symlink"; kind: "skill-directory-symlink" }
  | { code: "source_unreadable_path"; kind: "skill-directory-unreadable"; error: string }
  | { code: "source_unreadable_path"; kind: "skill-directory-truncated"; maxEntries: number }
  | { code: "source_skipped_symlink"; kind: "skill-entry-symlink" }
  | { code: "source_unreadable_path"; kind: "skill-file-uninspectable"; error: string }
  | { code: "source_skipped_symlink"; kind: "skill-file-symlink" }
  | { code: "source_unreadable_path"; kind: "skill-file-unreadable"; failure: ReadFlaw }
  | { code: "source_malformed_frontmatter"; kind: "skill-frontmatter-malformed"; failure: Exclude<FrontmatterFlaw, ReadFlaw> }
  | { code: "source_malformed_frontmatter"; kind: "skill-frontmatter-not-utf8" }
  | { code: "source_malformed_frontmatter"; kind: "skill-name-missing" }
  | { code: "source_invalid_slot_name"; kind: "skill-name-invalid"; name: unknown; flaw: SkillNameFlaw; dir: string; maxCharacters: number }
  | { code: "source_malformed_frontmatter"; kind: "skill-fields"; flaws: SkillFieldFlaw[] };

const SKILL_NAME_FLAWS: Record<SkillNameFlaw, (dir: string, maxCharacters: number) => string> = {
  "not-string": () => "must be a string",
  length: (_dir, maxCharacters) => `must be 1-${maxCharacters} characters`,
  spelling: () => "may contain only a-z, 0-9 and single hyphens, not at either end",
  "not-directory-name": (dir) => `must equal the skill directory name ${quote(dir)}`,
};

/** What is wrong with a skill name, as the rest of a sentence about it (`name "x" must be a string`). */
export function skillNameFlawText(flaw: SkillNameFlaw, dir: string, maxCharacters: number): string {
  return phrase(SKILL_NAME_FLAWS, flaw)(dir, maxCharacters);
}

const SKILL_FIELD_FLAWS: Wordings<SkillFieldFlaw, "flaw"> = {
  "description-missing": () => "description is missing",
  description: (f) => `description must be a string of 1-${f.maxCharacters} characters with non-whitespace text`,
  "not-string": (f) => `${f.field} must be a string`,
  compatibility: (f) => `compatibility must be a string of 1-${f.maxCharacters} characters`,
  metadata: () => "metadata must be a mapping from strings to strings",
  id: () => "id must be a non-empty string",
};

export function skillFieldFlawText(flaw: SkillFieldFlaw): string {
  return wordBy(SKILL_FIELD_FLAWS, flaw, "flaw");
}

export const SKILL_MESSAGES: Messages<SkillProblem> = {
  "skill-directory-symlink": () => ({ message: "the source's skills directory is a symlink; it was not followed" }),
  "skill-directory-unreadable": (p) => ({ message: `cannot list skills: ${p.error}` }),
  "skill-directory-truncated": (p) => ({ message: `skills holds more than ${p.maxEntries} entries; the rest were not examined` }),
  "skill-entry-symlink": () => ({ message: "symlinked skill directories are not followed" }),
  "skill-file-uninspectable": (p) => ({ message: `cannot inspect SKILL.md: ${p.error}` }),
  "skill-file-symlink": () => ({ message: "a symlinked SKILL.md is not followed" }),
  "skill-file-unreadable": (p) => ({ message: `cannot read SKILL.md: ${frontmatterFlawText(p.failure)}` }),
  "skill-frontmatter-malformed": (p) => ({ message: frontmatterFlawText(p.failure) }),
  "skill-frontmatter-not-utf8": () => ({ message: "the frontmatter is not valid UTF-8" }),
  "skill-name-missing": () => ({ message: "name is missing" }),
  "skill-name-invalid": (p) => ({ message: `name ${quote(p.name)} ${skillNameFlawText(p.flaw, p.dir, p.maxCharacters)}` }),
  "skill-fields": (p) => ({ message: p.flaws.map(skillFieldFlawText).join("; ") }),
};

// Agents (SPEC.md 3.6: the published reference's convention agents/<dir>/AGENT.md)

/** Why an entry of agents/ is not a usable agent (agents.ts checkAgent, scanAgents). */
export type AgentRejection =
  | { flaw: "entry-symlink" }
  | { flaw: "file-symlink" }
  | { flaw: "not-file" }
  | { flaw: "too-large"; maxBytes: number }
  | { flaw: "uninspectable"; error: string }
  | { flaw: "unreadable"; failure: ReadFlaw }
  | { flaw: "not-utf8" }
  | { flaw: "frontmatter"; failure: Exclude<FrontmatterFlaw, ReadFlaw> }
  | { flaw: "schema-version" }
  | { flaw: "name"; dir: string }
  | { flaw: "description" }
  | { flaw: "id" }
  | { flaw: "empty-prompt" };

/** Why agents/ as a whole yields no agent, or not all of them (agents.ts scanAgents). */
export type AgentsUnavailable = { flaw: "agents-symlink" } | { flaw: "agents-unreadable"; error: string } | { flaw: "agents-truncated"; maxEntries: number };

const AGENT_REASONS: Wordings<AgentRejection | AgentsUnavailable, "flaw"> = {
  "entry-symlink": () => "the agent directory is a symlink",
  "file-symlink": () => "AGENT.md is a symlink",
  "not-file": () => "AGENT.md is not a regular file",
  "too-large": (r) => `AGENT.md is larger than ${r.maxBytes} bytes`,
  uninspectable: (r) => `cannot inspect AGENT.md: ${r.error}`,
  unreadable: (r) => frontmatterFlawText(r.failure),
  "not-utf8": () => "AGENT.md is not valid UTF-8",
  frontmatter: (r) => frontmatterFlawText(r.failure),
  "schema-version": () => "schema_version must be 1",
  name: (r) => `name must equal the directory name ${quote(r.dir)} (lower kebab case)`,
  description: () => "description must be a string with non-whitespace text",
  id: () => "id must be a non-empty string",
  "empty-prompt": () => "the Markdown prompt after the frontmatter is empty",
  "agents-symlink": () => "the source's agents directory is a symlink",
  "agents-unreadable": (r) => `cannot list agents: ${r.error}`,
  "agents-truncated": (r) => `agents holds more than ${r.maxEntries} entries; only the first were examined`,
};

export function agentReasonText(reason: AgentRejection | AgentsUnavailable): string {
  return wordBy(AGENT_REASONS, reason, "flaw");
}

// Instructions (SPEC.md 3.6: the published reference's convention instructions/<stem>.md)

/** Why instructions/ as a whole has no instruction (instructions.ts). */
export type InstructionsUnavailable =
  | { flaw: "directory-absent" }
  | { flaw: "directory-not-directory" }
  | { flaw: "directory-symlink" }
  | { flaw: "directory-unreadable"; error: string };

/**
 * Why instructions/<selector>.md is not a usable instruction (instructions.ts); `path` is that
 * path. A missing one tells whether the listing of instructions/ stopped at its entry bound.
 */
export type InstructionFlaw =
  | InstructionsUnavailable
  | { flaw: "missing"; path: string; truncated: boolean; maxEntries: number }
  | { flaw: "symlink"; path: string }
  | { flaw: "not-file"; path: string }
  | { flaw: "too-large"; path: string; maxBytes: number }
  | { flaw: "uninspectable"; path: string; error: string }
  | { flaw: "unreadable"; path: string; failure: ReadFlaw }
  | { flaw: "not-utf8"; path: string };

const INSTRUCTION_REASONS: Wordings<InstructionFlaw, "flaw"> = {
  "directory-absent": () => "the source has no instructions directory",
  "directory-not-directory": () => "the source's instructions path is not a directory",
  "directory-symlink": () => "the source's instructions directory is a symlink",
  "directory-unreadable": (r) => `cannot list instructions: ${r.error}`,
  missing: (r) => `${r.path} does not exist${r.truncated ? ` among the first ${r.maxEntries} entries of instructions (the rest were not examined)` : ""}`,
  symlink: (r) => `${r.path} is a symlink`,
  "not-file": (r) => `${r.path} is not a regular file`,
  "too-large": (r) => `${r.path} is larger than ${r.maxBytes} bytes`,
  uninspectable: (r) => `cannot inspect ${r.path}: ${r.error}`,
  unreadable: (r) => `${r.path}: ${frontmatterFlawText(r.failure)}`,
  "not-utf8": (r) => `${r.path} is not valid UTF-8`,
};

export function instructionReasonText(flaw: InstructionFlaw): string {
  return wordBy(INSTRUCTION_REASONS, flaw, "flaw");
}
