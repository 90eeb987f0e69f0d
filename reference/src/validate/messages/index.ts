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
import { type Messages, type Rendered, wordBy } from "./wording.js";

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

/** Each area's table, for the check that no two areas use the same kind (reference/test/messages.test.ts). */
export const AREAS: Readonly<Record<string, object>> = {
  source: SOURCE_MESSAGES,
  tree: TREE_MESSAGES,
  decode: DECODE_MESSAGES,
  schema: SCHEMA_MESSAGES,
  declarations: DECLARATION_MESSAGES,
  tools: TOOL_MESSAGES,
  hooks: HOOK_MESSAGES,
  skills: SKILL_MESSAGES,
  resolution: RESOLUTION_MESSAGES,
};

/** The message and pointer of a finding. Throws for a kind that has no wording. */
export function render(problem: Problem): Rendered {
  return wordBy(MESSAGES, problem, "kind");
}
