// What stops a lifecycle operation outright: a state file it cannot trust, or a package that
// contradicts what validation said of it. Thrown as a LifecycleFailure; the protocol server
// answers it as a failed run.

import { type Wordings, wordBy } from "../../wording.js";

export type LifecycleFault =
  /** `file`: the state file's path. */
  | { kind: "lifecycle-state-not-json"; file: string }
  | { kind: "lifecycle-trust-store-shape"; stateDir: string }
  | { kind: "lifecycle-block-record-shape"; stateDir: string }
  /** A resolved instruction member whose ref does not parse (validation resolved it, so never). */
  | { kind: "lifecycle-member-not-reference"; ref: string };

export const FAULTS: Wordings<LifecycleFault, "kind"> = {
  "lifecycle-state-not-json": (f) => `state file ${f.file} is not JSON`,
  "lifecycle-trust-store-shape": (f) => `trust store in ${f.stateDir} has an unknown shape`,
  "lifecycle-block-record-shape": (f) => `instruction block record in ${f.stateDir} has an unknown shape`,
  "lifecycle-member-not-reference": (f) => `member ${f.ref} is not a reference`,
};

/** An error carrying its fault; its message is the fault's wording. */
export class LifecycleFailure extends Error {
  constructor(readonly fault: LifecycleFault) {
    super(wordBy(FAULTS, fault, "kind"));
  }
}
