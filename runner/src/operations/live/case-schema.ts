// The live part of the case schema (SPEC 1.7), typed against runner/src/types/case.ts: the
// generated package as for dispatch and the scripted scenario a live case runs, and the `expect`
// keys that judge a projection and what the real harness did with it.
// runner/src/schemas/case-schema.ts merges every registered operation's part into the case schema.

import type { JSONSchemaType } from "ajv";
import type { CaseSchemaOf } from "../../registry/operation-definition.js";
import { HOOK_ID_PATTERN } from "../../schemas/case-fragments.js";
import { turn } from "../../schemas/scenario-schema.js";
import type { HarnessExpectation, LiveScenario, ModelExpectation, ModelRequestExpectation, ProjectionExpectation, TextExpectation } from "../../types/case.js";
import { dispatchExpectProperties, packageGivenProperties } from "../dispatch/case-schema.js";

const texts = { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } } as const;
const hookIds = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", pattern: HOOK_ID_PATTERN } } as const;
/** A path inside the work directory; lint checks it stays inside. */
const workPaths = { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } } as const;

const liveScenario: JSONSchemaType<LiveScenario> = {
  type: "object",
  additionalProperties: false,
  required: ["prompt", "turns"],
  properties: {
    prompt: { type: "string", minLength: 1 },
    turns: { type: "array", items: turn },
    codex_sandbox: { type: "string", nullable: true, enum: ["read-only", "workspace-write", "danger-full-access"] },
  },
};

const textExpectation: JSONSchemaType<TextExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: { contains: texts, excludes: texts },
};

const projectionExpectation: JSONSchemaType<ProjectionExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    exit: { type: "integer", nullable: true, minimum: 0, maximum: 255 },
    refused: hookIds,
    omitted: hookIds,
  },
};

const harnessExpectation: JSONSchemaType<HarnessExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    exit: { type: "integer", nullable: true, minimum: 0, maximum: 255 },
    output: { ...textExpectation, nullable: true },
  },
};

const modelRequest: JSONSchemaType<ModelRequestExpectation> = {
  type: "object",
  additionalProperties: false,
  required: ["index"],
  minProperties: 2,
  properties: { index: { type: "integer", minimum: 0 }, contains: texts, excludes: texts },
};

const modelExpectation: JSONSchemaType<ModelExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    requests: { type: "integer", nullable: true, minimum: 0 },
    request: { type: "array", nullable: true, minItems: 1, items: modelRequest },
    all: { ...textExpectation, nullable: true },
  },
};

/** A live case names its harness and what the scripted model does. */
export const liveCaseSchema: CaseSchemaOf<"live"> = {
  given: { ...packageGivenProperties, scenario: { ...liveScenario, nullable: true } },
  expect: {
    projection: { ...projectionExpectation, nullable: true },
    harness: { ...harnessExpectation, nullable: true },
    workdir: {
      type: "object",
      nullable: true,
      additionalProperties: false,
      required: [],
      minProperties: 1,
      properties: { present: workPaths, absent: workPaths },
    },
    model: { ...modelExpectation, nullable: true },
    handlers: dispatchExpectProperties.handlers,
  },
  requiredGiven: ["provider", "scenario"],
};
