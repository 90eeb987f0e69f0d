// Lint of a validate-cli case's `given.args` (SPEC 1.3): the request shape
// (protocol/validate-cli-args.schema.json). A case without a command line is a finding at its
// line, not a run that sends nothing.

import { check, describeErrors } from "../../schemas/registry.js";
import type { CaseSpec } from "../../types/case.js";
import type { KeyFinding } from "../../registry/operation-definition.js";

/** The word of `args.argv` the runner replaces with the absolute source path. */
export const SOURCE_WORD = "{source}";

export function validateCliArgsFindings(c: CaseSpec): KeyFinding[] {
  const shape = check("protocol/validate-cli-args.schema.json", c.given?.args ?? {});
  if (!shape.ok) return [{ path: ["given", "args"], message: `given.args (validate-cli): ${describeErrors(shape.errors)}` }];
  return [];
}

/** `args.argv` with each whole word `{source}` replaced by the source path. */
export function withSource(argv: readonly string[], source: string): string[] {
  return argv.map((word) => (word === SOURCE_WORD ? source : word));
}
