// JSON Schema of adapter.yaml, typed against runner/src/types/adapter.ts.

import type { JSONSchemaType } from "ajv";
import type { AdapterConfig, ArgvElement } from "../types/adapter.js";
import { CASE_ID_PATTERN } from "./case-schema.js";
import { implementationInfo } from "./protocol-schemas.js";

const argvElement: JSONSchemaType<ArgvElement> = {
  anyOf: [
    { type: "string", minLength: 1 },
    { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
  ],
};

const adapterShape: JSONSchemaType<AdapterConfig> = {
  $id: "https://papc.dev/schemas/adapter.schema.json",
  title: "papc adapter.yaml",
  type: "object",
  additionalProperties: false,
  required: ["name", "description", "mode"],
  properties: {
    name: { type: "string", pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" },
    description: { type: "string", minLength: 1 },
    mode: { type: "string", enum: ["persistent", "exec"] },
    command: { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } },
    implementation: { ...implementationInfo, nullable: true },
    operations: {
      type: "object",
      nullable: true,
      required: [],
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        required: ["argv"],
        properties: {
          argv: { type: "array", minItems: 1, items: argvElement },
          stdin: { type: "string", nullable: true, enum: ["event"] },
        },
      },
    },
    timeout_ms: { type: "integer", nullable: true, minimum: 1, maximum: 3_600_000 },
    environment: { type: "array", nullable: true, uniqueItems: true, items: { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" } },
    baseline: {
      type: "object",
      nullable: true,
      required: [],
      propertyNames: { pattern: CASE_ID_PATTERN },
      additionalProperties: { type: "string", minLength: 1 },
    },
  },
};

export const adapterSchema = {
  ...adapterShape,
  // persistent needs a command; exec needs operations and implementation.
  oneOf: [
    { properties: { mode: { const: "persistent" } }, required: ["command"] },
    { properties: { mode: { const: "exec" } }, required: ["operations", "implementation"] },
  ],
};
