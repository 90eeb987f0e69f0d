// The structural layer: the vendored plugin-v1 JSON Schema (2020-12), compiled once with ajv.
// It sees the decoded manifest in the JSON data model and nothing else (no files, no bytes).

import { readFileSync } from "node:fs";
import { Ajv2020, type AnySchemaObject, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { kitPath } from "../../../runner/shared/kit-root.js";
import { pointerFrom } from "../messages/json-pointer.js";
import { isTomlFloat, type JsonObject } from "./manifest-decode.js";
import { type SchemaProblem, schemaDetail } from "./messages/structure.js";

export const PLUGIN_SCHEMA_FILE = kitPath("reference", "schemas", "plugin-v1.schema.json");

/**
 * What the schema refuses at one JSON Pointer (ajv's instancePath; "" is the manifest root): a
 * failed keyword (additionalProperties, required, pattern, …) with ajv's message and the
 * parameter worth showing, or a misplaced TOML float. Worded in messages/structure.ts.
 */
export type StructuralError = Extract<SchemaProblem, { code: "invalid_plugin_package" }>;

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(PLUGIN_SCHEMA_FILE, "utf8")) as AnySchemaObject;
  // allErrors: report every violation, not just the first. strict stays on: the vendored
  // schema compiles under it. useDefaults stays off so validation never changes the data.
  // validateSchema off: checking the vendored schema against the meta-schema doubled every
  // process's first validation; reference/test/structural-schema.test.ts checks it instead.
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: one schema error per invalid package is enough (SPEC 3, one finding per invalid package); validateSchema only checks the schema itself
  const ajv = new Ajv2020({ allErrors: true, validateSchema: false });
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
    // the same keyword, message and detail at the same place: one finding
    const key = JSON.stringify([converted.pointer, converted.keyword, converted.says, converted.detail]);
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
    return [{ code: "invalid_plugin_package", kind: "schema-toml-float", pointer }];
  }
  if (typeof value !== "object" || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => misplacedFloats(child, flagged, [...path, key]));
}

function convert(error: ErrorObject): Extract<StructuralError, { kind: "schema-keyword" }> {
  return { code: "invalid_plugin_package", kind: "schema-keyword", pointer: error.instancePath, keyword: error.keyword, says: error.message, detail: schemaDetail(error) };
}
