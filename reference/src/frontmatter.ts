// Bounded reading of Markdown files with YAML frontmatter (SKILL.md, AGENT.md) and of plain
// Markdown (instructions). Files are opened only after lstat called them regular files, with
// O_NOFOLLOW, and never more than a fixed number of bytes is read. YAML is parsed as data
// (YAML 1.2 core schema, unique keys, bounded aliases): nothing in it is executed.

import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { Lexer, parseDocument } from "yaml";
import type { ReadFlaw, SplitFlaw, YamlFlaw } from "./messages/frontmatter.js";
import { errorText } from "./wording.js";

export type { FrontmatterFlaw, ReadFlaw, SplitFlaw, YamlFlaw } from "./messages/frontmatter.js";

/** Bytes of frontmatter a consumer reads at most (the published reference's bound). */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;
/** Bytes of an instruction or agent file (the published reference's bound). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
const MAX_YAML_ALIASES = 100;

export type ReadHead = { ok: true; bytes: Buffer; complete: boolean } | { ok: false; flaw: ReadFlaw };

/** Reads at most `limit` bytes of a regular file; `complete` tells whether that was all of it. */
export async function readHead(file: string, limit: number): Promise<ReadHead> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, flaw: { flaw: "cannot-open", error: errorText(error) } };
  }
  try {
    const buffer = Buffer.alloc(limit + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const complete = filled <= limit;
    return { ok: true, bytes: buffer.subarray(0, Math.min(filled, limit)), complete };
  } catch (error) {
    return { ok: false, flaw: { flaw: "cannot-read", error: errorText(error) } };
  } finally {
    await handle.close();
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export type Split = { ok: true; frontmatter: Buffer; body: Buffer } | { ok: false; flaw: SplitFlaw };

const NEWLINE = 0x0a;

/**
 * Splits `---` frontmatter from the body, at the byte level: the document must start with a
 * `---` line (LF or CRLF) and the frontmatter ends at the next line that is exactly `---`.
 * `complete` is false when `bytes` is only the head of a longer file.
 */
export function splitFrontmatter(bytes: Buffer, complete = true, maxFrontmatterBytes = MAX_FRONTMATTER_BYTES): Split {
  let start: number;
  if (bytes.subarray(0, 4).equals(Buffer.from("---\n"))) start = 4;
  else if (bytes.subarray(0, 5).equals(Buffer.from("---\r\n"))) start = 5;
  // Stryker disable next-line BooleanLiteral: ok: true without a frontmatter decodes as "", which is not a mapping: the same finding for skills and agents
  else return { ok: false, flaw: { flaw: "no-opening-line" } };
  let lineStart = start;
  while (lineStart <= bytes.length) {
    const newline = bytes.indexOf(NEWLINE, lineStart);
    const lineEnd = newline === -1 ? bytes.length : newline;
    let line = bytes.subarray(lineStart, lineEnd);
    if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
    // A last line without its newline may continue past a truncated read.
    if (line.equals(Buffer.from("---")) && (newline !== -1 || complete)) {
      if (lineStart - start > maxFrontmatterBytes) break;
      const bodyStart = newline === -1 ? bytes.length : newline + 1;
      return { ok: true, frontmatter: bytes.subarray(start, lineStart), body: bytes.subarray(bodyStart) };
    }
    if (lineStart - start > maxFrontmatterBytes) break;
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return {
    // Stryker disable next-line BooleanLiteral: ok: true without a frontmatter decodes as "", which is not a mapping: the same finding for skills and agents
    ok: false,
    flaw: { flaw: "unclosed", length: bytes.length - start, maxBytes: maxFrontmatterBytes },
  };
}

export type YamlMapping = { ok: true; value: Record<string, unknown> } | { ok: false; flaw: YamlFlaw };

/** Flow collections nested deeper than this are refused before parsing (published reference's bound). */
export const MAX_FLOW_DEPTH = 64;

/**
 * The deepest nesting of flow collections (`[`, `{`), counted on the tokens of the YAML
 * library's own lexer (iterative, so it cannot overflow): quoted scalars and comments are
 * single tokens there, exactly as the parser will see them. The guard runs before the
 * recursive parser, which a few thousand nested brackets would drive into a stack overflow.
 */
export function flowDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === "[" || token === "{") {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if ((token === "]" || token === "}") && depth > 0) {
      depth -= 1;
    }
  }
  return deepest;
}

export function parseYamlMapping(text: string): YamlMapping {
  if (flowDepth(text) > MAX_FLOW_DEPTH) return { ok: false, flaw: { flaw: "flow-too-deep", maxDepth: MAX_FLOW_DEPTH } };
  // Stryker disable next-line ObjectLiteral: YAML 1.2, the core schema and unique keys are the yaml library's defaults; prettyErrors only changes a message
  const document = parseDocument(text, {
    version: "1.2",
    // Stryker disable next-line StringLiteral: the core schema is the yaml library's default for YAML 1.2
    schema: "core",
    uniqueKeys: true,
    // Stryker disable next-line BooleanLiteral: prettyErrors only changes a message
    prettyErrors: false,
  });
  const error = document.errors[0];
  if (error) return { ok: false, flaw: { flaw: "not-yaml", error: error.message } };
  let value: unknown;
  try {
    // Stryker disable BlockStatement: the catch block: without its return the undefined value is not a mapping, the same finding
    // Stryker disable next-line ObjectLiteral: 100 is also the yaml library's default alias bound
    value = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (problem) {
    return { ok: false, flaw: { flaw: "not-buildable", error: errorText(problem) } };
  }
  // Stryker restore BlockStatement
  if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof Map) {
    return { ok: false, flaw: { flaw: "not-mapping" } };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Has at least one character that is not whitespace. */
export function hasText(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}
