// JSON Schemas of a recording file and of recordings/pins.yaml, typed against
// runner/src/types/recording.ts.

import type { JSONSchemaType } from "ajv";
import type { HarnessPin, PinsFile, Recording } from "../types/recording.js";

export const SCENARIO_NAME_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
export const EVENT_NAME_PATTERN = "^[A-Z][A-Za-z]*$";
export const VERSION_PATTERN = "^[0-9]+\\.[0-9]+\\.[0-9]+$";
const provider = { type: "string", enum: ["claude-code", "codex"] } as const;

export const recordingSchema: JSONSchemaType<Recording> = {
  $id: "https://papc.dev/schemas/recording.schema.json",
  title: "papc recording (a native hook payload with provenance)",
  type: "object",
  additionalProperties: false,
  required: ["recording", "origin", "provider", "version", "event", "scenario", "occurrence", "captured_at", "command", "volatile", "sha256", "payload"],
  properties: {
    recording: { type: "integer", const: 1 },
    origin: { type: "string", enum: ["recorded", "documented"] },
    provider,
    version: { type: "string", pattern: VERSION_PATTERN },
    event: { type: "string", pattern: EVENT_NAME_PATTERN },
    scenario: { type: "string", pattern: SCENARIO_NAME_PATTERN },
    occurrence: { type: "integer", minimum: 1 },
    captured_at: { type: "string", format: "date-time" },
    command: { type: "array", minItems: 1, items: { type: "string" } },
    volatile: { type: "array", uniqueItems: true, items: { type: "string", pattern: "^(/([^~/]|~[01])*)+$" } },
    sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
    payload: { type: "object", required: [] },
  },
};

const pin: JSONSchemaType<HarnessPin> = {
  type: "object",
  additionalProperties: false,
  required: ["provider", "package", "version", "binary", "version_output"],
  properties: {
    provider,
    package: { type: "string", pattern: "^(@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*$" },
    version: { type: "string", pattern: VERSION_PATTERN },
    binary: { type: "string", pattern: "^[a-z0-9][a-z0-9._-]*$" },
    version_output: { type: "string", minLength: 1 },
  },
};

export const pinsSchema: JSONSchemaType<PinsFile> = {
  $id: "https://papc.dev/schemas/recording-pins.schema.json",
  title: "papc recordings/pins.yaml (the harness binaries recordings come from)",
  type: "object",
  additionalProperties: false,
  required: ["harnesses"],
  properties: { harnesses: { type: "array", minItems: 1, items: pin } },
};
