// How a published JSON Schema is written to runner/schemas/ (`npm run schemas`, runner/src/write-schemas.ts).

import { join } from "node:path";
import { kitRoot } from "../../shared/kit-root.js";

export function renderSchema(schema: object): string {
  const withDialect = { $schema: "https://json-schema.org/draft/2020-12/schema", ...schema };
  return `${JSON.stringify(withDialect, null, 2)}\n`;
}

export const SCHEMA_DIR = join(kitRoot(), "runner", "schemas");
