// Reading and decoding one PLUGIN.toml under the draft 0.1 reference limits.
// Order matters: size is checked before any byte is parsed, UTF-8 before TOML, and the
// decoded value is walked once to enforce nesting, string/key bytes and array lengths while
// it is converted to the JSON data model the structural schema is written against.
// Nothing here throws for bad input: every failure is returned as a DecodeFailure.

import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { parse, TomlError } from "smol-toml";
import { LIMITS, PARSER_MAX_DEPTH } from "./limits.js";
import { errorText } from "../wording.js";
import { type DecodeProblem, firstMalformedOffset, tomlReason } from "./messages/decode.js";

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/**
 * Why a manifest could not be read (unreadable_plugin_path) or decoded (invalid_plugin_package),
 * worded in messages/decode.ts.
 */
export type DecodeFailure = DecodeProblem;

export type ReadResult = { ok: true; bytes: Buffer } | { ok: false; failure: DecodeFailure };
export type DecodeResult = { ok: true; manifest: JsonObject } | { ok: false; failure: DecodeFailure };

/** Over the manifest size limit: `bytes` when the whole size is known, else only "more than the limit". */
function manifestTooLarge(bytes?: number): DecodeFailure {
  return { code: "invalid_plugin_package", kind: "manifest-too-large", bytes };
}

/**
 * Reads at most manifest_bytes + 1 bytes, so an oversized (or growing, or endless) file is
 * refused without being loaded. The caller has already checked that it is a regular file.
 */
export async function readManifestBytes(file: string): Promise<ReadResult> {
  let handle;
  try {
    // Discovery has checked the path with lstat; what is there now may have been swapped since:
    // a symlink is not followed, and a FIFO or device does not block the open.
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, failure: { code: "unreadable_plugin_path", kind: "manifest-unopenable", error: errorText(error) } };
  }
  try {
    const info = await handle.stat();
    // Stryker disable next-line ConditionalExpression,BlockStatement: only a file swapped in after discovery's lstat (a FIFO, a device) reaches this; no case can race the validator, reference/test/manifest-decode.test.ts opens a FIFO here
    if (!info.isFile()) {
      // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: as above
      return { ok: false, failure: { code: "unreadable_plugin_path", kind: "manifest-not-regular-file" } };
    }
    // right-sized (20,000 manifests must not cost 20,000 buffers of the limit's size): the file's
    // size plus one byte; a file that grew since is read on, up to the limit plus one
    let buffer = Buffer.alloc(Math.min(info.size, LIMITS.manifest_bytes) + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      // Stryker disable ConditionalExpression,EqualityOperator,ArithmeticOperator,BlockStatement: growing the buffer matters only for a file that grows while it is read, which no case can make; for any other file every variant reads the same bytes
      if (filled < buffer.length) continue;
      if (buffer.length > LIMITS.manifest_bytes) break;
      const larger = Buffer.alloc(LIMITS.manifest_bytes + 1);
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    }
    // (the restore leads the statement after the loop: written before the loop's `}` it would be a
    // trailing comment, which Stryker does not read, and the region would run to the file's end)
    // Stryker restore ConditionalExpression,EqualityOperator,ArithmeticOperator,BlockStatement
    if (filled > LIMITS.manifest_bytes) return { ok: false, failure: manifestTooLarge() };
    // (a directive before `} catch` would not reach the blocks below: it must lead a statement)
    // Stryker disable BlockStatement: the catch and finally blocks: errors here need a file root cannot read, and a descriptor left open is not observable
    return { ok: true, bytes: buffer.subarray(0, filled) };
  } catch (error) {
    return { ok: false, failure: { code: "unreadable_plugin_path", kind: "manifest-unreadable", error: errorText(error) } };
  } finally {
    // Stryker restore BlockStatement
    await handle.close().catch(() => undefined);
  }
}

/** Decodes manifest bytes (already read) into the JSON data model, enforcing every limit. */
export function decodeManifest(bytes: Uint8Array): DecodeResult {
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,BooleanLiteral: the validator's bytes come from readManifestBytes, which already refuses more; kept for other callers
  if (bytes.length > LIMITS.manifest_bytes) return { ok: false, failure: manifestTooLarge(bytes.length) };

  let text: string;
  try {
    // fatal: reject malformed sequences instead of substituting U+FFFD. A UTF-8 BOM is dropped.
    // Stryker disable BlockStatement: the catch block below (a region: a next-line directive here would cover only this line): without its return the undefined text fails to parse, still invalid_plugin_package
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Stryker restore BlockStatement
    // Stryker disable next-line BooleanLiteral: ok: true without a manifest fails the structure check: invalid_plugin_package either way
    return { ok: false, failure: { code: "invalid_plugin_package", kind: "manifest-encoding", offset: firstMalformedOffset(bytes) } };
  }

  let table: unknown;
  try {
    // integersAsBigInt: integers come back as bigints, so a TOML float (`1000.0`, `1e3`) stays
    // distinguishable from the integer 1000 (SPEC 2, PAP-STRUCT-TOML-FLOAT).
    table = parse(text, { maxDepth: PARSER_MAX_DEPTH, integersAsBigInt: true });
  } catch (error) {
    // Stryker disable next-line BooleanLiteral: ok: true without a manifest fails the structure check: invalid_plugin_package either way
    return { ok: false, failure: parseFailure(error) };
  }

  try {
    return { ok: true, manifest: new BoundsWalker().root(table) };
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: the failure below has the same code, invalid_plugin_package, and ok: true without a manifest fails the structure check with that code too
    if (error instanceof BoundViolation) return { ok: false, failure: error.failure };
    // Not expected (the walk is bounded); still a result, never a crash.
    return { ok: false, failure: { code: "invalid_plugin_package", kind: "manifest-undecodable", error: errorText(error) } };
  }
}

// Which failure a parser error becomes: every one is invalid_plugin_package, the kind only chooses
// the message (its values are read in validate/messages/decode.ts, not mutated).
function parseFailure(error: unknown): DecodeFailure {
  // Stryker disable next-line ConditionalExpression: every branch is invalid_plugin_package; the kind only chooses the message
  if (error instanceof TomlError) {
    const reason = tomlReason(error);
    // Stryker disable next-line ConditionalExpression,Regex: inline nesting and other syntax errors are both invalid_plugin_package; the kind only chooses the message
    if (/excessively nested/.test(reason)) return { code: "invalid_plugin_package", kind: "manifest-inline-nesting", line: error.line, column: error.column };
    return { code: "invalid_plugin_package", kind: "manifest-syntax", line: error.line, column: error.column, reason };
  }
  // Stack exhaustion should be impossible with maxDepth set, but stays a finding if it happens.
  // Stryker disable next-line ConditionalExpression: every branch is invalid_plugin_package; the kind only chooses the message
  if (error instanceof RangeError) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: unreachable: maxDepth bounds smol-toml's recursion (a stack overflow is what this would catch)
    return { code: "invalid_plugin_package", kind: "manifest-stack-exhausted", error: error.message };
  }
  return { code: "invalid_plugin_package", kind: "manifest-parse-error", error: errorText(error) };
}

class BoundViolation extends Error {
  constructor(readonly failure: DecodeFailure) {
    super(failure.kind);
  }
}

/** The float markers this module made: known by identity, so a table the author wrote with a `toml_float` key is never one. */
const FLOAT_MARKERS = new WeakSet<object>();

/** How a TOML float enters the data model: `{"toml_float": "1000"}` (its value, as text). */
function tomlFloat(value: number): JsonObject {
  const marker = Object.create(null) as JsonObject;
  // Stryker disable next-line StringLiteral: the marker's key is never read; any object is refused where an integer is required
  marker["toml_float"] = String(value);
  FLOAT_MARKERS.add(marker);
  return marker;
}

/** A TOML float as decodeManifest represents it. */
export function isTomlFloat(value: unknown): boolean {
  return typeof value === "object" && value !== null && FLOAT_MARKERS.has(value);
}

/**
 * One depth-first walk over smol-toml's output (null-prototype objects, arrays, strings,
 * numbers, booleans, TomlDate). Stops at the first violation, in document order.
 * Recursion is bounded: a container past level 32 is refused before its children are visited.
 */
class BoundsWalker {
  // Stryker disable next-line ArrayDeclaration: the path only locates a violation (its pointer, papc's extension, never compared)
  private readonly path: (string | number)[] = [];

  root(table: unknown): JsonObject {
    const value = this.visit(table, 0);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: unreachable: smol-toml always returns a table for a document
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      // Stryker disable next-line ObjectLiteral,StringLiteral: unreachable: smol-toml always returns a table for a document
      this.fail({ code: "invalid_plugin_package", kind: "manifest-not-table" });
    }
    return value;
  }

  /** Stops the walk at its first violation (so `this.path`, which a violation holds as its location, stays as it is). */
  private fail(violation: DecodeFailure): never {
    throw new BoundViolation(violation);
  }

  /** `level` is the nesting level this value has if it is a table or an array. */
  private visit(value: unknown, level: number): JsonValue {
    if (typeof value === "string") {
      // Stryker disable next-line StringLiteral: Buffer.byteLength counts UTF-8 without an encoding
      const bytes = Buffer.byteLength(value, "utf8");
      if (bytes > LIMITS.string_bytes) this.fail({ code: "invalid_plugin_package", kind: "manifest-string-bytes", at: this.path, bytes });
      return value;
    }
    if (typeof value === "boolean") return value;
    if (typeof value === "bigint") {
      // Stryker disable next-line ConditionalExpression: over 2^53 a number cannot hold the integer: invalid_plugin_package either way
      if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
        this.fail({ code: "invalid_plugin_package", kind: "manifest-integer-range", at: this.path });
      return Number(value);
    }
    // A TOML float is never a number of the data model: every number draft 0.1 defines is an
    // integer (schema_version, timeout_ms), and JSON Schema would take 1000.0 for the integer
    // 1000. It reaches the schema as a marker object, which no integer or const position
    // accepts; inside the opaque `providers` it is inert, like a date-time.
    if (typeof value === "number") return tomlFloat(value);
    // TomlDate extends Date; its toISOString() is the TOML spelling (local date, time, …).
    // JSON has no date type, so the schema sees a string, as with JSON.stringify.
    // Stryker disable next-line ConditionalExpression,MethodExpression: how a date-time reaches the schema is undecided (SPEC 2, open questions); no case uses one where it matters
    if (value instanceof Date) return value.toISOString();
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: unreachable: smol-toml yields only the types above, tables and arrays
    if (value === null || typeof value !== "object") {
      // Stryker disable next-line ObjectLiteral,StringLiteral: unreachable: smol-toml yields only the types above, tables and arrays
      this.fail({ code: "invalid_plugin_package", kind: "manifest-value-type", type: typeof value });
    }

    if (level > LIMITS.nesting_levels) this.fail({ code: "invalid_plugin_package", kind: "manifest-nesting-levels", at: this.path, level });
    if (Array.isArray(value)) {
      if (value.length > LIMITS.array_entries) this.fail({ code: "invalid_plugin_package", kind: "manifest-array-entries", at: this.path, entries: value.length });
      const out: JsonValue[] = [];
      for (let index = 0; index < value.length; index++) {
        this.path.push(index);
        out.push(this.visit(value[index], level + 1));
        this.path.pop();
      }
      return out;
    }
    // Null prototype: a "__proto__" key stays an ordinary own property (and the schema's
    // additionalProperties rejects it where it is not allowed).
    const out = Object.create(null) as JsonObject;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      // Stryker disable next-line StringLiteral: Buffer.byteLength counts UTF-8 without an encoding
      const keyBytes = Buffer.byteLength(key, "utf8");
      if (keyBytes > LIMITS.string_bytes) this.fail({ code: "invalid_plugin_package", kind: "manifest-key-bytes", at: this.path, bytes: keyBytes });
      this.path.push(key);
      out[key] = this.visit(child, level + 1);
      this.path.pop();
    }
    return out;
  }
}
