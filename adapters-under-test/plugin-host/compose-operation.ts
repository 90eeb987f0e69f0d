// The kit's `compose` operation (SPEC 1.9, chapter 10): import the packages, admit them one by
// one (admission.ts), compose the accepted ones with the host's composePlugins plus the hook
// bridge, fire the host hook chain for the event, and combine what the fired hooks answered.

import type { ComposeArgs, ComposeResult } from "../../runner/shared/protocol.js";
import { admitPackages } from "./admission.js";
import { composePlugins } from "./compose-plugins.js";
import { checkResult } from "./hook-results.js";
import { runHookChain } from "./hook-runner.js";
import { combineOutcomes, type HookOutcome } from "./permissions.js";
import { isHookName } from "./plugin-types.js";
import { readPortablePackage } from "./portable-manifest.js";
import { BRIDGE_PLUGIN_NAME, createHookBridge, toHostPlugin } from "./portable-plugins.js";

export class BadRequest extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function parseComposeArgs(args: unknown): ComposeArgs {
  if (!isRecord(args)) throw new BadRequest("compose needs case.args");
  const { packages, event, results } = args;
  if (!Array.isArray(packages) || !packages.every((p) => typeof p === "string")) throw new BadRequest("args.packages must be an array of strings");
  if (!isRecord(event) || typeof event["hook"] !== "string") throw new BadRequest("args.event.hook must be a string");
  // The args schema lets tool_name and results be null: the same as absent.
  if (event["tool_name"] !== undefined && event["tool_name"] !== null && typeof event["tool_name"] !== "string") throw new BadRequest("args.event.tool_name must be a string");
  if (results !== undefined && results !== null && !isRecord(results)) throw new BadRequest("args.results must be an object");
  const parsed: ComposeArgs = { packages: packages as string[], event: { hook: event["hook"] } };
  if (typeof event["tool_name"] === "string") parsed.event.tool_name = event["tool_name"];
  if (isRecord(results)) parsed.results = results;
  return parsed;
}

export async function compose(source: string, rawArgs: unknown): Promise<ComposeResult> {
  const args = parseComposeArgs(rawArgs);
  const hookName = args.event.hook;

  const read = await Promise.all(args.packages.map((dir) => readPortablePackage(source, dir)));
  const { accepted, rejected } = admitPackages(read);

  const results = args.results ?? {};
  const bridge = createHookBridge(
    accepted.map((a) => a.pkg),
    (identity) => (Object.hasOwn(results, identity) ? results[identity] : { kind: "abstain" }),
  );
  // Throws only if admission let something through that the host refuses (a bug here).
  const composed = composePlugins({ plugins: [...accepted.map((a) => toHostPlugin(a.pkg, a.dependsOn)), bridge.plugin] });

  // A hook outside the host's 17-hook surface has no registrations: nothing fires.
  const runs = isHookName(hookName) ? await runHookChain(composed, args.event.tool_name === undefined ? { hookName } : { hookName, toolName: args.event.tool_name }) : [];
  const outcomes: HookOutcome[] = runs.map((run) => {
    const ref = bridge.refs.get(run.hook);
    if (ref === undefined) throw new Error(`hook ${run.hook.label ?? "?"} of ${run.pluginName} is not a portable hook`);
    const checked = checkResult(run.output, ref.hook.effect);
    return {
      identity: ref.identity,
      failurePolicy: ref.hook.failurePolicy,
      closing: ref.hook.phase === "before" ? "deny" : ref.hook.phase === "completion_attempt" ? "continue" : undefined,
      outcome: checked.ok ? { result: checked.result } : { failure: checked.code },
    };
  });
  const { decision, conflicts, failures } = combineOutcomes(outcomes);

  return {
    order: composed.plugins.filter((p) => p.name !== BRIDGE_PLUGIN_NAME).map((p) => p.name),
    rejected: rejected.map((r) => ({ package: r.package, code: r.code })),
    tools: composed.tools.map((t) => ({ name: t.name, plugin: composed.ownership.tools.get(t.name)! })),
    fired: outcomes.map((o) => o.identity),
    decision,
    conflicts,
    failures,
  };
}
