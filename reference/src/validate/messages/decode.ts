// Findings about reading and decoding one PLUGIN.toml under the reference limits
// (reference/src/validate/manifest-decode.ts, SPEC.md chapter 2).

import { describePointer, pointerFrom } from "../../messages/json-pointer.js";
import { LIMITS, PARSER_MAX_DEPTH } from "../limits.js";
import type { Messages, Rendered } from "./wording.js";

/** smol-toml's message is "Invalid TOML document: <what>\n\n<code block>": <what>, for the message. */
export function tomlReason(error: Error): string {
  const firstLine = error.message.split("\n", 1)[0] ?? "";
  return firstLine.replace(/^Invalid TOML document:\s*/, "");
}

/** Byte offset of the first malformed UTF-8 sequence, for the message. */
export function firstMalformedOffset(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // Walk sequence by sequence (length from the lead byte) until one fails to decode.
  let offset = 0;
  while (offset < bytes.length) {
    const lead = bytes[offset] ?? 0;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    if (length === 0) break;
    try {
      decoder.decode(bytes.subarray(offset, offset + length));
    } catch {
      break;
    }
    offset += length;
  }
  return offset;
}

/** A location in the decoded manifest: the keys and indices that lead to a value. */
type At = readonly (string | number)[];

export type DecodeProblem =
  | { code: "unreadable_plugin_path"; kind: "manifest-unopenable"; error: string }
  | { code: "unreadable_plugin_path"; kind: "manifest-not-regular-file" }
  | { code: "unreadable_plugin_path"; kind: "manifest-unreadable"; error: string }
  /** `bytes` undefined: the read stopped one byte past the limit, so only "more than" is known. */
  | { code: "invalid_plugin_package"; kind: "manifest-too-large"; bytes?: number }
  | { code: "invalid_plugin_package"; kind: "manifest-encoding"; offset: number }
  /** `reason`: the parser's one-line account of the error. */
  | { code: "invalid_plugin_package"; kind: "manifest-syntax"; line: number; column: number; reason: string }
  | { code: "invalid_plugin_package"; kind: "manifest-inline-nesting"; line: number; column: number }
  | { code: "invalid_plugin_package"; kind: "manifest-stack-exhausted"; error: string }
  | { code: "invalid_plugin_package"; kind: "manifest-parse-error"; error: string }
  | { code: "invalid_plugin_package"; kind: "manifest-undecodable"; error: string }
  /** What the TOML parser returned is not what it promises (never expected): not a table at the root, a value of no TOML type. */
  | { code: "invalid_plugin_package"; kind: "manifest-not-table" }
  | { code: "invalid_plugin_package"; kind: "manifest-value-type"; type: string }
  | { code: "invalid_plugin_package"; kind: "manifest-string-bytes"; at: At; bytes: number }
  | { code: "invalid_plugin_package"; kind: "manifest-key-bytes"; at: At; bytes: number }
  | { code: "invalid_plugin_package"; kind: "manifest-integer-range"; at: At }
  | { code: "invalid_plugin_package"; kind: "manifest-nesting-levels"; at: At; level: number }
  | { code: "invalid_plugin_package"; kind: "manifest-array-entries"; at: At; entries: number };

/** A violation found in the decoded value: what, and where (in the message and as the pointer). */
function located(what: string, at: At): Rendered {
  const pointer = pointerFrom(at);
  return { message: `${what} at ${describePointer(pointer)}`, pointer };
}

export const DECODE_MESSAGES: Messages<DecodeProblem> = {
  "manifest-unopenable": (p) => ({ message: `cannot open manifest: ${p.error}` }),
  "manifest-not-regular-file": () => ({ message: "manifest is not a regular file" }),
  "manifest-unreadable": (p) => ({ message: `cannot read manifest: ${p.error}` }),
  "manifest-too-large": (p) => ({
    message: `manifest exceeds limit manifest_bytes = ${LIMITS.manifest_bytes} (actual: ${p.bytes ?? `more than ${LIMITS.manifest_bytes}`} bytes); refused before parsing`,
  }),
  "manifest-encoding": (p) => ({ message: `manifest is not valid UTF-8 (first malformed byte sequence at byte offset ${p.offset})` }),
  "manifest-syntax": (p) => ({ message: `invalid TOML at line ${p.line}, column ${p.column}: ${p.reason}` }),
  "manifest-inline-nesting": (p) => ({
    message: `TOML nesting exceeds limit nesting_levels = ${LIMITS.nesting_levels} (actual: more than ${PARSER_MAX_DEPTH} inline levels at line ${p.line}, column ${p.column})`,
  }),
  "manifest-stack-exhausted": (p) => ({ message: `TOML document too deeply nested to parse: ${p.error}` }),
  "manifest-parse-error": (p) => ({ message: `invalid TOML: ${p.error}` }),
  "manifest-undecodable": (p) => ({ message: `manifest could not be decoded: ${p.error}` }),
  "manifest-not-table": () => ({ message: "manifest could not be decoded: TOML parser did not return a table" }),
  "manifest-value-type": (p) => ({ message: `manifest could not be decoded: unexpected TOML value of type ${p.type}` }),
  "manifest-string-bytes": (p) => located(`string exceeds limit string_bytes = ${LIMITS.string_bytes} (actual: ${p.bytes} bytes)`, p.at),
  "manifest-key-bytes": (p) => located(`key exceeds limit string_bytes = ${LIMITS.string_bytes} (actual: ${p.bytes} bytes) in table`, p.at),
  "manifest-integer-range": (p) => located("integer value cannot be represented losslessly", p.at),
  "manifest-nesting-levels": (p) => located(`TOML nesting exceeds limit nesting_levels = ${LIMITS.nesting_levels} (actual: level ${p.level})`, p.at),
  "manifest-array-entries": (p) => located(`array exceeds limit array_entries = ${LIMITS.array_entries} (actual: ${p.entries} entries)`, p.at),
};
