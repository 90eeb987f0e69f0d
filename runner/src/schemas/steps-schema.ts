// The parts of the case schema a multi-step case (SPEC 1.11) adds whatever operations its steps
// run: `given.members`, `expect.files` (a step's, of any operation) and the steps themselves,
// typed against runner/src/types/case.ts; case-schema.ts builds them in.

import type { JSONSchemaType } from "ajv";
import type { PropertiesSchema } from "ajv/dist/types/json-schema.js";
import type { CaseGiven, CaseStep, EveryExpectation, FileExpectation, FixtureEdit, MemberSpec } from "../types/case.js";
import { fixtureEntry } from "./case-fragments.js";

const member: JSONSchemaType<MemberSpec> = {
  type: "object",
  additionalProperties: false,
  required: ["ref", "requirement"],
  properties: {
    ref: { type: "string", minLength: 1 },
    requirement: { type: "string", enum: ["required", "optional", "recommended"] },
  },
};

/** The `given` keys only a multi-step case has. */
export const stepsGivenProperties: PropertiesSchema<Pick<CaseGiven, "members">> = {
  members: { type: "array", nullable: true, items: member },
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

/** `expect.files`: the files on disk after a step, in a step of any operation. */
export const stepFilesExpectation: PropertiesSchema<Pick<EveryExpectation, "files">>["files"] = {
  type: "object",
  nullable: true,
  required: [],
  minProperties: 1,
  additionalProperties: fileExpectation,
};

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

/**
 * A step, with the case schema's `expect` (built from the operations' parts, each typed against
 * its expectation). Which of `operation` and `edit` it has, and whether
 * the operation is known and may be a step, are checked on load (cases/step-findings.ts), so the
 * finding names the step instead of a schema branch.
 */
export function stepSchema(expectation: object): JSONSchemaType<CaseStep> {
  return {
    type: "object",
    additionalProperties: false,
    required: [],
    properties: {
      name: { type: "string", nullable: true, minLength: 1 },
      operation: { type: "string", nullable: true, minLength: 1 },
      args: { type: "object", nullable: true, required: [] },
      source: { type: "string", nullable: true, minLength: 1 },
      expect: { ...expectation, nullable: true } as never,
      edit: { ...edit, nullable: true },
    },
  };
}
