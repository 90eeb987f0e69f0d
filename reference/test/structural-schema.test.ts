// The validator compiles the vendored plugin-v1 schema without checking it against the JSON
// Schema 2020-12 meta-schema (validate/structural.ts, for start-up time): the check is here.

import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { PLUGIN_SCHEMA_FILE } from "../src/validate/structural.js";

describe("the vendored plugin-v1 schema", () => {
  it("is a valid JSON Schema 2020-12, and the check refuses a broken one", () => {
    const meta = new Ajv2020({ allErrors: true });
    const schema = JSON.parse(readFileSync(PLUGIN_SCHEMA_FILE, "utf8")) as object;
    expect(meta.validateSchema(schema), JSON.stringify(meta.errors)).toBe(true);
    expect(meta.validateSchema({ ...schema, properties: { plugin: { type: "tabel" } } })).toBe(false);
  });
});
