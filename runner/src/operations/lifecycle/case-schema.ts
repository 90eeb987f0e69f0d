// The lifecycle part of the case schema (SPEC 1.11): the `expect` keys of a review, approve,
// revoke, activate or remove step, typed against runner/src/types/case.ts.
// runner/src/schemas/case-schema.ts merges every registered operation's part into the case schema.

import type { JSONSchemaType } from "ajv";
import type { ReviewEntry } from "../../../shared/protocol.js";
import type { CaseSchemaOf } from "../../registry/operation-definition.js";
import type { InstructionExpectation, LifecycleOperation } from "../../types/case.js";

const STATUSES = ["active", "omitted", "blocked", "inactive"] as const;
/** A member, tool or hook reference as activation reports it. */
const REF_PATTERN = "^(skill|agent|instruction|plugin|tool|hook):.+$";
const refs = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", pattern: REF_PATTERN } } as const;
const paths = { type: "array", nullable: true, uniqueItems: true, items: { type: "string", minLength: 1 } } as const;

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

export const lifecycleCaseSchema: CaseSchemaOf<LifecycleOperation> = {
  expect: {
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
  },
};
