// The validate part of the case schema (SPEC 1.3): its `expect` keys, typed against
// runner/src/types/case.ts; validate-cli's are the same with `stderr`, and load-agent-plugin
// checks `diagnostics` alike. runner/src/schemas/case-schema.ts merges every registered
// operation's part into the case schema.

import type { JSONSchemaType } from "ajv";
import type { CaseSchemaOf, ExpectProperties } from "../../registry/operation-definition.js";
import type { DiagnosticPattern } from "../../types/case.js";

const diagnosticPattern: JSONSchemaType<DiagnosticPattern> = {
  type: "object",
  additionalProperties: false,
  required: ["code"],
  properties: {
    code: { type: "string", pattern: "^[a-z][a-z0-9_]*$" },
    path: { type: "string", nullable: true },
    phase: { type: "string", nullable: true },
    severity: { type: "string", nullable: true },
  },
};

export const validateExpectProperties: ExpectProperties<"validate"> = {
  valid: { type: "boolean", nullable: true },
  structural: { type: "string", nullable: true, enum: ["accept", "reject"] },
  diagnostics: {
    type: "object",
    nullable: true,
    additionalProperties: false,
    required: [],
    minProperties: 1,
    properties: {
      includes: { type: "array", nullable: true, minItems: 1, items: diagnosticPattern },
      excludes: { type: "array", nullable: true, minItems: 1, items: diagnosticPattern },
      count: { type: "integer", nullable: true, minimum: 0 },
    },
  },
  report: { type: "object", nullable: true, required: [], minProperties: 1 },
  fixture: {
    type: "object",
    nullable: true,
    additionalProperties: false,
    required: [],
    minProperties: 1,
    properties: {
      absent: { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } },
      present: { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } },
      unchanged: { type: "boolean", nullable: true, enum: [true] },
    },
  },
};

export const validateCaseSchema: CaseSchemaOf<"validate"> = { expect: validateExpectProperties };
