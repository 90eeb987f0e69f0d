// The independent oracle for the structural verdict of one PLUGIN.toml: decode the bytes the
// way SPEC.md chapter 2 describes (size, UTF-8, TOML, the 2.8 decoding bounds, the JSON data
// model) and run plain ajv, a fresh Ajv2020 with default options, on the published schema
// reference/schemas/plugin-v1.schema.json. Nothing here comes from reference/src: the bounds
// are restated from SPEC.md 2.8 and the walk and conversion are written anew.
//
// Two readings the spec leaves open are taken as the reference takes them (SPEC.md 2.8 notes):
// nesting counts containers only (a scalar inside a level-32 table is not refused), and a TOML
// date-time becomes the string JSON.stringify gives it. One decision is restated from SPEC.md
// (PAP-STRUCT-TOML-FLOAT): a TOML float is valid only inside a provider's overlay, so the
// integers and floats are told apart (smol-toml's integersAsBigInt) before the data model.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { parse } from "smol-toml";
import { KIT_ROOT } from "../helpers.js";

export const PLUGIN_SCHEMA_FILE = join(KIT_ROOT, "reference/schemas/plugin-v1.schema.json");

/** SPEC.md 2.8. */
export const BOUNDS = { manifestBytes: 1_048_576, stringBytes: 16_384, arrayEntries: 1024, nestingLevels: 32 } as const;

export type Verdict = "accept" | "reject";
export type Decoded = { ok: true; value: Record<string, unknown> } | { ok: false; why: string };

let plain: ValidateFunction | undefined;

/** Plain ajv on the published structural schema, compiled once per process. */
export function plainAjv(): ValidateFunction {
  plain ??= new Ajv2020().compile(JSON.parse(readFileSync(PLUGIN_SCHEMA_FILE, "utf8")) as object);
  return plain;
}

class Refused extends Error {}

/** The manifest in the JSON data model, or why decoding refuses it (never throws). */
export function decodeIndependently(bytes: Uint8Array): Decoded {
  if (bytes.length > BOUNDS.manifestBytes) return { ok: false, why: `manifest is ${bytes.length} bytes` };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, why: "not UTF-8" };
  }
  let table: unknown;
  try {
    table = parse(text, { integersAsBigInt: true });
  } catch (err) {
    return { ok: false, why: `TOML: ${(err as Error).message.split("\n", 1)[0]}` };
  }
  try {
    return { ok: true, value: toJsonModel(table, 0, []) as Record<string, unknown> };
  } catch (err) {
    if (err instanceof Refused || err instanceof RangeError) return { ok: false, why: err.message };
    throw err;
  }
}

/** Inside `providers.<name>`: opaque and inert, floats included. */
const inOverlay = (path: readonly string[]): boolean => path.length >= 2 && path[0] === "providers";

function toJsonModel(value: unknown, level: number, path: readonly string[]): unknown {
  if (typeof value === "string") {
    if (Buffer.byteLength(value, "utf8") > BOUNDS.stringBytes) throw new Refused("string over 16 KiB");
    return value;
  }
  if (typeof value === "bigint") {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new Refused("integer beyond 2^53 - 1");
    return Number(value);
  }
  if (typeof value === "number") {
    if (inOverlay(path)) return value;
    throw new Refused(`a TOML float at /${path.join("/")}`);
  }
  if (typeof value === "boolean") return value;
  if (value instanceof Date) return JSON.parse(JSON.stringify(value)) as unknown;
  if (level > BOUNDS.nestingLevels) throw new Refused(`container at level ${level}`);
  if (Array.isArray(value)) {
    if (value.length > BOUNDS.arrayEntries) throw new Refused(`array of ${value.length} entries`);
    return value.map((v, i) => toJsonModel(v, level + 1, [...path, String(i)]));
  }
  if (value === null || typeof value !== "object") throw new Error(`unexpected TOML value ${String(value)}`);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (Buffer.byteLength(key, "utf8") > BOUNDS.stringBytes) throw new Refused("key over 16 KiB");
    // defineProperty: a "__proto__" key stays an own property of an ordinary object
    Object.defineProperty(out, key, { value: toJsonModel(child, level + 1, [...path, key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** What a conforming validator's structural verdict on these manifest bytes must be. */
export function expectedStructural(bytes: Uint8Array): { verdict: Verdict; why: string } {
  const decoded = decodeIndependently(bytes);
  if (!decoded.ok) return { verdict: "reject", why: `decoding refuses it: ${decoded.why}` };
  const validate = plainAjv();
  if (validate(decoded.value)) return { verdict: "accept", why: "plain ajv accepts it" };
  const first = validate.errors?.[0];
  return { verdict: "reject", why: `plain ajv: ${first?.instancePath || "/"} ${first?.message ?? ""}` };
}
