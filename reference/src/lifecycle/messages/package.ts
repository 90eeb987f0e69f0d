// Why a lifecycle operation cannot work on the package it names (reference/src/lifecycle/
// package-read.ts, selection.ts): the source or the package does not validate, or the
// arguments name a tool or hook the package does not have. `diagnostic` is the message of the
// validator's diagnostic, already worded by reference/src/validate/messages/, passed on as it is.

import { bounded } from "../../dispatch/bounded.js";
import { quote, type Wordings } from "../../wording.js";

/** Why readPackage() gives no package. */
export type PackageProblem =
  /** The source is not one (the validator's usage failure); `diagnostic`: its first diagnostic's message, if any. */
  | { kind: "lifecycle-source-unloadable"; diagnostic: string | undefined }
  /** `code` and `diagnostic`: the package's first error. */
  | { kind: "lifecycle-package-invalid"; plugin: string; code: string; diagnostic: string }
  | { kind: "lifecycle-package-absent"; plugin: string }
  | { kind: "lifecycle-package-changed"; plugin: string };

/** An id in case.args.tools or case.args.hooks that the package does not declare. */
export type SelectionProblem = { kind: "lifecycle-tool-unknown"; plugin: string; id: string } | { kind: "lifecycle-hook-unknown"; plugin: string; id: string };

export const PACKAGE_NOTES: Wordings<PackageProblem | SelectionProblem, "kind"> = {
  // bounded: the validator's message may quote anything the source holds
  "lifecycle-source-unloadable": (p) => bounded(`cannot load source: ${p.diagnostic ?? "not a source directory"}`),
  "lifecycle-package-invalid": (p) => bounded(`package ${quote(p.plugin)} does not validate (${p.code}: ${p.diagnostic})`),
  "lifecycle-package-absent": (p) => bounded(`source has no package ${quote(p.plugin)} (plugins/<name>/PLUGIN.toml)`),
  "lifecycle-package-changed": (p) => `package ${quote(p.plugin)}: PLUGIN.toml changed while it was read`,
  "lifecycle-tool-unknown": (p) => `package ${quote(p.plugin)} has no tool ${quote(p.id)}`,
  "lifecycle-hook-unknown": (p) => `package ${quote(p.plugin)} has no hook ${quote(p.id)}`,
};
