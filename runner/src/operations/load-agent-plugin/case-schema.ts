// The load-agent-plugin part of the case schema (SPEC 1.8): its `expect` keys, typed against
// runner/src/types/case.ts; `diagnostics` as for validate. runner/src/schemas/case-schema.ts
// merges every registered operation's part into the case schema.

import type { JSONSchemaType } from "ajv";
import type { CaseSchemaOf } from "../../registry/operation-definition.js";
import { mcpServerOptionalProperties } from "../../schemas/protocol-schemas.js";
import type { IdentityExpectation, McpServerPattern } from "../../types/case.js";
import { validateExpectProperties } from "../validate/case-schema.js";

const names = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", minLength: 1 } } as const;

const identityExpectation: JSONSchemaType<IdentityExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    name: { type: "string", nullable: true },
    version: { type: "string", nullable: true },
    description: { type: "string", nullable: true },
  },
};

const mcpServerPattern: JSONSchemaType<McpServerPattern> = {
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: {
    name: { type: "string", minLength: 1 },
    type: { type: "string", nullable: true, enum: ["stdio", "streamable-http", "sse"] },
    ...mcpServerOptionalProperties,
  },
};

export const loadAgentPluginCaseSchema: CaseSchemaOf<"load-agent-plugin"> = {
  expect: {
    loaded: { type: "boolean", nullable: true },
    identity: { ...identityExpectation, nullable: true },
    skills: names,
    mcp_servers: { type: "array", nullable: true, items: { anyOf: [{ type: "string", minLength: 1 }, mcpServerPattern] } },
    hooks: { type: "array", nullable: true, items: { type: "string", minLength: 1 } },
    apps: names,
    interface: { type: "object", nullable: true, required: [] },
    diagnostics: validateExpectProperties.diagnostics,
  },
};
