// The lifecycle operations (SPEC 1.11): review, approve, revoke, activate and remove, each a step
// of a multi-step case that keeps the consumer's state between steps. One result schema and one
// comparison serve all five.

import type { LifecycleArgs, LifecycleOperation, LifecycleResult } from "../../../shared/protocol.js";
import { DEFAULT_PLUGIN } from "../../dispatch/hook-defaults.js";
import { ownKeys, type OperationDefinition, type OperationOf, type StepCheckFinding } from "../../registry/operation-definition.js";
import { nullPaths } from "../../common/null-paths.js";
import { check, describeErrors } from "../../schemas/registry.js";
import { compareLifecycle } from "./compare.js";
import { lifecycleCaseSchema } from "./case-schema.js";

const LIFECYCLE_EXPECT = ["review", "approved", "revoked", "activation", "members", "instructions", "removed", "kept"] as const;

function lifecycleOperation(name: LifecycleOperation): OperationOf<LifecycleOperation> {
  return {
    name,
    usedIn: { case: false, step: true },
    keys: { given: [], expect: ownKeys<LifecycleOperation>()(LIFECYCLE_EXPECT) },
    caseSchema: lifecycleCaseSchema,
    stepCheck(step, given) {
      const findings: StepCheckFinding[] = [];
      if (given.provider === undefined && given.event === undefined) {
        findings.push({ code: "step-shape", path: ["operation"], message: "a lifecycle step needs the activation target: give the case `given.provider` (or a `given.event`)" });
      }
      // a step may send arguments the protocol refuses on purpose, to show they are refused as
      // unusable: only when it expects the usage exit (2); anywhere else they are a mistake
      if (step.expect?.exit === 2) return findings;
      // the arguments papc builds, with this step's over them (paths as the runner makes them absolute)
      const args = { provider: "codex", plugin: "demo", state_dir: "/root/consumer-state", environment: {}, ...step.args };
      const shape = check("protocol/lifecycle-args.schema.json", args);
      if (!shape.ok) findings.push({ code: "step-shape", path: ["args"], message: `args do not match protocol/lifecycle-args.schema.json: ${describeErrors(shape.errors)}` });
      for (const p of nullPaths(step.args ?? {}))
        findings.push({ code: "step-shape", path: ["args", ...p], message: `/args/${p.join("/")} is null (an empty YAML value); a step sends null only when it expects exit 2` });
      return findings;
    },
    // a step's args may hold a null on purpose (a malformed argument); stepCheck refuses it unless the step expects exit 2
    nullAllowed: ([a]) => a === "args",
    stepArgs(c, { provider, stateDir, environment, own }) {
      const args: LifecycleArgs = { provider: provider ?? "", plugin: c.given?.plugin ?? DEFAULT_PLUGIN, state_dir: stateDir, environment: environment() };
      return { ...args, ...own };
    },
    resultSchema: "protocol/lifecycle-result.schema.json",
    async judge(c, result, { root }) {
      return { ok: true, diff: compareLifecycle(c.expect, result as unknown as LifecycleResult, root) };
    },
    // a lifecycle operation is only ever a step: its case's polarity is the steps'
    polarity: () => "other",
    // a review entry whose grant no longer covers it, a blocked activation or member, a block left in place
    stopsInStep(e) {
      const lapsed = Object.values(e.review ?? {}).some((r) => r.trust === "changed");
      return lapsed || e.activation === "blocked" || Object.values(e.members ?? {}).some((m) => m !== "active") || (e.kept?.length ?? 0) > 0;
    },
  };
}

export const LIFECYCLE_OPERATIONS: readonly OperationDefinition[] = (["review", "approve", "revoke", "activate", "remove"] as const).map(lifecycleOperation);
