// The keys of multi-step cases (SPEC 1.11): `given.members`, the lifecycle `expect` keys, and the
// steps themselves, typed against runner/src/types/case.ts; case-schema.ts merges them in.

import type { JSONSchemaType } from "ajv";
import type { ReviewEntry } from "../../shared/protocol.js";
import type { CaseExpectation, CaseStep, FileExpectation, FixtureEdit, FixtureEntry, InstructionExpectation, MemberSpec } from "../types/case.js";

const STATUSES = ["active", "omitted", "blocked", "inactive"] as const;
/** A member, tool or hook reference as activation reports it. */
const REF_PATTERN = "^(skill|agent|instruction|plugin|tool|hook):.+$";
const refs = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", pattern: REF_PATTERN } } as const;
const paths = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", minLength: 1 } } as const;

const member: JSONSchemaType<MemberSpec> = {
  type: "object",
  additionalProperties: false,
  required: ["ref", "requirement"],
  properties: {
    ref: { type: "string", minLength: 1 },
    requirement: { type: "string", enum: ["required", "optional", "recommended"] },
  },
};

export const lifecycleGivenProperties = {
  members: { type: "array", nullable: true, items: member },
} as const;

const instruction: JSONSchemaType<InstructionExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    scope: { type: "string", nullable: true, enum: ["project", "user"] },
    file: { type: "string", nullable: true, minLength: 1 },
    written: { type: "boolean", nullable: true },
  },
};

const fileExpectation: JSONSchemaType<FileExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    absent: { type: "boolean", nullable: true, enum: [true] },
    text: { type: "string", nullable: true },
    contains: { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } },
    excludes: { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } },
    occurrences: { type: "object", nullable: true, required: [], minProperties: 1, additionalProperties: { type: "integer", minimum: 0 } },
    as_given: { type: "boolean", nullable: true, enum: [true] },
  },
};

const words = { type: "array", nullable: true, items: { type: "string" } } as const;
const text = { type: "string", nullable: true } as const;

/** One entry of a review step's `expect.review`: the fields of ReviewEntry it checks. */
const reviewExpectation: JSONSchemaType<Partial<Omit<ReviewEntry, "ref">>> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    trust: { type: "string", nullable: true, enum: ["new", "approved", "changed"] },
    reason: text,
    runtime: text,
    entry: text,
    argv: words,
    env: words,
    capabilities: words,
    availability: text,
    tool: text,
    subject: text,
    phase: text,
    effect: text,
    requirement: text,
    failure_policy: text,
    error_visibility: text,
    tool_names: words,
  },
};

export const lifecycleExpectProperties = {
  review: {
    type: "object",
    nullable: true,
    required: [],
    propertyNames: { pattern: "^(tool|hook):.+$" },
    additionalProperties: reviewExpectation,
  },
  approved: refs,
  revoked: refs,
  activation: { type: "string", nullable: true, enum: ["active", "blocked"] },
  members: {
    type: "object",
    nullable: true,
    required: [],
    minProperties: 1,
    propertyNames: { pattern: REF_PATTERN },
    additionalProperties: { type: "string", enum: STATUSES },
  },
  instructions: {
    type: "object",
    nullable: true,
    required: [],
    propertyNames: { pattern: "^instruction:.+$" },
    additionalProperties: instruction,
  },
  removed: paths,
  kept: refs,
  files: { type: "object", nullable: true, required: [], minProperties: 1, additionalProperties: fileExpectation },
} as const;

/**
 * A step. Which of `operation` and `edit` it has, and whether the operation is known, are checked
 * on load (cases/step-findings.ts), so the finding names the step instead of a schema branch.
 */
export function stepSchema(fixtureEntry: JSONSchemaType<FixtureEntry>, expectation: JSONSchemaType<CaseExpectation>): JSONSchemaType<CaseStep> {
  const edit: JSONSchemaType<FixtureEdit> = {
    type: "object",
    additionalProperties: false,
    required: [],
    minProperties: 1,
    properties: {
      files: { type: "object", nullable: true, required: [], minProperties: 1, additionalProperties: fixtureEntry },
      append: { type: "object", nullable: true, required: [], minProperties: 1, additionalProperties: { type: "string" } },
      replace: {
        type: "object",
        nullable: true,
        required: [],
        minProperties: 1,
        additionalProperties: {
          type: "object",
          additionalProperties: false,
          required: ["text", "with"],
          properties: { text: { type: "string", minLength: 1 }, with: { type: "string" } },
        },
      },
      remove: { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } },
    },
  };
  return {
    type: "object",
    additionalProperties: false,
    required: [],
    properties: {
      name: { type: "string", nullable: true, minLength: 1 },
      operation: { type: "string", nullable: true, minLength: 1 },
      args: { type: "object", nullable: true, required: [] },
      source: { type: "string", nullable: true, minLength: 1 },
      expect: { ...expectation, nullable: true },
      edit: { ...edit, nullable: true },
    },
  };
}
