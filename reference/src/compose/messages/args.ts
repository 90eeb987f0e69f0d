// Why the arguments of a compose request are unusable (reference/src/compose/args.ts): the
// request is answered with an errored reply saying so.

import type { Wordings } from "../../wording.js";

export type ComposeArgsProblem =
  | { kind: "compose-args-not-object" }
  | { kind: "compose-args-packages" }
  | { kind: "compose-args-event" }
  | { kind: "compose-args-tool-name" }
  | { kind: "compose-args-results" };

export const ARGS_MESSAGES: Wordings<ComposeArgsProblem, "kind"> = {
  "compose-args-not-object": () => "needs case.args (packages, event, results)",
  "compose-args-packages": () => "case.args.packages must be an array of package directories (non-empty strings)",
  "compose-args-event": () => "case.args.event must be an object with a host hook name in `hook`",
  "compose-args-tool-name": () => "case.args.event.tool_name must be a string",
  "compose-args-results": () => "case.args.results must map hook identities to results",
};
