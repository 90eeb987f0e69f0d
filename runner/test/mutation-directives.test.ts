// Every `// Stryker disable|restore` directive in the reference must lead a statement. Stryker
// reads a directive only from a node's leading comments; Babel makes a comment written just
// before a `}` the trailing comment of the statement above it (and one inside a call chain, before
// `.map(…)`, leads no node Stryker reads), so such a directive is silently
// dead: a disable marks nothing, and a restore never ends its region, which then marks every
// later mutant of its mutators in the file (runner/mutation/EQUIVALENT.md, "Rules").

import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const KIT_ROOT = resolve(import.meta.dirname, "../..");
const SOURCES = resolve(KIT_ROOT, "reference/src");

/** Each directive whose next line that is not a comment closes a block, continues a call chain (`.map(…)`) or ends the file. */
function deadDirectives(file: string, text: string): string[] {
  const lines = text.split("\n");
  const dead: string[] = [];
  lines.forEach((line, i) => {
    if (!/\/\/\s?Stryker (disable|restore)/.test(line) || !/^\s*\/\//.test(line)) return;
    const next = lines.slice(i + 1).find((l) => !/^\s*(\/\/.*)?$/.test(l));
    if (next === undefined || /^\s*(\}|\.(?!\.\.))/.test(next)) dead.push(`${file}:${i + 1}: ${line.trim().slice(0, 80)}`);
  });
  return dead;
}

describe("the equivalent-mutant directives", () => {
  it("finds a directive before a closing brace or at the end of a file", () => {
    const text = [
      "try {",
      "  run();",
      "  // Stryker disable BlockStatement: x",
      "} catch {",
      "  // Stryker restore BlockStatement",
      "  a(",
      "    // Stryker disable next-line ArrowFunction: y",
      "  ).map((v) => v);",
      "  list",
      "    // Stryker disable next-line ArrowFunction: z",
      "    .map((v) => v);",
      "}",
      "// Stryker restore all",
      "",
    ].join("\n");
    expect(deadDirectives("f.ts", text)).toEqual([
      "f.ts:3: // Stryker disable BlockStatement: x",
      "f.ts:10: // Stryker disable next-line ArrowFunction: z",
      "f.ts:13: // Stryker restore all",
    ]);
  });

  it("each lead a statement in reference/src", () => {
    const files = readdirSync(SOURCES, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts"))
      .map((e) => join(e.parentPath, e.name));
    const dead = files.flatMap((f) => deadDirectives(relative(KIT_ROOT, f), readFileSync(f, "utf8")));
    expect(dead).toEqual([]);
  });
});
