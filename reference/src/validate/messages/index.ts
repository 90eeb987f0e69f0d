// Every kind of finding the validator reports, and the one place that words them: a finding
// names its code (SPEC.md 4.4), its kind and the values it is about; render() gives the report
// diagnostic's message and pointer. Each area's kinds and wording are in its own file here.

import { DECLARATION_MESSAGES, type DeclarationProblem } from "./declarations.js";
import { DECODE_MESSAGES, type DecodeProblem } from "./decode.js";
import { HOOK_MESSAGES, type HookProblem } from "./hooks.js";
import { RESOLUTION_MESSAGES, type ResolutionProblem } from "./resolution.js";
import { SKILL_MESSAGES, type SkillProblem } from "./sources.js";
import { SOURCE_MESSAGES, type SourceProblem } from "./source.js";
import { SCHEMA_MESSAGES, type SchemaProblem } from "./structure.js";
import { TOOL_MESSAGES, type ToolProblem } from "./tools.js";
import { TREE_MESSAGES, type TreeProblem } from "./tree.js";
import type { Messages, Rendered } from "./wording.js";

export type Problem = SourceProblem | TreeProblem | DecodeProblem | SchemaProblem | DeclarationProblem | ToolProblem | HookProblem | SkillProblem | ResolutionProblem;

/** A package-contract finding about one manifest (reported on its manifest path). */
export type ContractFinding = DeclarationProblem | ToolProblem | HookProblem;

const MESSAGES: Messages<Problem> = {
  ...SOURCE_MESSAGES,
  ...TREE_MESSAGES,
  ...DECODE_MESSAGES,
  ...SCHEMA_MESSAGES,
  ...DECLARATION_MESSAGES,
  ...TOOL_MESSAGES,
  ...HOOK_MESSAGES,
  ...SKILL_MESSAGES,
  ...RESOLUTION_MESSAGES,
};

/** Every kind's area, for the check that no two areas use the same kind (reference/test/messages.test.ts). */
export const AREAS: Record<string, readonly string[]> = {
  source: Object.keys(SOURCE_MESSAGES),
  tree: Object.keys(TREE_MESSAGES),
  decode: Object.keys(DECODE_MESSAGES),
  schema: Object.keys(SCHEMA_MESSAGES),
  declarations: Object.keys(DECLARATION_MESSAGES),
  tools: Object.keys(TOOL_MESSAGES),
  hooks: Object.keys(HOOK_MESSAGES),
  skills: Object.keys(SKILL_MESSAGES),
  resolution: Object.keys(RESOLUTION_MESSAGES),
};

/** The message and pointer of a finding. Throws for a kind that has no wording. */
export function render(problem: Problem): Rendered {
  const words = MESSAGES[problem.kind] as ((problem: Problem) => Rendered) | undefined;
  if (words === undefined) throw new Error(`no wording for a finding of kind ${JSON.stringify(problem.kind)}`);
  return words(problem);
}
