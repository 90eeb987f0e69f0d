// project (SPEC 1.12): the implementation answers the native hook configuration it would install
// for a package, as data; papc judges its events, matchers and timeouts, runs each event's
// command to see which hooks it dispatches, and compares the refused and omitted hooks.

import type { ProjectArgs, ProjectResult } from "../../../shared/protocol.js";
import { runProjectedCommands } from "../../project/run-commands.js";
import { ownKeys, type OperationOf } from "../../registry/operation-definition.js";
import type { LoadedCase } from "../../types/case.js";
import { PACKAGE_GIVEN } from "../dispatch/definition.js";
import { jsonStdout } from "../../protocol/exec-stdout.js";
import { compareProject } from "./compare.js";
import { projectCaseSchema } from "./case-schema.js";
import { projectScaffold } from "./scaffold.js";

function projectArgs(c: LoadedCase): Record<string, unknown> {
  if (!c.project) return c.given?.args ?? {};
  const args: ProjectArgs = { provider: c.project.provider, plugin: c.project.plugin };
  return { ...args, ...c.given?.args };
}

export const project: OperationOf<"project"> = {
  name: "project",
  usedIn: { case: true, step: false },
  keys: { given: PACKAGE_GIVEN.filter((k) => k !== "event"), expect: ownKeys<"project">()(["events", "unconfigured", "refused", "omitted"]) },
  caseSchema: projectCaseSchema,
  // a matcher expected absent is written `matcher: null`
  nullAllowed: (path) => path[0] === "expect" && path[1] === "events" && path[3] === "matcher" && path.length === 4,
  caseArgs: projectArgs,
  scaffold: projectScaffold,
  runsHandlers: true,
  resultSchema: "protocol/project-result.schema.json",
  async judge(c, result, { root, signal }) {
    if (!c.project) return { ok: false, message: "papc cannot run this project case: it was not resolved on load", suiteBug: true };
    const projection = result as unknown as ProjectResult;
    const asked = Object.entries(c.expect.events ?? {})
      .filter(([, e]) => e.dispatches !== undefined)
      .map(([event]) => event);
    const configured = asked.filter((event) => (projection.config?.hooks[event] ?? []).length > 0);
    const runs =
      projection.config === null || configured.length === 0
        ? undefined
        : await runProjectedCommands(c.project, projection.config, configured, root, c.given?.environment ?? {}, signal);
    const diff = compareProject(c.expect, projection, runs);
    const leftovers = runs?.leftovers ?? [];
    return { ok: true, diff, ...(leftovers.length > 0 ? { leftovers } : {}) };
  },
  // Rejecting when the projection refuses, writes nothing, or exits non-zero; accepting when it
  // states what is configured.
  polarity(e) {
    if ((e.refused?.length ?? 0) > 0 || e.unconfigured || (e.exit !== undefined && e.exit !== 0)) return "rejecting";
    return e.events !== undefined || e.omitted !== undefined ? "accepting" : "other";
  },
  // `--json` prints the result; exit 1 (refused, unloadable) and 2 (usage) print no JSON: then
  // the exit status and stderr are the result.
  readExec(exit, stdout, stderr) {
    if (stdout.trim() === "")
      return { kind: "result", result: { exit, config: null, omitted: [], refused: [], ...(stderr.trim() ? { message: stderr.trim().slice(0, 2000) } : {}) } };
    const read = jsonStdout(exit, stdout);
    return read.kind === "result" ? { kind: "result", result: { ...read.result, exit } } : read;
  },
};
