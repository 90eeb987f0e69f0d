// The wording of what the compose operation finds wrong in its request: the modules that find
// it build a typed problem (a kind and the values it is about), and this folder words it. No
// case compares these texts (SPEC KIT-EXPECT-DIAGNOSTICS), so the folder is not mutation-tested.

import { wordBy } from "../../wording.js";
import { ARGS_MESSAGES, type ComposeArgsProblem } from "./args.js";
import { type ComposePackageProblem, PACKAGE_MESSAGES } from "./packages.js";

export type { ComposeArgsProblem } from "./args.js";
export type { ComposePackageProblem } from "./packages.js";

/** Each area's table, for the check that every kind is worded once (reference/test/compose-messages.test.ts). */
export const AREAS: Readonly<Record<string, object>> = { args: ARGS_MESSAGES, packages: PACKAGE_MESSAGES };

/** The errored reply's message for unusable arguments: `compose: <the problem>`. Throws for a kind that has no wording. */
export function composeArgsMessage(problem: ComposeArgsProblem): string {
  return `compose: ${wordBy(ARGS_MESSAGES, problem, "kind")}`;
}

/** Why a package is invalid, in words. */
export function packageProblemText(problem: ComposePackageProblem): string {
  return wordBy(PACKAGE_MESSAGES, problem, "kind");
}
