// JSON Schema of case files, typed against runner/src/types/case.ts with ajv's
// JSONSchemaType: if the types and this schema disagree, `tsc` fails.
// `npm run schemas` writes it to runner/schemas/case.schema.json (published copy).

import type { JSONSchemaType } from "ajv";
import type { CaseExpectation, CaseGiven, CaseSpec, CaseTableFile, DiagnosticPattern, FixtureEntry, FixturePart, CaseOperation } from "../types/case.js";
import { dispatchExpectProperties, dispatchGivenProperties, valueDefs } from "./dispatch-case-schema.js";
import { liveExpectProperties, liveGivenProperties, liveProof } from "./live-case-schema.js";
import { agentPluginExpectProperties } from "./agent-plugin-case-schema.js";
import { composeExpectProperties } from "./compose-case-schema.js";
import { lifecycleExpectProperties, lifecycleGivenProperties, stepSchema } from "./lifecycle-case-schema.js";

export const CASE_ID_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)+$";
export const REQUIREMENT_ID_PATTERN = "^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$";
const MODE_PATTERN = "^0?[0-7]{3}$";

const mode = { type: "string", pattern: MODE_PATTERN, nullable: true } as const;

const fixturePart: JSONSchemaType<FixturePart> = {
  anyOf: [
    { type: "string" },
    {
      type: "object",
      additionalProperties: false,
      required: ["repeat", "times"],
      properties: {
        repeat: { type: "string", minLength: 1 },
        times: { type: "integer", minimum: 0, maximum: 268435456 },
      },
    },
  ],
};

const fixtureEntry: JSONSchemaType<FixtureEntry> = {
  anyOf: [
    { type: "string" },
    {
      type: "object",
      additionalProperties: false,
      required: ["text"],
      properties: { text: { type: "string" }, mode },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["parts"],
      properties: { parts: { type: "array", items: fixturePart }, mode },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["base64"],
      properties: { base64: { type: "string", pattern: "^[A-Za-z0-9+/]*={0,2}$" }, mode },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["symlink"],
      properties: { symlink: { type: "string", minLength: 1 } },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["dir"],
      properties: { dir: { type: "boolean", const: true }, mode },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["size"],
      // 1 GiB is far above every limit case and keeps a typo from filling the disk.
      properties: { size: { type: "integer", minimum: 0, maximum: 1073741824 }, mode },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["fifo"],
      properties: { fifo: { type: "boolean", const: true }, mode },
    },
  ],
};

/** A case file's `operation`: the lifecycle operations occur only in steps, and "steps" is the loader's. */
const operation: JSONSchemaType<CaseOperation> = {
  type: "string",
  enum: ["validate", "validate-cli", "dispatch", "compose", "load-agent-plugin", "live"],
};

const given: JSONSchemaType<CaseGiven> = {
  type: "object",
  additionalProperties: false,
  required: [],
  properties: {
    files: {
      type: "object",
      nullable: true,
      required: [],
      additionalProperties: fixtureEntry,
    },
    args: { type: "object", nullable: true, required: [] },
    source: { type: "string", nullable: true, minLength: 1 },
    ...dispatchGivenProperties(fixturePart),
    ...liveGivenProperties,
    ...lifecycleGivenProperties,
  },
};

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

/** Every operation's expectation keys; which belong to which operation is checked on load (SPEC 1.1). */
const expectation: JSONSchemaType<CaseExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    exit: { type: "integer", nullable: true, enum: [0, 1, 2] },
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
    ...dispatchExpectProperties,
    ...liveExpectProperties,
    ...agentPluginExpectProperties,
    ...composeExpectProperties,
    ...lifecycleExpectProperties,
  },
};

/** Properties shared by a single case and a table file's defaults. */
const caseProperties = {
  id: { type: "string", pattern: CASE_ID_PATTERN, maxLength: 200 },
  title: { type: "string", minLength: 1 },
  spec: {
    type: "array",
    minItems: 1,
    uniqueItems: true,
    items: { type: "string", pattern: REQUIREMENT_ID_PATTERN },
  },
  operation,
  given: { ...given, nullable: true },
  expect: expectation,
  steps: { type: "array", nullable: true, minItems: 1, items: stepSchema(fixtureEntry, expectation) },
  notes: { type: "string", nullable: true },
  polarity: { type: "string", nullable: true, enum: ["accepting", "rejecting"] },
  proves: { type: "array", nullable: true, minItems: 1, uniqueItems: true, items: liveProof },
} as const;

const caseShape: JSONSchemaType<CaseSpec> = {
  $id: "https://papc.dev/schemas/case.schema.json",
  title: "papc case (one case)",
  type: "object",
  additionalProperties: false,
  // `operation` and `expect`, or `steps`: see allOf below
  required: ["id", "title", "spec"],
  properties: caseProperties,
};

export const caseSchema = {
  ...caseShape,
  allOf: [
    // One operation with its expectation, or steps (SPEC 1.11), each with its own.
    {
      oneOf: [
        { type: "object", required: ["operation", "expect"], not: { required: ["steps"] } },
        { type: "object", required: ["steps"], not: { anyOf: [{ required: ["operation"] }, { required: ["expect"] }] } },
      ],
    },
    // A dispatch case names its event.
    {
      if: { type: "object", required: ["operation"], properties: { operation: { const: "dispatch" } } },
      then: { type: "object", required: ["given"], properties: { given: { type: "object", required: ["event"] } } },
    },
    // A live case names its harness and what the scripted model does.
    {
      if: { type: "object", required: ["operation"], properties: { operation: { const: "live" } } },
      then: { type: "object", required: ["given"], properties: { given: { type: "object", required: ["provider", "scenario"] } } },
    },
  ],
  $defs: valueDefs,
};

/** The keys a table file may set as defaults; each entry may set them too, plus its id. */
const defaultableProperties = {
  title: { ...caseProperties.title, nullable: true },
  spec: { ...caseProperties.spec, nullable: true },
  operation: { ...operation, nullable: true },
  given: caseProperties.given,
  expect: { ...expectation, nullable: true },
  steps: caseProperties.steps,
  notes: caseProperties.notes,
  polarity: caseProperties.polarity,
} as const;

export const caseTableFileSchema: JSONSchemaType<CaseTableFile> = {
  $id: "https://papc.dev/schemas/case-table.schema.json",
  title: "papc case file holding several cases; top-level keys are defaults",
  type: "object",
  additionalProperties: false,
  required: ["cases"],
  properties: {
    ...defaultableProperties,
    cases: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: [],
        properties: { id: { ...caseProperties.id, nullable: true }, proves: caseProperties.proves, ...defaultableProperties },
      },
    },
  },
};
