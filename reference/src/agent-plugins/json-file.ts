// Bounded reading of a package JSON file (plugin.json, mcp.json, vendor files) that
// containment already resolved to a regular file inside the plugin root. The bytes must be
// UTF-8 and one JSON text; nothing is fetched or evaluated ($schema is only compared).

import { decodeUtf8, readHead } from "../frontmatter.js";

/** Bytes of one package JSON file read at most; a larger file is not parsed. */
export const MAX_JSON_BYTES = 1024 * 1024;

export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

export async function readJsonFile(real: string, limit = MAX_JSON_BYTES): Promise<JsonRead> {
  const head = await readHead(real, limit);
  if (!head.ok) return { ok: false, message: head.message };
  if (!head.complete) return { ok: false, message: `the file is larger than ${limit} bytes` };
  const text = decodeUtf8(head.bytes);
  if (text === undefined) return { ok: false, message: "the file is not valid UTF-8" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Describes a JSON value's type for messages ("an array", "a string", "null"). */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}
