// A result judged by its operation's definition: first against the operation's result schema,
// then compared with what the case expects.

import { operationNamed } from "../registry/operations.js";
import { check, describeErrors } from "../schemas/registry.js";
import type { LoadedCase } from "../types/case.js";
import type { JudgeContext, Verdict } from "../registry/operation-definition.js";

export type { Verdict };

/**
 * `at.root` is the fixture root and `at.args` what was sent: dispatch reads the handlers' captures
 * there; live runs `at.harness` (the provider's pinned harness) with the projection first.
 */
export async function judge(c: LoadedCase, result: Record<string, unknown>, at: JudgeContext): Promise<Verdict> {
  const definition = operationNamed(c.operation);
  // The case schema admits later operations; until their definition exists a case using one is
  // a suite bug, never a silent pass.
  if (!definition) return { ok: false, message: `papc cannot yet compare results of operation "${c.operation}"`, suiteBug: true };
  const shape = check(definition.resultSchema as Parameters<typeof check>[0], result);
  if (!shape.ok) return { ok: false, message: `result does not match the ${schemaTitle(definition.resultSchema)} result schema: ${describeErrors(shape.errors)}` };
  return definition.judge(c, result, at);
}

/** "lifecycle" for protocol/lifecycle-result.schema.json: the five lifecycle operations share it. */
function schemaTitle(schema: string): string {
  return schema.replace(/^.*\//, "").replace(/-result\.schema\.json$/, "");
}
