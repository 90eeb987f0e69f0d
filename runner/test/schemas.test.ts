// The published JSON Schemas are generated from the typed TypeScript sources (KIT-TYPES-ONE-SOURCE):
// the committed files must equal what `npm run schemas` writes.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { buildCaseSchemas, type CaseSchemaSource } from "../src/schemas/case-schema.js";
import { check } from "../src/schemas/registry.js";
import { renderSchema } from "../src/schemas/render-schema.js";
import { kitSchemas } from "../src/write-schemas.js";
import { KIT_ROOT } from "./helpers.js";

describe("published schemas", () => {
  const schemas = kitSchemas();
  it.each(Object.keys(schemas))("runner/schemas/%s is up to date (run `npm run schemas`)", async (name) => {
    const committed = await readFile(join(KIT_ROOT, "runner/schemas", name), "utf8");
    expect(committed).toBe(renderSchema(schemas[name]!));
  });

  // papc's own ajv instance skips this check at start-up (schemas/registry.ts): it is made here.
  it("every published schema is a valid JSON Schema 2020-12 (and a broken one is not)", () => {
    const meta = new Ajv2020({ strict: false });
    const invalid = Object.entries(schemas).filter(([, schema]) => !meta.validateSchema(schema as object));
    expect(invalid.map(([name]) => name)).toEqual([]);
    expect(meta.validateSchema({ type: "object", properties: { a: { type: "nonsense" } } })).toBe(false);
  });

  it("protocol schemas accept the messages of SPEC.md and reject near misses", () => {
    expect(check("protocol/hello-reply.schema.json", { protocol: 1, implementation: { name: "x", version: "1" }, operations: ["validate"] }).ok).toBe(true);
    expect(check("protocol/hello-reply.schema.json", { protocol: 2, implementation: { name: "x", version: "1" }, operations: [] }).ok).toBe(false);
    expect(check("protocol/result-reply.schema.json", { seq: 1, result: {} }).ok).toBe(true);
    expect(check("protocol/result-reply.schema.json", { seq: 0, result: {} }).ok).toBe(false);
    expect(check("protocol/result-reply.schema.json", { seq: 1, result: {}, extra: 1 }).ok).toBe(false);
    expect(check("protocol/skipped-reply.schema.json", { seq: 1, skipped: { reason: "" } }).ok).toBe(false);
    expect(check("protocol/errored-reply.schema.json", { seq: 1, errored: { message: "boom" } }).ok).toBe(true);
  });
});

describe("the case schema builder", () => {
  const part = (name: string, expect: Record<string, object>, keys = Object.keys(expect), requiredGiven?: string[]): CaseSchemaSource => ({
    name,
    usedIn: { case: true, step: false },
    keys: { given: [], expect: keys },
    caseSchema: requiredGiven ? { expect, requiredGiven } : { expect },
  });
  const flag = { type: "boolean", nullable: true };

  it("builds the operation list and the expectation from the parts, in their order", () => {
    const built = buildCaseSchemas([part("one", { first: flag }), part("two", { second: flag, first: flag })]).case as unknown as {
      properties: { operation: { enum: string[] }; expect: { properties: object } };
    };
    expect(built.properties.operation.enum).toEqual(["one", "two"]);
    expect(Object.keys(built.properties.expect.properties)).toEqual(["exit", "first", "second", "files"]);
  });

  it("refuses a part whose keys are not its definition's, or that requires a given key it does not have", () => {
    expect(() => buildCaseSchemas([part("one", { first: flag }, ["first", "second"])])).toThrow(
      "operation one: its case schema has expect keys [first], its keys.expect are [first, second]",
    );
    expect(() => buildCaseSchemas([part("one", { first: flag }, ["first"], ["event"])])).toThrow("operation one: its case schema requires given keys it does not have: event");
  });

  it("refuses a key two operations give different schemas", () => {
    expect(() => buildCaseSchemas([part("one", { first: flag }), part("two", { first: { type: "string" } })])).toThrow(
      "the case schema's expect.first differs between one and two",
    );
  });
});
