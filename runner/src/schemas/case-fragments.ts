// Pieces of the case file's schema that several parts share: the core's (case-schema.ts,
// steps-schema.ts) and the operations' (runner/src/operations/<name>/case-schema.ts). Typed
// against runner/src/types/case.ts with ajv's JSONSchemaType.

import type { JSONSchemaType } from "ajv";
import type { FixtureEntry, FixturePart } from "../types/case.js";

/** Hook ids double as tool ids, so they follow the stricter tool id spelling (no "--"). */
export const HOOK_ID_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";

/** Where the value matchers live; a `$ref` to them works from the case and the table schema. */
export const CASE_DEFS = "https://papc.dev/schemas/case.schema.json#/$defs";

const MODE_PATTERN = "^0?[0-7]{3}$";

const mode = { type: "string", pattern: MODE_PATTERN, nullable: true } as const;

export const fixturePart: JSONSchemaType<FixturePart> = {
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

export const fixtureEntry: JSONSchemaType<FixtureEntry> = {
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

/**
 * An expected JSON value: literal JSON, compared exactly, where a value matcher may stand in
 * for any value. Object keys starting with `$` are reserved for matchers. The case schema's
 * `$defs`; a part refers to them through CASE_DEFS.
 */
export const valueDefs = {
  string_matcher: {
    type: "object",
    additionalProperties: false,
    required: ["$string"],
    properties: {
      $string: {
        type: "object",
        additionalProperties: false,
        minProperties: 1,
        properties: {
          contains: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
          excludes: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
          min_bytes: { type: "integer", minimum: 1 },
          max_bytes: { type: "integer", minimum: 0 },
        },
      },
    },
  },
  any_matcher: {
    type: "object",
    additionalProperties: false,
    required: ["$any"],
    properties: { $any: { const: true } },
  },
  value: {
    anyOf: [
      { $ref: "#/$defs/string_matcher" },
      { $ref: "#/$defs/any_matcher" },
      { type: "object", propertyNames: { pattern: "^(?![$])" }, additionalProperties: { $ref: "#/$defs/value" } },
      { type: "array", items: { $ref: "#/$defs/value" } },
      { type: ["string", "number", "boolean", "null"] },
    ],
  },
} as const;
