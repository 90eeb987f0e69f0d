// Findings of the structural layer: what the vendored plugin-v1 JSON Schema refuses in a decoded
// manifest (reference/src/validate/structural.ts, SPEC.md chapter 2).

import { describePointer } from "../../messages/json-pointer.js";
import type { ErrorObject } from "ajv/dist/2020.js";
import { type Messages, quote, type Rendered } from "./wording.js";

/** The one ajv parameter that makes a schema message actionable. */
export type SchemaDetail = { unexpectedKey: unknown } | { allowed: unknown } | { expected: unknown };

/**
 * The parameter of an ajv error that the message shows, when there is one. Wording only (cases
 * state which findings a package has, never their messages), hence here and not mutated.
 */
export function schemaDetail(error: ErrorObject): SchemaDetail | undefined {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties":
      return { unexpectedKey: params["additionalProperty"] };
    case "enum":
      return { allowed: params["allowedValues"] };
    case "const":
      return { expected: params["allowedValue"] };
    default:
      return undefined;
  }
}

/** A schema keyword that failed, as ajv reports it: where (ajv's instancePath), which keyword, ajv's message. */
interface KeywordFailure {
  pointer: string;
  keyword: string;
  says: string | undefined;
  detail?: SchemaDetail | undefined;
}

export type SchemaProblem =
  | ({ code: "invalid_plugin_package"; kind: "schema-keyword" } & KeywordFailure)
  /** A tool or hook descriptor's integer schema_version other than 1 (validate.ts schemaProblem). */
  | ({ code: "unsupported_active_component_schema"; kind: "schema-descriptor-version" } & KeywordFailure)
  /** A TOML float where the schema wants another type (structural.ts misplacedFloats). */
  | { code: "invalid_plugin_package"; kind: "schema-toml-float"; pointer: string };

function detailText(detail: SchemaDetail | undefined): string {
  if (detail === undefined) return "";
  if ("unexpectedKey" in detail) return ` (unexpected key ${quote(detail.unexpectedKey)})`;
  if ("allowed" in detail) return ` (allowed: ${quote(detail.allowed)})`;
  return ` (expected: ${quote(detail.expected)})`;
}

function keywordFailure(p: KeywordFailure): Rendered {
  return { message: `schema keyword ${p.keyword} failed at ${describePointer(p.pointer)}: ${p.says ?? "invalid"}${detailText(p.detail)}`, pointer: p.pointer };
}

export const SCHEMA_MESSAGES: Messages<SchemaProblem> = {
  "schema-keyword": keywordFailure,
  "schema-descriptor-version": keywordFailure,
  "schema-toml-float": (p) => ({ message: `schema keyword type failed at ${describePointer(p.pointer)}: a TOML float is not valid here`, pointer: p.pointer }),
};
