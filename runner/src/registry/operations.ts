// The operations this process knows. Each runner/src/operations/<name>/ folder exports a
// definition; runner/src/operations/index.ts registers the kit's own when an entry point (cli.ts,
// api.ts) imports it. The core looks a case's operation up here, so it imports no operation.

import type { OperationDefinition } from "./operation-definition.js";

const registered = new Map<string, OperationDefinition>();

/** Adds an operation, or replaces the one of the same name (a test's toy operation, say). */
export function registerOperation(definition: OperationDefinition): void {
  registered.set(definition.name, definition);
}

/** Removes an operation; for tests that register one of their own. */
export function unregisterOperation(name: string): void {
  registered.delete(name);
}

/** The definition of `name`, or undefined for a name no definition has. */
export function operationNamed(name: unknown): OperationDefinition | undefined {
  if (registered.size === 0) throw new Error("no operation is registered: import runner/src/operations/index.ts first (cli.ts and api.ts do)");
  return typeof name === "string" ? registered.get(name) : undefined;
}

/** Every registered operation, in the order they were registered. */
export function registeredOperations(): OperationDefinition[] {
  if (registered.size === 0) throw new Error("no operation is registered: import runner/src/operations/index.ts first (cli.ts and api.ts do)");
  return [...registered.values()];
}
