// Reads the requirement lines of SPEC.md (form: runner/src/spec/REQUIREMENT-FORM.md).

import { readFile } from "node:fs/promises";

export type Level = "MUST" | "MUST NOT" | "SHOULD" | "SHOULD NOT" | "MAY";

export interface Requirement {
  id: string;
  level: Level;
  source: string;
  text: string;
  line: number;
}

export interface SpecProblem {
  line: number;
  message: string;
}

export interface ParsedSpec {
  requirements: Map<string, Requirement>;
  problems: SpecProblem[];
}

const REQUIREMENT_LINE =
  /^- \*\*\[([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\]\*\* (MUST NOT|MUST|SHOULD NOT|SHOULD|MAY) \(([^)]+)\): (.+)$/;
// Anything that looks like a requirement definition but does not match the form is a problem,
// so a typo cannot silently drop a requirement from coverage.
const LOOKS_LIKE_DEFINITION = /^\s*[-*]\s+\**\[[A-Z][A-Z0-9]*-/;

export function parseSpec(text: string): ParsedSpec {
  const requirements = new Map<string, Requirement>();
  const problems: SpecProblem[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
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
    requirements.set(id, { id, level, source, text: body, line });
  });
  return { requirements, problems };
}

export async function loadSpec(file: string): Promise<ParsedSpec> {
  return parseSpec(await readFile(file, "utf8"));
}
