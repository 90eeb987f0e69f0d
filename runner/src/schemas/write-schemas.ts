// `npm run schemas`: writes the published JSON Schemas to runner/schemas/ from their typed
// TypeScript sources. A test fails when the committed files differ from this output.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { kitRoot } from "../../shared/kit-root.js";
import { PUBLISHED_SCHEMAS } from "./registry.js";

export function renderSchema(schema: object): string {
  const withDialect = { $schema: "https://json-schema.org/draft/2020-12/schema", ...schema };
  return `${JSON.stringify(withDialect, null, 2)}\n`;
}

export const SCHEMA_DIR = join(kitRoot(), "runner", "schemas");

async function main(): Promise<void> {
  for (const [name, schema] of Object.entries(PUBLISHED_SCHEMAS)) {
    const file = join(SCHEMA_DIR, name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, renderSchema(schema));
    console.log(`wrote runner/schemas/${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
