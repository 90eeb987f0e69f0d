// What an approval, an activation or a removal tells the user beyond its result's fields
// (reference/src/lifecycle/approve.ts, activate.ts, instruction-targets.ts, remove.ts).

import { quote, type Wordings } from "../../wording.js";

/** Why the user file of an activation cannot be located (instruction-targets.ts). `variable`: the provider's variable. */
export type TargetProblem = { kind: "lifecycle-target-relative"; variable: string } | { kind: "lifecycle-target-unlocated"; provider: string; variable: string };

/** A required dependency that is not resolved, and its resolution status. */
export interface MissingDependency {
  ref: string;
  status: string;
}

export type OperationNote =
  | TargetProblem
  /** `refs`: the enabled refs that are no instruction member, in the order given. */
  | { kind: "lifecycle-enable-unknown"; plugin: string; refs: string[] }
  | { kind: "lifecycle-activation-blocked"; plugin: string; provider: string; blocked: string[]; dependencies: MissingDependency[] }
  /** Written anyway (exit 0): the blocks of `refs` the user had edited in `file` were left as they were. */
  | { kind: "lifecycle-instructions-untouched"; file: string; refs: string[] }
  /** `error`: the text of the OS error. */
  | { kind: "lifecycle-tool-entry-unreadable"; id: string; error: string }
  | { kind: "lifecycle-blocks-kept"; count: number };

function blockedBecause(blocked: readonly string[], dependencies: readonly MissingDependency[]): string {
  const why = [
    ...(blocked.length > 0 ? [`blocked: ${blocked.join(", ")}`] : []),
    ...(dependencies.length > 0 ? [`required dependencies: ${dependencies.map((d) => `${d.ref} (${d.status})`).join(", ")}`] : []),
  ];
  return why.join("; ");
}

export const OPERATION_NOTES: Wordings<OperationNote, "kind"> = {
  "lifecycle-target-relative": (p) => `${p.variable} must be an absolute path`,
  "lifecycle-target-unlocated": (p) => `the user file of ${p.provider} needs ${p.variable} or HOME in case.args.environment`,
  "lifecycle-enable-unknown": (p) => `enable names no instruction member of ${quote(p.plugin)}: ${p.refs.join(", ")}`,
  "lifecycle-activation-blocked": (p) => `${p.plugin} is not activated for ${p.provider} (${blockedBecause(p.blocked, p.dependencies)})`,
  "lifecycle-instructions-untouched": (p) => `left as the user changed them in ${p.file}: ${p.refs.join(", ")}`,
  "lifecycle-tool-entry-unreadable": (p) => `cannot read the entry of tool ${p.id}: ${p.error}`,
  "lifecycle-blocks-kept": (p) => `${p.count} instruction block(s) changed by the user were left in place`,
};
