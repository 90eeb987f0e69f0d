// The project part of the case schema (SPEC 1.12), typed against runner/src/types/case.ts: the
// generated package as for a live case (hooks name their subject and phase) and the `expect`
// keys that judge the native configuration. runner/src/schemas/case-schema.ts merges every
// registered operation's part into the case schema.

import type { JSONSchemaType } from "ajv";
import type { CaseSchemaOf } from "../../registry/operation-definition.js";
import { HOOK_ID_PATTERN } from "../../schemas/case-fragments.js";
import type { MatcherExpectation, NativeEventExpectation } from "../../types/case.js";
import { packageGivenProperties } from "../dispatch/case-schema.js";

const hookIds = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", pattern: HOOK_ID_PATTERN } } as const;
const toolNames = { type: "array", items: { type: "string", minLength: 1 } } as const;

const matcher: JSONSchemaType<MatcherExpectation> = {
  type: "object",
  additionalProperties: false,
  required: ["selects"],
  properties: { selects: { ...toolNames, minItems: 1 }, rejects: { ...toolNames, nullable: true } },
};

const nativeEvent: JSONSchemaType<NativeEventExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  properties: {
    matcher: { ...matcher, nullable: true },
    timeout: { type: "number", nullable: true, exclusiveMinimum: 0 },
    dispatches: { ...hookIds, minItems: 1 },
  },
};

export const projectCaseSchema: CaseSchemaOf<"project"> = {
  given: packageGivenProperties,
  expect: {
    events: { type: "object", nullable: true, required: [], propertyNames: { pattern: "^[A-Za-z]+$" }, additionalProperties: nativeEvent },
    unconfigured: { type: "boolean", nullable: true, enum: [true] },
    refused: hookIds,
    omitted: hookIds,
  },
  requiredGiven: ["provider"],
};
