// What the loader says about the package JSON files it reads (plugin.json, mcp.json, the vendor
// files): why one could not be read as JSON (reference/src/agent-plugins/json-file.ts), what a
// value is instead of the type a rule wants, and what a schema refuses (schemas.ts).

import { describePointer } from "../../messages/json-pointer.js";
import { frontmatterFlawText, type ReadFlaw } from "../../messages/frontmatter.js";
import { type Wordings, wordBy } from "./wording.js";

/** Why a package JSON file gave no JSON value (json-file.ts readJsonFile). */
export type JsonFlaw = ReadFlaw | { flaw: "too-large"; maxBytes: number } | { flaw: "not-utf8" } | { flaw: "not-json"; error: string };

const JSON_FLAWS: Wordings<JsonFlaw, "flaw"> = {
  "cannot-open": frontmatterFlawText,
  "cannot-read": frontmatterFlawText,
  "too-large": (f) => `the file is larger than ${f.maxBytes} bytes`,
  "not-utf8": () => "the file is not valid UTF-8",
  "not-json": (f) => `not valid JSON: ${f.error}`,
};

export function jsonFlawText(flaw: JsonFlaw): string {
  return wordBy(JSON_FLAWS, flaw, "flaw");
}

/** A JSON value's type, as messages name it ("an array", "a string", "null"). */
export function jsonTypeText(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/**
 * A value one of the loader's schemas refuses (schemas.ts schemaViolations): where (a JSON
 * Pointer relative to the value checked), the failed keyword, ajv's message, and for const or
 * enum the value or values allowed.
 */
export interface SchemaViolation {
  pointer: string;
  keyword: string;
  says: string | undefined;
  allowed: unknown;
}

function ruleText(violation: SchemaViolation): string {
  switch (violation.keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return "is not allowed here";
    case "const":
    case "enum":
      return `must be ${JSON.stringify(violation.allowed)}`;
    default:
      return violation.says ?? "is invalid";
  }
}

/** A schema violation as a sentence about the value at `pointer` (where the violation is in its file). */
export function violationText(violation: SchemaViolation, pointer = violation.pointer): string {
  return `${describePointer(pointer)} ${ruleText(violation)}`;
}
