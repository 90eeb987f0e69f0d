// compose (SPEC 1.9): the implementation composes several packages for one event; papc compares
// the order, rejections, tools, fired hooks, the decision, conflicts and failures.

import type { ComposeResult } from "../../../shared/protocol.js";
import { ownKeys, type OperationOf } from "../../registry/operation-definition.js";
import { composeArgsFindings } from "./args.js";
import { compareCompose } from "./compare.js";
import { composeScaffold } from "./scaffold.js";
import { composeCaseSchema } from "./case-schema.js";

export const compose: OperationOf<"compose"> = {
  name: "compose",
  usedIn: { case: true, step: false },
  keys: { given: [], expect: ownKeys<"compose">()(["order", "rejected", "tools", "fired", "decision", "conflicts", "failures"]) },
  caseSchema: composeCaseSchema,
  noExit: "a compose case has no exit status to check (SPEC 1.8, 1.9)",
  nullAllowed(path) {
    const [a, b, c] = path;
    // a rewritten input or replaced output may hold nulls, and an output may be null itself
    if (a === "expect") return b === "decision" && (c === "input" || c === "output");
    // a handler result stated in `given.args.results.<hook>.<event>` may hold nulls
    return a === "given" && b === "args" && c === "results" && path.length > 4;
  },
  argsCheck: { code: "compose-args", findings: composeArgsFindings },
  scaffold: composeScaffold,
  readsOnly: true,
  resultSchema: "protocol/compose-result.schema.json",
  async judge(c, result) {
    return { ok: true, diff: compareCompose(c.expect, result as unknown as ComposeResult) };
  },
  // Rejecting when a package is expected rejected, or the decision denies or a conflict or
  // failure is expected; otherwise, with any expectation, accepting.
  polarity(e) {
    const refuses = (e.rejected?.length ?? 0) > 0 || e.decision?.kind === "deny" || (e.conflicts?.length ?? 0) > 0 || (e.failures?.length ?? 0) > 0;
    if (refuses) return "rejecting";
    return Object.keys(e).length > 0 ? "accepting" : "other";
  },
};
