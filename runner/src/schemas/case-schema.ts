// The JSON Schemas of case files, built from the operations' parts. Each operation's definition
// holds the schemas of its own `given` and `expect` keys (its folder's case-schema.ts, typed
// against runner/src/types/case.ts with ajv's JSONSchemaType); this builder adds what every case
// has and what a multi-step case adds, and makes the case schema and the table file's. It is
// handed the operations as data and imports none: runner/src/cases/case-schemas.ts builds the
// schemas of the registered operations, and `npm run schemas` writes the kit's to
// runner/schemas/case.schema.json and case-table.schema.json (published copies).

import { isDeepStrictEqual } from "node:util";
import type { JSONSchemaType } from "ajv";
import type { PropertiesSchema } from "ajv/dist/types/json-schema.js";
import type { CaseGiven, CaseSpec, EveryExpectation, LiveProof } from "../types/case.js";
import { CELL_EFFECTS, CELL_EVENTS, CELL_POLICIES, FAILURE_ROW_PATTERN, PROJECTION_ROW_PATTERN } from "../types/cell-names.js";
import { fixtureEntry, valueDefs } from "./case-fragments.js";
import type { BuiltSchema } from "./registry.js";
import { stepFilesExpectation, stepSchema, stepsGivenProperties } from "./steps-schema.js";

export const CASE_ID_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)+$";
export const REQUIREMENT_ID_PATTERN = "^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$";

/** Schemas of keys by key, as a part gives them (a key the type marks optional, as it does another operation's, is absent). */
type Properties = Readonly<Record<string, object | undefined>>;

/** What the builder reads of an operation's definition (runner/src/registry/operation-definition.ts). */
export interface CaseSchemaSource {
  readonly name: string;
  readonly usedIn: { readonly case: boolean; readonly step: boolean };
  readonly keys: { readonly given: readonly string[]; readonly expect: readonly string[] };
  readonly caseSchema: { readonly given?: Properties; readonly expect: Properties; readonly requiredGiven?: readonly string[] };
}

export interface CaseSchemas {
  /** runner/schemas/case.schema.json: one case. */
  readonly case: BuiltSchema;
  /** runner/schemas/case-table.schema.json: a file of several cases. */
  readonly table: BuiltSchema;
}

/** The `given` keys of every case. */
const everyGiven: PropertiesSchema<Pick<CaseGiven, "files" | "args" | "source">> = {
  files: { type: "object", nullable: true, required: [], additionalProperties: fixtureEntry },
  args: { type: "object", nullable: true, required: [] },
  source: { type: "string", nullable: true, minLength: 1 },
};

/** The `expect` key of every operation; `files` (a step's) comes after the operations' keys. */
const everyExpect: PropertiesSchema<Pick<EveryExpectation, "exit">> = {
  exit: { type: "integer", nullable: true, enum: [0, 1, 2] },
};

/** A cell of the compatibility matrix a live case proves: its event and exactly one kind with its row. */
const liveProof: JSONSchemaType<LiveProof> = {
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

/** The case keys no operation changes. */
const fixedProperties: PropertiesSchema<Pick<CaseSpec, "id" | "title" | "spec" | "notes" | "polarity" | "proves">> = {
  id: { type: "string", pattern: CASE_ID_PATTERN, maxLength: 200 },
  title: { type: "string", minLength: 1 },
  spec: {
    type: "array",
    minItems: 1,
    uniqueItems: true,
    items: { type: "string", pattern: REQUIREMENT_ID_PATTERN },
  },
  notes: { type: "string", nullable: true },
  polarity: { type: "string", nullable: true, enum: ["accepting", "rejecting"] },
  proves: { type: "array", nullable: true, minItems: 1, uniqueItems: true, items: liveProof },
};

/**
 * A part's keys are its definition's `keys`, and it requires only given keys of its own: a
 * definition whose part and keys disagree is a mistake in its folder, refused here.
 */
function checkPart(o: CaseSchemaSource): void {
  const differ = (a: readonly string[], b: readonly string[]): boolean => a.length !== b.length || a.some((k) => !b.includes(k));
  const { given = {}, expect, requiredGiven = [] } = o.caseSchema;
  const keysOf = (schemas: Properties): string[] => Object.keys(schemas).filter((k) => schemas[k] !== undefined);
  for (const [section, schemas, keys] of [
    ["given", given, o.keys.given],
    ["expect", expect, o.keys.expect],
  ] as const) {
    if (differ(keysOf(schemas), keys)) {
      throw new Error(`operation ${o.name}: its case schema has ${section} keys [${keysOf(schemas).join(", ")}], its keys.${section} are [${keys.join(", ")}]`);
    }
  }
  const strange = requiredGiven.filter((k) => !o.keys.given.includes(k));
  if (strange.length > 0) throw new Error(`operation ${o.name}: its case schema requires given keys it does not have: ${strange.join(", ")}`);
}

/**
 * The schemas of several parts in one object, in the order given: a key several parts have (an
 * `expect.handlers` of dispatch and live, say) stands where the first put it, and must have the
 * same schema in each.
 */
function merge(section: string, parts: readonly (readonly [owner: string, properties: Properties])[]): Record<string, object> {
  const merged: Record<string, object> = {};
  const owners = new Map<string, string>();
  for (const [owner, properties] of parts) {
    for (const [key, schema] of Object.entries(properties)) {
      if (schema === undefined) continue;
      const first = owners.get(key);
      if (first === undefined) {
        merged[key] = schema;
        owners.set(key, owner);
      } else if (!isDeepStrictEqual(merged[key], schema)) {
        throw new Error(`the case schema's ${section}.${key} differs between ${first} and ${owner}`);
      }
    }
  }
  return merged;
}

/**
 * The case schema and the table file's, from the operations in registration order: the case's
 * `operation` is one of those a case may use; `given` and `expect` hold every operation's keys
 * (which belong to which operation is checked on load, cases/operation-keys.ts), and an operation
 * that requires `given` keys has its rule in `allOf`.
 */
export function buildCaseSchemas(operations: readonly CaseSchemaSource[]): CaseSchemas {
  for (const o of operations) checkPart(o);
  const given = {
    type: "object",
    additionalProperties: false,
    required: [],
    properties: merge("given", [["every case", everyGiven], ...operations.map((o) => [o.name, o.caseSchema.given ?? {}] as const), ["a multi-step case", stepsGivenProperties]]),
  };
  const expectation = {
    type: "object",
    additionalProperties: false,
    required: [],
    minProperties: 1,
    properties: merge("expect", [["every operation", everyExpect], ...operations.map((o) => [o.name, o.caseSchema.expect] as const), ["a step", { files: stepFilesExpectation }]]),
  };
  // A case file's `operation`: the operations a case may use ("steps" is the loader's).
  const operation = { type: "string", enum: operations.filter((o) => o.usedIn.case).map((o) => o.name) };

  const caseProperties: Readonly<Record<keyof CaseSpec, object>> = {
    id: fixedProperties.id,
    title: fixedProperties.title,
    spec: fixedProperties.spec,
    operation,
    given: { ...given, nullable: true },
    expect: expectation,
    steps: { type: "array", nullable: true, minItems: 1, items: stepSchema(expectation) },
    notes: fixedProperties.notes,
    polarity: fixedProperties.polarity,
    proves: fixedProperties.proves,
  };

  const requiredGiven = operations
    .filter((o) => o.usedIn.case && (o.caseSchema.requiredGiven?.length ?? 0) > 0)
    .map((o) => ({
      if: { type: "object", required: ["operation"], properties: { operation: { const: o.name } } },
      then: { type: "object", required: ["given"], properties: { given: { type: "object", required: o.caseSchema.requiredGiven } } },
    }));

  const caseSchema = {
    $id: "https://papc.dev/schemas/case.schema.json",
    title: "papc case (one case)",
    type: "object",
    additionalProperties: false,
    // `operation` and `expect`, or `steps`: see allOf below
    required: ["id", "title", "spec"],
    properties: caseProperties,
    allOf: [
      // One operation with its expectation, or steps (SPEC 1.11), each with its own.
      {
        oneOf: [
          { type: "object", required: ["operation", "expect"], not: { required: ["steps"] } },
          { type: "object", required: ["steps"], not: { anyOf: [{ required: ["operation"] }, { required: ["expect"] }] } },
        ],
      },
      // A case of an operation names the given keys it requires (dispatch its event, live its harness and scenario).
      ...requiredGiven,
    ],
    $defs: valueDefs,
  };

  // The keys a table file may set as defaults; each entry may set them too, plus its id.
  const defaultableProperties = {
    title: { ...caseProperties.title, nullable: true },
    spec: { ...caseProperties.spec, nullable: true },
    operation: { ...operation, nullable: true },
    given: caseProperties.given,
    expect: { ...expectation, nullable: true },
    steps: caseProperties.steps,
    notes: caseProperties.notes,
    polarity: caseProperties.polarity,
  };

  const tableSchema = {
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

  return { case: caseSchema, table: tableSchema };
}
