// JSON Schema of a recording scenario (recordings/scenarios/<name>.yaml), typed against
// runner/src/types/scenario.ts.

import type { JSONSchemaType } from "ajv";
import type { CaptureSpec, Scenario, ScenarioTurn } from "../types/scenario.js";
import { EVENT_NAME_PATTERN, SCENARIO_NAME_PATTERN } from "./recording-schema.js";

const providerList = { type: "array", minItems: 1, uniqueItems: true, items: { type: "string", enum: ["claude-code", "codex"] } } as const;
const providers = { ...providerList, nullable: true } as const;
const agent = { type: "string", nullable: true, enum: ["root", "subagent"] } as const;

export const turn: JSONSchemaType<ScenarioTurn> = {
  anyOf: [
    {
      type: "object",
      additionalProperties: false,
      required: ["tool"],
      properties: {
        tool: { type: "string", enum: ["shell", "apply_patch", "subagent", "subagent_wait"] },
        arguments: { type: "object", nullable: true, required: [] },
        agent,
        providers,
      },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["text"],
      properties: { text: { type: "string" }, agent, providers },
    },
  ],
};

const capture: JSONSchemaType<string | CaptureSpec> = {
  anyOf: [
    { type: "string", pattern: EVENT_NAME_PATTERN },
    {
      type: "object",
      additionalProperties: false,
      required: ["event"],
      properties: {
        event: { type: "string", pattern: EVENT_NAME_PATTERN },
        actor: agent,
        reply_once: { type: "object", nullable: true, required: [] },
        optional: { type: "boolean", nullable: true },
        providers,
      },
    },
  ],
};

export const scenarioSchema: JSONSchemaType<Scenario> = {
  $id: "https://papc.dev/schemas/scenario.schema.json",
  title: "papc recording scenario",
  type: "object",
  additionalProperties: false,
  required: ["name", "description", "providers", "prompt", "turns", "capture"],
  properties: {
    name: { type: "string", pattern: SCENARIO_NAME_PATTERN },
    description: { type: "string", minLength: 1 },
    providers: providerList,
    prompt: { type: "string", minLength: 1 },
    turns: { type: "array", items: turn },
    capture: { type: "array", minItems: 1, items: capture },
  },
};
