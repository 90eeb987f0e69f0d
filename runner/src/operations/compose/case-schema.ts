// The compose part of the case schema (SPEC 1.9): its `expect` keys, typed against
// runner/src/types/case.ts. runner/src/schemas/case-schema.ts merges every registered
// operation's part into the case schema.

import type { JSONSchemaType } from "ajv";
import type { ComposeDecision, ComposeRejection } from "../../../shared/protocol.js";
import type { CaseSchemaOf } from "../../registry/operation-definition.js";
import { HOOK_IDENTITY_PATTERN, composeDecisionProperties } from "../../schemas/protocol-schemas.js";

const names = { type: "array", nullable: true, items: { type: "string", minLength: 1 } } as const;
const identities = { type: "array", items: { type: "string", pattern: HOOK_IDENTITY_PATTERN } } as const;

const rejection: JSONSchemaType<ComposeRejection> = {
  type: "object",
  additionalProperties: false,
  required: ["package", "code"],
  properties: {
    package: { type: "string", minLength: 1 },
    code: {
      type: "string",
      enum: ["host_invalid_package", "host_duplicate_name", "host_missing_dependency", "host_dependency_cycle", "host_dependency_rejected", "host_tool_collision"],
    },
  },
};

const decision: JSONSchemaType<Partial<ComposeDecision>> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: { ...composeDecisionProperties, kind: { ...composeDecisionProperties.kind, nullable: true } },
};

export const composeCaseSchema: CaseSchemaOf<"compose"> = {
  expect: {
    order: names,
    rejected: { type: "array", nullable: true, items: rejection },
    tools: {
      type: "array",
      nullable: true,
      items: { type: "object", additionalProperties: false, required: ["name", "plugin"], properties: { name: { type: "string" }, plugin: { type: "string" } } },
    },
    fired: { ...identities, nullable: true },
    decision: { ...decision, nullable: true },
    conflicts: {
      type: "array",
      nullable: true,
      items: { type: "object", additionalProperties: false, required: ["hooks"], properties: { hooks: { ...identities, minItems: 2 } } },
    },
    failures: {
      type: "array",
      nullable: true,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["hook", "code"],
        properties: { hook: { type: "string", pattern: HOOK_IDENTITY_PATTERN }, code: { type: "string", pattern: "^hook_[a-z_]+$" } },
      },
    },
  },
};
