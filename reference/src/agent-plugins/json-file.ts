// Bounded reading of a package JSON file (plugin.json, mcp.json, vendor files) that
// containment already resolved to a regular file inside the plugin root. The bytes must be
// UTF-8 and one JSON text; nothing is fetched or evaluated ($schema is only compared).

import { decodeUtf8, readHead } from "../frontmatter.js";
import { errorText } from "../wording.js";
import type { JsonFlaw } from "./messages/json.js";

/** Bytes of one package JSON file read at most; a larger file is not parsed. */
export const MAX_JSON_BYTES = 1024 * 1024;

export type JsonRead = { ok: true; value: unknown } | { ok: false; flaw: JsonFlaw };

export async function readJsonFile(real: string, limit = MAX_JSON_BYTES): Promise<JsonRead> {
  const head = await readHead(real, limit);
  if (!head.ok) return head;
  if (!head.complete) {
    // Stryker disable next-line BooleanLiteral: an ok read without a value is not an object, which every caller reports with the same code
    return { ok: false, flaw: { flaw: "too-large", maxBytes: limit } };
  }
  const text = decodeUtf8(head.bytes);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: JSON.parse(undefined) fails (not JSON, the same code in every caller); for ok, see above
  if (text === undefined) return { ok: false, flaw: { flaw: "not-utf8" } };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // Stryker disable next-line BooleanLiteral: as above
    return { ok: false, flaw: { flaw: "not-json", error: errorText(error) } };
  }
}

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
