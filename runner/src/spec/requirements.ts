// Reads the requirement lines of SPEC.md (form: runner/src/spec/REQUIREMENT-FORM.md).

import { readFile } from "node:fs/promises";

export type Level = "MUST" | "MUST NOT" | "SHOULD" | "SHOULD NOT" | "MAY";

export interface Requirement {
  id: string;
  level: Level;
  source: string;
  text: string;
  line: number;
  /** The anchor of the heading it stands under, as GitHub makes it ("91-manifest"): a stable link. */
  section: string;
}

export interface SpecProblem {
  line: number;
  message: string;
}

export interface ParsedSpec {
  requirements: Map<string, Requirement>;
  problems: SpecProblem[];
}

const REQUIREMENT_LINE = /^- \*\*\[([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\]\*\* (MUST NOT|MUST|SHOULD NOT|SHOULD|MAY) \(([^)]+)\): (.+)$/;
// Anything that looks like a requirement definition but does not match the form is a problem,
// so a typo cannot silently drop a requirement from coverage.
const LOOKS_LIKE_DEFINITION = /^\s*[-*]\s+\**\[[A-Z][A-Z0-9]*-/;
const HEADING = /^#{1,6} (.+)$/;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

export function parseSpec(text: string): ParsedSpec {
  const requirements = new Map<string, Requirement>();
  const problems: SpecProblem[] = [];
  // a repeated heading gets GitHub's "-1", "-2", … after its anchor
  const anchorsSeen = new Map<string, number>();
  let section = "";
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    const heading = HEADING.exec(raw.trimEnd());
    if (heading) {
      const base = headingAnchor(heading[1] as string);
      const seen = anchorsSeen.get(base) ?? 0;
      anchorsSeen.set(base, seen + 1);
      section = seen === 0 ? base : `${base}-${seen}`;
      return;
    }
    const m = REQUIREMENT_LINE.exec(raw.trimEnd());
    if (!m) {
      if (LOOKS_LIKE_DEFINITION.test(raw)) {
        problems.push({ line, message: "looks like a requirement but does not follow `- **[ID]** LEVEL (SOURCE): TEXT`" });
      }
      return;
    }
    const [, id, level, source, body] = m as unknown as [string, string, Level, string, string];
    const earlier = requirements.get(id);
    if (earlier) {
      problems.push({ line, message: `requirement ${id} is defined twice (first at line ${earlier.line})` });
      return;
    }
    requirements.set(id, { id, level, source, text: body, line, section });
  });
  return { requirements, problems };
}

export async function loadSpec(file: string): Promise<ParsedSpec> {
  return parseSpec(await readFile(file, "utf8"));
}
