// Every text the lifecycle operations give the user, worded in one place: the modules that find
// something build a typed note or reason (a kind and the values it is about), and this folder
// turns it into the result's `message` (prefixed by the operation) or a `reason`. No case
// compares a message (SPEC KIT-EXPECT-DIAGNOSTICS), so this folder is not mutation-tested
// (runner/mutation/stryker.config.mjs); the kinds are, where they are built.

import type { LifecycleOperation } from "../../../../runner/shared/protocol.js";
import { type Wordings, wordBy } from "../../wording.js";
import { ARGUMENT_NOTES, type ArgumentProblem } from "./arguments.js";
import { FAULTS } from "./faults.js";
import { OPERATION_NOTES, type OperationNote } from "./operations.js";
import { PACKAGE_NOTES, type PackageProblem, type SelectionProblem } from "./package.js";
import { type MemberReason, REASONS } from "./reasons.js";

export type { ArgumentProblem } from "./arguments.js";
export { LifecycleFailure, type LifecycleFault } from "./faults.js";
export type { MissingDependency, OperationNote, TargetProblem } from "./operations.js";
export type { PackageProblem, SelectionProblem } from "./package.js";
export type { GrantProblem, MemberReason } from "./reasons.js";

/** What a lifecycle result says in its `message`. */
export type LifecycleNote = ArgumentProblem | PackageProblem | SelectionProblem | OperationNote;

const NOTES: Wordings<LifecycleNote, "kind"> = { ...ARGUMENT_NOTES, ...PACKAGE_NOTES, ...OPERATION_NOTES };

/** Each area's table, for the check that every kind is worded once (reference/test/lifecycle-messages.test.ts). */
export const AREAS: Readonly<Record<string, object>> = {
  arguments: ARGUMENT_NOTES,
  package: PACKAGE_NOTES,
  operations: OPERATION_NOTES,
  reasons: REASONS,
  faults: FAULTS,
};

/** A result's message: `<operation>: <the note>`. Throws for a kind that has no wording. */
export function lifecycleMessage(operation: LifecycleOperation, note: LifecycleNote): string {
  return `${operation}: ${wordBy(NOTES, note, "kind")}`;
}

/** The `reason` of a member state or a review entry, or a hook's refusal at dispatch. */
export function reasonText(reason: MemberReason): string {
  return wordBy(REASONS, reason, "kind");
}
