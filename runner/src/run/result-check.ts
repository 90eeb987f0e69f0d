// Per operation: the schema a result must satisfy and how it is compared with `expect`.

import { check, describeErrors } from "../schemas/registry.js";
import { compareDispatch, compareStderr } from "../compare/compare-dispatch.js";
import { compareValidate, unobservedValidateFields } from "../compare/compare-validate.js";
import { readHandlerRuns } from "../dispatch/handler-runs.js";
import { compareLive } from "../compare/compare-live.js";
import { compareAgentPlugin } from "../compare/compare-agent-plugin.js";
import { compareCompose } from "../compare/compare-compose.js";
import { compareLifecycle } from "../compare/compare-lifecycle.js";
import { liveCells } from "../live/cells.js";
import { runLive } from "../live/run-live.js";
import type { ResolvedHarness } from "../harness/resolve.js";
import type { LoadedCase } from "../types/case.js";
import type { AgentPluginLoadResult, ComposeResult, DispatchResult, LifecycleResult, LiveResult, ValidateCliResult, ValidateResult } from "../../shared/protocol.js";
import type { DiffLine, LiveCells } from "../types/run-report.js";

/** `unobserved`: fields the case checks that the result left out (a skip when nothing else differs). */
export type Verdict = { ok: true; diff: DiffLine[]; live?: LiveCells; unobserved?: string[] } | { ok: false; message: string };

/**
 * `root` is the fixture root and `args` what was sent: dispatch reads the handlers' captures
 * there; live runs `harness` (the provider's pinned harness) with the projection first.
 */
export async function judge(c: LoadedCase, result: Record<string, unknown>, root: string, args: Record<string, unknown>, harness?: ResolvedHarness): Promise<Verdict> {
  switch (c.operation) {
    case "validate": {
      const shape = check("protocol/validate-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the validate result schema: ${describeErrors(shape.errors)}` };
      const validated = result as unknown as ValidateResult;
      const unobserved = unobservedValidateFields(c.expect, validated);
      const diff = compareValidate(c.expect, validated);
      return unobserved.length > 0 ? { ok: true, diff, unobserved } : { ok: true, diff };
    }
    case "validate-cli": {
      const shape = check("protocol/validate-cli-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the validate-cli result schema: ${describeErrors(shape.errors)}` };
      const validated = result as unknown as ValidateCliResult;
      const unobserved = unobservedValidateFields(c.expect, validated);
      const diff = [...compareValidate(c.expect, validated), ...compareStderr(c.expect.stderr, validated.stderr)];
      return unobserved.length > 0 ? { ok: true, diff, unobserved } : { ok: true, diff };
    }
    case "dispatch": {
      const shape = check("protocol/dispatch-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the dispatch result schema: ${describeErrors(shape.errors)}` };
      const handlers = c.expect.handlers ?? {};
      const sleepers = Object.values(handlers).some((h) => h.sleeper_gone);
      const runs = await readHandlerRuns(root, Object.keys(handlers), sleepers);
      const environment = (args.environment ?? {}) as Record<string, string>;
      return { ok: true, diff: compareDispatch(c.expect, result as unknown as DispatchResult, { event: args.event, runs, environment }) };
    }
    case "live": {
      const shape = check("protocol/live-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the live result schema: ${describeErrors(shape.errors)}` };
      if (!c.live || !harness) return { ok: false, message: "papc cannot run this live case: it was not resolved on load, or no harness was found" };
      const projection = result as unknown as LiveResult;
      const observed = await runLive({ ...c, live: c.live }, projection, root, harness);
      const diff = compareLive(c.expect, projection, observed, c.given?.environment ?? {});
      return { ok: true, diff, live: liveCells(c.live, projection, observed.runs, typeof args["state_dir"] === "string") };
    }
    case "load-agent-plugin": {
      const shape = check("protocol/load-agent-plugin-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the load-agent-plugin result schema: ${describeErrors(shape.errors)}` };
      const loaded = result as unknown as AgentPluginLoadResult;
      const contradicted = Object.keys(loaded.unobserved ?? {}).filter((field) => loaded[field as keyof AgentPluginLoadResult] !== undefined);
      if (contradicted.length > 0) return { ok: false, message: `result reports ${contradicted.join(", ")} and also names it under \`unobserved\`` };
      const { diff, unobserved } = compareAgentPlugin(c.expect, loaded);
      return unobserved.length > 0 ? { ok: true, diff, unobserved } : { ok: true, diff };
    }
    case "compose": {
      const shape = check("protocol/compose-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the compose result schema: ${describeErrors(shape.errors)}` };
      return { ok: true, diff: compareCompose(c.expect, result as unknown as ComposeResult) };
    }
    case "review":
    case "approve":
    case "revoke":
    case "activate":
    case "remove": {
      const shape = check("protocol/lifecycle-result.schema.json", result);
      if (!shape.ok) return { ok: false, message: `result does not match the lifecycle result schema: ${describeErrors(shape.errors)}` };
      return { ok: true, diff: compareLifecycle(c.expect, result as unknown as LifecycleResult, root) };
    }
    default:
      // The case schema admits later operations; until their comparator exists a case using
      // one is a suite bug, never a silent pass.
      return { ok: false, message: `papc cannot yet compare results of operation "${c.operation}"` };
  }
}
