// Every kind of finding the validator reports, and the one place that words them: a finding
// names its code (SPEC.md 4.4), its kind and the values it is about; render() gives the report
// diagnostic's message and pointer. Each area's kinds and wording are in its own file here.

import { DECODE_MESSAGES, type DecodeProblem } from "./decode.js";
import { SCHEMA_MESSAGES, type SchemaProblem } from "./structure.js";
import { SOURCE_MESSAGES, type SourceProblem } from "./source.js";
import { TOOL_MESSAGES, type ToolProblem } from "./tools.js";
import { TREE_MESSAGES, type TreeProblem } from "./tree.js";
import type { Messages, Rendered } from "./wording.js";

/** Transitional: a finding still worded where it was found. */
export interface WordedProblem {
  code: import("../diagnostic-codes.js").DiagnosticCode;
  kind: "worded";
  message: string;
  pointer?: string | undefined;
}

export type Problem = ToolProblem | DecodeProblem | SchemaProblem | TreeProblem | SourceProblem | WordedProblem;

const MESSAGES: Messages<Problem> = {
  ...TOOL_MESSAGES,
  ...DECODE_MESSAGES,
  ...SCHEMA_MESSAGES,
  ...TREE_MESSAGES,
  ...SOURCE_MESSAGES,
  worded: (p) => (p.pointer === undefined ? { message: p.message } : { message: p.message, pointer: p.pointer }),
};

/** The message and pointer of a finding. Throws for a kind that has no wording. */
export function render(problem: Problem): Rendered {
  const words = MESSAGES[problem.kind] as ((problem: Problem) => Rendered) | undefined;
  if (words === undefined) throw new Error(`no wording for a finding of kind ${JSON.stringify(problem.kind)}`);
  return words(problem);
}

/** Transitional: a finding worded at its call site. */
export function worded(code: WordedProblem["code"], message: string, pointer?: string): WordedProblem {
  return { code, kind: "worded", message, pointer };
}

/** Transitional: an invalid_plugin_package finding worded at its call site. */
export function invalid(message: string, pointer?: string): WordedProblem {
  return worded("invalid_plugin_package", message, pointer);
}

/** A package-contract finding about one manifest (reported on its manifest path). */
export type ContractFinding = Problem;
