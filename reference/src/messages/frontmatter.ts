// Why reference/src/frontmatter.ts could not read a file, split its frontmatter or read that as
// a YAML mapping, and the wording of each reason. The validator (skills, agents, instructions)
// and the Agent Plugins loader (SKILL.md, package JSON files) quote these texts in their own
// findings. Not mutation-tested, like every messages/ folder (runner/mutation/stryker.config.mjs).

import { type Wordings, wordBy } from "../wording.js";

/** Why a file's first bytes could not be read (readHead); `error` is the OS error's text. */
export type ReadFlaw = { flaw: "cannot-open"; error: string } | { flaw: "cannot-read"; error: string };

/**
 * Why no frontmatter could be split off (splitFrontmatter): no opening `---` line, or no closing
 * one; `length` is how many bytes follow the opening line, `maxBytes` the bound the closing line
 * had to come within.
 */
export type SplitFlaw = { flaw: "no-opening-line" } | { flaw: "unclosed"; length: number; maxBytes: number };

/**
 * Why the frontmatter is not a YAML mapping (parseYamlMapping): flow collections nested too
 * deep, a YAML error (`error` is the parser's whole message), a value the parser cannot build
 * (too many aliases), or a document that is not a mapping.
 */
export type YamlFlaw = { flaw: "flow-too-deep"; maxDepth: number } | { flaw: "not-yaml"; error: string } | { flaw: "not-buildable"; error: string } | { flaw: "not-mapping" };

export type FrontmatterFlaw = ReadFlaw | SplitFlaw | YamlFlaw;

const FRONTMATTER_FLAWS: Wordings<FrontmatterFlaw, "flaw"> = {
  "cannot-open": (f) => `cannot open: ${f.error}`,
  "cannot-read": (f) => `cannot read: ${f.error}`,
  "no-opening-line": () => "the file does not start with a `---` frontmatter line",
  unclosed: (f) => (f.length > f.maxBytes ? `the frontmatter is not closed within ${f.maxBytes} bytes` : "the frontmatter has no closing `---` line"),
  "flow-too-deep": (f) => `the frontmatter nests flow collections deeper than ${f.maxDepth} levels`,
  // The parser's first line: the rest of its message shows the offending source.
  "not-yaml": (f) => `the frontmatter is not valid YAML: ${f.error.split("\n")[0]}`,
  "not-buildable": (f) => `the frontmatter cannot be read: ${f.error}`,
  "not-mapping": () => "the frontmatter is not a YAML mapping",
};

/** The text of a frontmatter flaw, as the findings that quote it show it. */
export function frontmatterFlawText(flaw: FrontmatterFlaw): string {
  return wordBy(FRONTMATTER_FLAWS, flaw, "flaw");
}
