// live (SPEC 1.7): the implementation projects the package into a real harness's configuration;
// papc runs the pinned harness with it against a scripted model and compares what happened.

import type { LiveArgs, LiveResult } from "../../../shared/protocol.js";
import { liveCells } from "../../live/cells.js";
import { runLive } from "../../live/run-live.js";
import { ownKeys, type OperationOf } from "../../registry/operation-definition.js";
import type { LoadedCase } from "../../types/case.js";
import { caseArgsInStep, PACKAGE_GIVEN } from "../dispatch/definition.js";
import { compareLive } from "./compare.js";
import { liveScaffold } from "./scaffold.js";
import { liveCaseSchema } from "./case-schema.js";

function liveArgs(c: LoadedCase): Record<string, unknown> {
  if (!c.live) return c.given?.args ?? {};
  const args: LiveArgs = { provider: c.live.provider, plugin: c.live.plugin };
  return { ...args, ...c.given?.args };
}

export const live: OperationOf<"live"> = {
  name: "live",
  usedIn: { case: true, step: true },
  keys: { given: [...PACKAGE_GIVEN.filter((k) => k !== "event"), "scenario"], expect: ownKeys<"live">()(["projection", "harness", "workdir", "model", "handlers"]) },
  caseSchema: liveCaseSchema,
  noExit: "a live case states projection.exit or harness.exit, not expect.exit",
  caseArgs: liveArgs,
  scaffold: liveScaffold,
  runsHandlers: true,
  reproNote: "a live case runs the real harness too: papc starts it with the projection (`npx papc harness install` installs the pinned binaries)",
  stepArgs: caseArgsInStep(liveArgs),
  resultSchema: "protocol/live-result.schema.json",
  async judge(c, result, { root, args, harness, signal }) {
    if (!c.live || !harness) return { ok: false, message: "papc cannot run this live case: it was not resolved on load, or no harness was found", suiteBug: true };
    const projection = result as unknown as LiveResult;
    const observed = await runLive({ ...c, live: c.live }, projection, root, harness, signal);
    const diff = compareLive(c.expect, projection, observed, c.given?.environment ?? {});
    const leftovers = observed.harness?.leftovers ?? [];
    return { ok: true, diff, live: liveCells(c.live, projection, observed.runs, typeof args["state_dir"] === "string"), ...(leftovers.length > 0 ? { leftovers } : {}) };
  },
  // Rejecting when something is expected not to happen: the projection refused (or a non-zero
  // projection exit), or paths expected absent from the work directory while none is expected
  // present (the action never ran); otherwise, when it states any expectation, accepting.
  polarity(e) {
    const p = e.projection;
    const refused = (p?.refused?.length ?? 0) > 0 || (p?.exit !== undefined && p.exit !== 0);
    const stopped = (e.workdir?.absent?.length ?? 0) > 0 && (e.workdir?.present?.length ?? 0) === 0;
    if (refused || stopped) return "rejecting";
    return Object.keys(e).length > 0 ? "accepting" : "other";
  },
};
