// JSON Schema of cases/EXCLUSIONS.yaml, typed against runner/src/types/case.ts.

import type { JSONSchemaType } from "ajv";
import type { ExclusionsFile } from "../types/case.js";
import { REQUIREMENT_ID_PATTERN } from "./case-schema.js";

export const exclusionsSchema: JSONSchemaType<ExclusionsFile> = {
  $id: "https://papc.dev/schemas/exclusions.schema.json",
  title: "papc cases/EXCLUSIONS.yaml",
  type: "object",
  additionalProperties: false,
  required: ["exclusions"],
  properties: {
    exclusions: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "reason"],
        properties: {
          id: { type: "string", pattern: REQUIREMENT_ID_PATTERN },
          reason: { type: "string", minLength: 10 },
          tested_by: { type: "string", nullable: true, minLength: 1 },
        },
      },
    },
  },
};
