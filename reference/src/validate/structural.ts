// The structural layer: the vendored plugin-v1 JSON Schema (2020-12), compiled once with ajv.
// It sees the decoded manifest in the JSON data model and nothing else (no files, no bytes).

import { readFileSync } from "node:fs";
import { Ajv2020, type AnySchemaObject, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { kitPath } from "../../../runner/shared/kit-root.js";
import { describePointer, pointerFrom } from "../json-pointer.js";
import { isTomlFloat, type JsonObject } from "./manifest-decode.js";

export const PLUGIN_SCHEMA_FILE = kitPath("reference", "schemas", "plugin-v1.schema.json");

export interface StructuralError {
  /** JSON Pointer of the offending value (ajv instancePath; "" is the manifest root). */
  pointer: string;
  /** The schema keyword that failed (additionalProperties, required, pattern, …). */
  keyword: string;
  /** One line for a human: keyword, location and what ajv says, with its key detail. */
  message: string;
}

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(PLUGIN_SCHEMA_FILE, "utf8")) as AnySchemaObject;
  // allErrors: report every violation, not just the first. strict stays on: the vendored
  // schema compiles under it. useDefaults stays off so validation never changes the data.
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: one schema error per invalid package is enough (SPEC 3, one finding per invalid package)
  const ajv = new Ajv2020({ allErrors: true });
  compiled = ajv.compile(schema);
  return compiled;
}

/** Validates one decoded manifest; an empty list means the schema accepts it. */
export function checkStructure(manifest: JsonObject): StructuralError[] {
  const validate = validator();
  if (validate(manifest)) return misplacedFloats(manifest, new Set());
  const seen = new Set<string>();
  const errors: StructuralError[] = [];
  // Stryker disable next-line ArrayDeclaration: ajv always sets errors when validation fails
  for (const error of validate.errors ?? []) {
    const converted = convert(error);
    const key = `${converted.pointer}\u0000${converted.message}`;
    // Stryker disable next-line ConditionalExpression: a repeated schema error is allowed (cases about invalid packages state includes, not counts)
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(converted);
  }
  return [...errors, ...misplacedFloats(manifest, new Set(errors.map((e) => e.pointer)))];
}

/**
 * TOML floats outside the opaque inside of `providers` (PAP-STRUCT-TOML-FLOAT). The schema has
 * no number type, so a float is valid nowhere else; decodeManifest represents one as a marker
 * object, which the schema refuses wherever it wants an integer, a string or an array, but which
 * would pass `type: object` (`providers = 5e-324`). Positions ajv already refused are left to it.
 */
function misplacedFloats(value: unknown, flagged: Set<string>, path: (string | number)[] = []): StructuralError[] {
  // a provider's overlay is inert, floats included
  if (path.length === 2 && path[0] === "providers") return [];
  const pointer = pointerFrom(path);
  if (isTomlFloat(value)) {
    if (flagged.has(pointer)) return [];
    return [{ pointer, keyword: "type", message: `schema keyword type failed at ${describePointer(pointer)}: a TOML float is not valid here` }];
  }
  if (typeof value !== "object" || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => misplacedFloats(child, flagged, [...path, key]));
}

function convert(error: ErrorObject): StructuralError {
  const detail = paramDetail(error);
  const pointer = error.instancePath;
  return {
    pointer,
    keyword: error.keyword,
    message: `schema keyword ${error.keyword} failed at ${describePointer(pointer)}: ${error.message ?? "invalid"}${detail}`,
  };
}

// Stryker disable all: message wording only (KIT-EXPECT-DIAGNOSTICS)
/** The one parameter that makes the ajv message actionable, when there is one. */
function paramDetail(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties":
      return ` (unexpected key ${JSON.stringify(params["additionalProperty"])})`;
    case "enum":
      return ` (allowed: ${JSON.stringify(params["allowedValues"])})`;
    case "const":
      return ` (expected: ${JSON.stringify(params["allowedValue"])})`;
    default:
      return "";
  }
}
// Stryker restore all
