// dispatch (SPEC 1.6): the implementation runs the package's hooks for one native event, as the
// harness would call it; papc compares the native response and what each handler saw.

import type { DispatchArgs, DispatchResult } from "../../../shared/protocol.js";
import { readHandlerRuns } from "../../dispatch/handler-runs.js";
import type { CaseExpectation, LoadedCase } from "../../types/case.js";
import { ownKeys, type OperationDefinition, type OperationOf, type Polarity } from "../../registry/operation-definition.js";
import { compareDispatch } from "./compare.js";
import { dispatchScaffold } from "./scaffold.js";
import { dispatchCaseSchema } from "./case-schema.js";

/** The `given` keys that describe the generated package and its event (dispatch, live, multi-step cases). */
export const PACKAGE_GIVEN = ["event", "provider", "plugin", "hooks", "environment"] as const;

/**
 * Rejecting when the dispatcher is expected to stop something: a non-zero exit, or a response
 * that denies a tool call or blocks (a prompt denied, a stop continued); otherwise, with an
 * expected exit or response, accepting.
 */
export function dispatchPolarity(e: CaseExpectation): Polarity {
  const r = e.response as { decision?: unknown; hookSpecificOutput?: { permissionDecision?: unknown } } | null | undefined;
  const stops = typeof r === "object" && r !== null && (r.decision === "block" || r.hookSpecificOutput?.permissionDecision === "deny");
  if ((e.exit !== undefined && e.exit !== 0) || stops) return "rejecting";
  return e.exit === 0 || e.response !== undefined ? "accepting" : "other";
}

/**
 * The step arguments of an operation whose step sends what a case of it sends (dispatch, live):
 * those args, with the consumer's state directory and the step's own over them.
 */
export function caseArgsInStep(caseArgs: NonNullable<OperationDefinition["caseArgs"]>): NonNullable<OperationDefinition["stepArgs"]> {
  return (c, { source, stateDir, own }) => ({ ...caseArgs(c, source), state_dir: stateDir, ...own });
}

function dispatchArgs(c: LoadedCase): Record<string, unknown> {
  if (!c.dispatch) return c.given?.args ?? {};
  const d = c.dispatch;
  const args: DispatchArgs = { provider: d.provider, plugin: d.plugin, hooks: d.hooks.map((h) => h.id), event: d.event, environment: c.given?.environment ?? {} };
  return { ...args, ...c.given?.args };
}

export const dispatch: OperationOf<"dispatch"> = {
  name: "dispatch",
  usedIn: { case: true, step: true },
  keys: { given: PACKAGE_GIVEN, expect: ownKeys<"dispatch">()(["response", "stdout_excludes", "stderr", "handlers"]) },
  caseSchema: dispatchCaseSchema,
  // a dispatch case's raw `args` may hold anything, nulls included (malformed requests on purpose)
  nullAllowed: ([a, b]) => a === "given" && b === "args",
  stepCheck: (_step, given) =>
    given.event === undefined ? [{ code: "step-shape", path: ["operation"], message: "a dispatch step sends the case's event: give the case `given.event`" }] : [],
  caseArgs: dispatchArgs,
  scaffold: dispatchScaffold,
  runsHandlers: true,
  stepArgs: caseArgsInStep(dispatchArgs),
  resultSchema: "protocol/dispatch-result.schema.json",
  async judge(c, result, { root, args }) {
    const handlers = c.expect.handlers ?? {};
    const sleepers = Object.values(handlers).some((h) => h.sleeper_gone);
    const runs = await readHandlerRuns(root, Object.keys(handlers), sleepers);
    const environment = (args.environment ?? {}) as Record<string, string>;
    return { ok: true, diff: compareDispatch(c.expect, result as unknown as DispatchResult, { event: args.event, runs, environment }) };
  },
  polarity: dispatchPolarity,
  stopsInStep: (e) => dispatchPolarity(e) === "rejecting" || Object.values(e.handlers ?? {}).some((h) => h.ran === false || h.runs === 0),
  // A dispatcher's stdout is the native response as text: papc parses it when it compares. Its
  // stderr is what papc read from the command, empty or not: observed either way.
  readExec: (exit, stdout, stderr) => ({ kind: "result", result: { exit, stdout, stderr } }),
};
