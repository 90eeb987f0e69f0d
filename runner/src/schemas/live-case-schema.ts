// The live parts of the case schema (SPEC 1.7), typed against runner/src/types/case.ts: the
// scripted scenario a live case runs, and the `expect` keys that judge a projection and what
// the real harness did with it. case-schema.ts merges them into the one case schema.

import type { JSONSchemaType } from "ajv";
import type { HarnessExpectation, LiveProof, LiveScenario, ModelExpectation, ModelRequestExpectation, ProjectionExpectation, TextExpectation } from "../types/case.js";
import { CELL_EFFECTS, CELL_EVENTS, CELL_POLICIES, FAILURE_ROW_PATTERN, PROJECTION_ROW_PATTERN } from "../types/cell-names.js";
import { HOOK_ID_PATTERN } from "./dispatch-case-schema.js";
import { turn } from "./scenario-schema.js";

const texts = { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } } as const;
const hookIds = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", pattern: HOOK_ID_PATTERN } } as const;
/** A path inside the work directory; lint checks it stays inside. */
const workPaths = { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } } as const;

export const liveScenario: JSONSchemaType<LiveScenario> = {
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

/** The `given` keys only live cases have (provider, plugin, hooks and environment are shared with dispatch). */
export const liveGivenProperties = { scenario: { ...liveScenario, nullable: true } } as const;

/** The `expect` keys of a live case (handlers is shared with dispatch). */
export const liveExpectProperties = {
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
} as const;

/** A cell of the compatibility matrix a live case proves: its event and exactly one kind with its row. */
export const liveProof: JSONSchemaType<LiveProof> = {
  type: "object",
  additionalProperties: false,
  required: ["event"],
  minProperties: 2,
  maxProperties: 2,
  properties: {
    event: { type: "string", enum: [...CELL_EVENTS] },
    effect: { type: "string", nullable: true, enum: [...CELL_EFFECTS] },
    failure: { type: "string", nullable: true, pattern: FAILURE_ROW_PATTERN },
    refused: { type: "string", nullable: true, pattern: PROJECTION_ROW_PATTERN },
    omitted: { type: "string", nullable: true, pattern: PROJECTION_ROW_PATTERN },
    untrusted: { type: "string", nullable: true, enum: [...CELL_POLICIES] },
  },
};
