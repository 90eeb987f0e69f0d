// `npm run schemas`: writes the published JSON Schemas to runner/schemas/ from their typed
// TypeScript sources: those written from the types alone (schemas/registry.ts), and the case
// file's two, built from the kit's operations (schemas/case-schema.ts). A test fails when the
// committed files differ from this output.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { KIT_OPERATIONS } from "./operations/index.js";
import { buildCaseSchemas } from "./schemas/case-schema.js";
import { PUBLISHED_SCHEMAS } from "./schemas/registry.js";
import { renderSchema, SCHEMA_DIR } from "./schemas/render-schema.js";

/** Every published schema by its file name under runner/schemas/, the case file's built from the kit's operations. */
export function kitSchemas(): Readonly<Record<string, object>> {
  const built = buildCaseSchemas(KIT_OPERATIONS);
  return { "case.schema.json": built.case, "case-table.schema.json": built.table, ...PUBLISHED_SCHEMAS };
}

async function main(): Promise<void> {
  for (const [name, schema] of Object.entries(kitSchemas())) {
    const file = join(SCHEMA_DIR, name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, renderSchema(schema));
    console.log(`wrote runner/schemas/${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
