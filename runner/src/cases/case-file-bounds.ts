// Bounds of one case file (KIT-CASE-FILE-BOUNDS), so that one hostile or broken file is a finding
// at its line while every other file still loads: its size is capped before it is parsed, YAML
// aliases are capped when it becomes data (an alias bomb), nesting too deep for the parser's
// recursion is caught, and duplicate keys are found in one pass (the yaml library's own check
// compares every key of a mapping with every other).

import { isScalar, visit, type Document, type LineCounter } from "yaml";

export const CASE_FILE_BOUNDS = {
  /** The largest case file in the suite is about 120 KB. */
  bytes: 2 * 1024 * 1024,
  /** As the reference bounds SKILL.md frontmatter (and the yaml library's default). */
  aliases: 100,
} as const;

export interface KeyAt {
  key: string;
  line: number;
}

/** Keys written twice in one mapping (the merge key `<<` aside), with the line of the second. */
export function duplicateKeys(doc: Document, counter: LineCounter): KeyAt[] {
  const found: KeyAt[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (key === "<<") continue;
        if (seen.has(key)) found.push({ key, line: counter.linePos(pair.key.range?.[0] ?? 0).line });
        seen.add(key);
      }
    },
  });
  return found;
}
