// The case file's schemas, built from the registered operations (schemas/case-schema.ts) when
// first needed, and again once the registered operations changed (a test's toy operation, say).

import type { OperationDefinition } from "../registry/operation-definition.js";
import { registeredOperations } from "../registry/operations.js";
import { buildCaseSchemas, type CaseSchemas } from "../schemas/case-schema.js";
import { addBuiltSchemas, checkBuilt, type SchemaCheck } from "../schemas/registry.js";

let built: { from: readonly OperationDefinition[]; schemas: CaseSchemas } | undefined;

/** The case schema and the table file's, of the operations registered now. */
export function caseSchemas(): CaseSchemas {
  const operations = registeredOperations();
  const same = built !== undefined && built.from.length === operations.length && built.from.every((d, i) => d === operations[i]);
  if (!built || !same) {
    const schemas = buildCaseSchemas(operations);
    addBuiltSchemas([schemas.case, schemas.table]);
    built = { from: operations, schemas };
  }
  return built.schemas;
}

/** One case (a table file's entries merged with its defaults) against the case schema. */
export function checkCase(value: unknown): SchemaCheck {
  return checkBuilt(caseSchemas().case, value);
}

/** A table file against its schema. */
export function checkCaseTable(value: unknown): SchemaCheck {
  return checkBuilt(caseSchemas().table, value);
}
