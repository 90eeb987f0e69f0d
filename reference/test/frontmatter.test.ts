// Bounded frontmatter reading (SKILL.md, AGENT.md): splitting, the flow-depth guard that keeps
// the recursive YAML parser away from a stack overflow, and alias bombs.

import { describe, expect, it } from "vitest";
import { flowDepth, parseYamlMapping, splitFrontmatter } from "../src/frontmatter.js";
import { frontmatterFlawText } from "../src/messages/frontmatter.js";

describe("splitFrontmatter", () => {
  it("splits LF and CRLF documents", () => {
    const lf = splitFrontmatter(Buffer.from("---\nname: a\n---\nbody\n"));
    expect(lf.ok && [lf.frontmatter.toString(), lf.body.toString()]).toEqual(["name: a\n", "body\n"]);
    const crlf = splitFrontmatter(Buffer.from("---\r\nname: a\r\n---\r\nbody"));
    expect(crlf.ok && [crlf.frontmatter.toString(), crlf.body.toString()]).toEqual(["name: a\r\n", "body"]);
    const bare = splitFrontmatter(Buffer.from("---\nname: a\n---"));
    expect(bare.ok && bare.body.length).toBe(0);
  });

  it("refuses documents without an opening or closing line", () => {
    expect(splitFrontmatter(Buffer.from("# title\n---\n"))).toEqual({ ok: false, flaw: { flaw: "no-opening-line" } });
    expect(splitFrontmatter(Buffer.from(" ---\nname: a\n---\n"))).toEqual({ ok: false, flaw: { flaw: "no-opening-line" } });
    const unclosed = splitFrontmatter(Buffer.from("---\nname: a\n----\n"));
    expect(unclosed).toEqual({ ok: false, flaw: { flaw: "unclosed", length: 13, maxBytes: 65536 } });
    if (!unclosed.ok) expect(frontmatterFlawText(unclosed.flaw)).toBe("the frontmatter has no closing `---` line");
  });

  it("refuses frontmatter longer than the bound, and a closing line cut by a truncated read", () => {
    const long = Buffer.from(`---\nx: ${"a".repeat(70000)}\n---\n`);
    const split = splitFrontmatter(long);
    expect(split.ok).toBe(false);
    if (!split.ok) expect(frontmatterFlawText(split.flaw)).toBe("the frontmatter is not closed within 65536 bytes");
    expect(splitFrontmatter(Buffer.from("---\nname: a\n---"), false).ok).toBe(false);
  });
});

describe("parseYamlMapping", () => {
  it("counts flow depth on lexer tokens: quotes and comments do not count", () => {
    expect(flowDepth("a: [[1], {b: [2]}]\n")).toBe(3);
    expect(flowDepth("a: \"[[[[\"\nb: '[['\n# [[[[\n")).toBe(0);
    expect(flowDepth("a: it's [x]\n")).toBe(0); // a plain scalar, as the parser sees it
    expect(flowDepth('a: [ "]", [ "]", [ "]" ] ] ]\n')).toBe(3);
  });

  it("refuses deep flow nesting before parsing, however deep", () => {
    expect(parseYamlMapping(`a: ${"[".repeat(64)}${"]".repeat(64)}`).ok).toBe(true);
    for (const depth of [65, 10000, 30000]) {
      const result = parseYamlMapping(`a: ${"[".repeat(depth)}${"]".repeat(depth)}`);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.flaw).toEqual({ flaw: "flow-too-deep", maxDepth: 64 });
    }
  });

  it("refuses alias bombs, duplicate keys and non-mappings", () => {
    let bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (let i = 1; i < 10; i += 1) bomb += `a${i}: &a${i} [${`*a${i - 1}, `.repeat(10)}]\n`;
    expect(parseYamlMapping(bomb).ok).toBe(false);
    expect(parseYamlMapping("a: 1\na: 2\n").ok).toBe(false);
    expect(parseYamlMapping("- a\n").ok).toBe(false);
    expect(parseYamlMapping("").ok).toBe(false);
    expect(parseYamlMapping("just text").ok).toBe(false);
  });

  it("reads YAML 1.2 core scalars as data", () => {
    const result = parseYamlMapping("name: review\nflag: yes\nversion: 1.0\ntagged: !!js/function foo\n");
    expect(result).toEqual({ ok: true, value: { name: "review", flag: "yes", version: 1, tagged: "foo" } });
  });
});
