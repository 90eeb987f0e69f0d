// The published JSON Schemas are generated from the typed TypeScript sources (KIT-TYPES-ONE-SOURCE):
// the committed files must equal what `npm run schemas` writes.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PUBLISHED_SCHEMAS, check } from "../src/schemas/registry.js";
import { renderSchema } from "../src/schemas/write-schemas.js";
import { KIT_ROOT } from "./helpers.js";

describe("published schemas", () => {
  it.each(Object.keys(PUBLISHED_SCHEMAS))("runner/schemas/%s is up to date (run `npm run schemas`)", async (name) => {
    const committed = await readFile(join(KIT_ROOT, "runner/schemas", name), "utf8");
    expect(committed).toBe(renderSchema(PUBLISHED_SCHEMAS[name as keyof typeof PUBLISHED_SCHEMAS]));
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
