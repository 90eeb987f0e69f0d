// Why the arguments of a lifecycle operation are unusable (reference/src/lifecycle/args.ts,
// SPEC.md 1.11): each answered with exit 2 and this wording.

import { quote, type Wordings } from "../../wording.js";

export type ArgumentProblem =
  | { kind: "lifecycle-args-not-object" }
  | { kind: "lifecycle-args-provider-type" }
  /** activate only: a provider string that names no provider. */
  | { kind: "lifecycle-args-provider-unknown"; provider: string }
  | { kind: "lifecycle-args-plugin" }
  | { kind: "lifecycle-args-state-dir" }
  | { kind: "lifecycle-args-environment" }
  | { kind: "lifecycle-args-tools" }
  | { kind: "lifecycle-args-hooks" }
  | { kind: "lifecycle-args-enable" }
  | { kind: "lifecycle-args-dry-run" }
  | { kind: "lifecycle-args-instructions-shape" }
  | { kind: "lifecycle-args-instructions-file" }
  /** `scope`: the value given, whatever it is. */
  | { kind: "lifecycle-args-instructions-scope"; scope: unknown };

const notStringList = (name: string) => `case.args.${name} must be an array of non-empty strings`;

export const ARGUMENT_NOTES: Wordings<ArgumentProblem, "kind"> = {
  "lifecycle-args-not-object": () => "case.args must be an object",
  "lifecycle-args-provider-type": () => "case.args.provider must be a string (claude-code or codex)",
  "lifecycle-args-provider-unknown": (p) => `unknown provider ${quote(p.provider)} (claude-code or codex)`,
  "lifecycle-args-plugin": () => "case.args.plugin must be a package directory name",
  "lifecycle-args-state-dir": () => "case.args.state_dir must be an absolute path",
  "lifecycle-args-environment": () => "case.args.environment must map names to strings",
  "lifecycle-args-tools": () => notStringList("tools"),
  "lifecycle-args-hooks": () => notStringList("hooks"),
  "lifecycle-args-enable": () => notStringList("enable"),
  "lifecycle-args-dry-run": () => "case.args.dry_run must be a boolean",
  "lifecycle-args-instructions-shape": () => "instructions must be {scope: project, file} or {scope: user}",
  "lifecycle-args-instructions-file": () => "instructions.file must be an absolute path for the project scope",
  "lifecycle-args-instructions-scope": (p) => `instructions.scope must be project or user, not ${quote(p.scope)}`,
};
