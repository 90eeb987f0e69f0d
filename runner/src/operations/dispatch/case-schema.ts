// The dispatch part of the case schema (SPEC 1.6), typed against runner/src/types/case.ts: the
// `given` keys that describe an event and a generated package (live cases share all but the
// event), and the `expect` keys that judge a dispatcher's answer. runner/src/schemas/case-schema.ts
// merges every registered operation's part into the case schema.

import type { JSONSchemaType } from "ajv";
import type { CaseSchemaOf, ExpectProperties, GivenProperties } from "../../registry/operation-definition.js";
import { CASE_DEFS, fixturePart, HOOK_ID_PATTERN } from "../../schemas/case-fragments.js";
import type { BindingField, DispatchHook, EventSource, HandlerBehaviour, HandlerExpectation, HandlerVariant, HookBinding, Provider, ToolInput } from "../../types/case.js";

/** `<provider>/<version>/<Event>/<name>`, the path of recordings/<id>.json without `.json`. */
export const RECORDING_ID_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*/[0-9A-Za-z][0-9A-Za-z.+-]*/[A-Z][A-Za-z]*/[a-z0-9]+(?:-[a-z0-9]+)*$";
const PLUGIN_NAME_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
const JSON_POINTER_PATTERN = "^(?:/(?:[^~]|~[01])*)+$";
const ENV_NAME_PATTERN = "^[A-Za-z_][A-Za-z0-9_]*$";

export const provider: JSONSchemaType<Provider> = { type: "string", enum: ["claude-code", "codex"] };

export const eventSource: JSONSchemaType<EventSource> = {
  anyOf: [
    { type: "string", pattern: RECORDING_ID_PATTERN },
    {
      type: "object",
      additionalProperties: false,
      required: ["recording"],
      properties: {
        recording: { type: "string", pattern: RECORDING_ID_PATTERN },
        set: { type: "object", nullable: true, required: [], minProperties: 1, propertyNames: { pattern: JSON_POINTER_PATTERN } },
        delete: { type: "array", nullable: true, minItems: 1, items: { type: "string", pattern: JSON_POINTER_PATTERN } },
      },
    },
  ],
};

const bindingField: JSONSchemaType<BindingField> = {
  type: "string",
  enum: [
    "session.id",
    "session.cwd",
    "session.permission_mode",
    "actor.kind",
    "actor.id",
    "transcript.path",
    "session.end_reason",
    "prompt.text",
    "tool.call_id",
    "tool.name",
    "workflow.already_continued",
    "workflow.last_message",
  ],
};

const binding: JSONSchemaType<HookBinding> = {
  type: "object",
  additionalProperties: false,
  required: ["input", "field"],
  properties: { input: { type: "string", minLength: 1 }, field: bindingField },
};

const toolInput: JSONSchemaType<ToolInput> = {
  type: "object",
  additionalProperties: false,
  required: ["name", "type"],
  properties: {
    name: { type: "string", minLength: 1 },
    type: { type: "string", enum: ["string", "path", "integer", "boolean"] },
    required: { type: "boolean", nullable: true },
  },
};

const handlerOutput = {
  anyOf: [
    { type: "string" },
    // {parts: [...]} alone is the fixture parts form; any other object is written as JSON
    { type: "object", additionalProperties: false, required: ["parts"], properties: { parts: { type: "array", minItems: 1, items: fixturePart } } },
    // {base64: "..."} alone is raw bytes (output that is not UTF-8)
    { type: "object", additionalProperties: false, required: ["base64"], properties: { base64: { type: "string", pattern: "^[A-Za-z0-9+/]*={0,2}$" } } },
    {
      type: "object",
      not: {
        anyOf: [
          { type: "object", required: ["parts"] },
          { type: "object", required: ["base64"] },
        ],
      },
    },
    { type: "array" },
  ],
} as never;

const handlerVariant: JSONSchemaType<HandlerVariant> = {
  type: "object",
  additionalProperties: false,
  required: ["argv"],
  properties: {
    argv: { type: "array", items: { type: "string" } },
    stdout: handlerOutput,
    stderr: { type: "string", nullable: true },
    exit: { type: "integer", nullable: true, minimum: 0, maximum: 255 },
    delay_ms: { type: "integer", nullable: true, minimum: 0, maximum: 600000 },
  },
};

const handlerBehaviour: JSONSchemaType<HandlerBehaviour> = {
  type: "object",
  additionalProperties: false,
  required: [],
  properties: {
    stdout: handlerOutput,
    stderr: { type: "string", nullable: true },
    exit: { type: "integer", nullable: true, minimum: 0, maximum: 255 },
    delay_ms: { type: "integer", nullable: true, minimum: 0, maximum: 600000 },
    // a union of boolean and string, which JSONSchemaType cannot type
    spawn_sleeper: { anyOf: [{ type: "boolean" }, { type: "string", enum: ["group", "setsid", "double-fork"] }] } as never,
    when: { type: "array", nullable: true, minItems: 1, items: handlerVariant },
  },
};

const dispatchHook: JSONSchemaType<DispatchHook> = {
  type: "object",
  additionalProperties: false,
  required: ["id", "effect"],
  properties: {
    id: { type: "string", pattern: HOOK_ID_PATTERN, maxLength: 128 },
    subject: { type: "string", nullable: true, enum: ["session", "user_prompt", "tool_call", "workflow"] },
    phase: { type: "string", nullable: true, enum: ["before", "after", "end", "completion_attempt"] },
    effect: { type: "string", enum: ["observe", "add_context", "allow_deny", "rewrite_input", "replace_output", "continue_workflow"] },
    requirement: { type: "string", nullable: true, enum: ["required", "optional"] },
    // null (not absent) leaves the fallback out of an optional hook: an invalid package on purpose
    fallback: { type: "string", nullable: true, enum: ["omit", null] } as never,
    timeout_ms: { type: "integer", nullable: true, minimum: 0 },
    failure_policy: { type: "string", nullable: true, enum: ["report", "fail_open", "fail_closed"] },
    error_visibility: { type: "string", nullable: true, enum: ["user", "model_and_user"] },
    matcher: {
      type: "object",
      nullable: true,
      additionalProperties: false,
      required: [],
      properties: { tool_names: { type: "array", nullable: true, items: { type: "string" } } },
    },
    bindings: { type: "array", nullable: true, items: binding },
    inputs: { type: "array", nullable: true, items: toolInput },
    argv: { type: "array", nullable: true, items: { type: "string" } },
    env: { type: "array", nullable: true, items: { type: "string" } },
    handler: { ...handlerBehaviour, nullable: true },
  },
};

/** The `given` keys of the generated package, a dispatch case's and a live case's. */
export const packageGivenProperties = {
  provider: { ...provider, nullable: true },
  plugin: { type: "string", nullable: true, pattern: PLUGIN_NAME_PATTERN },
  hooks: { type: "array", nullable: true, items: dispatchHook },
  environment: {
    type: "object",
    nullable: true,
    required: [],
    propertyNames: { pattern: ENV_NAME_PATTERN },
    additionalProperties: { type: "string" },
  },
} as const satisfies GivenProperties;

export const handlerExpectation: JSONSchemaType<HandlerExpectation> = {
  type: "object",
  additionalProperties: false,
  required: [],
  minProperties: 1,
  properties: {
    ran: { type: "boolean", nullable: true },
    runs: { type: "integer", nullable: true, minimum: 0 },
    argv: {
      type: "array",
      nullable: true,
      items: {
        oneOf: [{ type: "string" }, { type: "object", additionalProperties: false, required: ["$event"], properties: { $event: { type: "string", pattern: "^(/.*)?$" } } }],
      },
    },
    env: { type: "object", nullable: true, required: [], additionalProperties: { type: "string" } },
    stdin: { type: "string", nullable: true },
    cwd: { type: "string", nullable: true, enum: ["tool_root"] },
    sleeper_gone: { type: "boolean", nullable: true, enum: [true] },
  },
};

/** The `expect` keys of a dispatch case. */
export const dispatchExpectProperties: ExpectProperties<"dispatch"> = {
  response: { $ref: `${CASE_DEFS}/value` } as never,
  stdout_excludes: { type: "array", nullable: true, minItems: 1, items: { type: "string", minLength: 1 } },
  stderr: { anyOf: [{ type: "string" }, { $ref: `${CASE_DEFS}/string_matcher` }, { $ref: `${CASE_DEFS}/any_matcher` }] } as never,
  handlers: {
    type: "object",
    nullable: true,
    required: [],
    minProperties: 1,
    propertyNames: { pattern: HOOK_ID_PATTERN },
    additionalProperties: handlerExpectation,
  },
};

/** A dispatch case names its event (a recording, maybe edited). */
export const dispatchCaseSchema: CaseSchemaOf<"dispatch"> = {
  given: { event: eventSource as never, ...packageGivenProperties },
  expect: dispatchExpectProperties,
  requiredGiven: ["event"],
};
