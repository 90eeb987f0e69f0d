// The dispatch-time trust check (SPEC 11.2, PAP-LIFE-TRUST-RECHECK): with a state directory,
// a hook runs only under a current grant for itself and its tool, checked against the bytes
// on disk now. Refused hooks are taken out of the dispatch, so the event is handled as if they
// were not installed, and each refusal that concerns this event is said on stderr
// (PAP-LIFE-TRUST-REFUSAL-VISIBLE).
//
// dispatch() with an empty `hooks` list runs nothing and answers exactly as when no hook of
// the package matches the event (the package is still validated first), so "every hook
// refused" needs no answer of its own here.

import { dispatch, type DispatchRequest, type DispatchResult } from "../dispatch/dispatch.js";
import { subjectPhaseOf } from "../dispatch/event-map.js";
import { isHarness } from "../dispatch/types.js";
import { hookGrantProblem } from "./grants.js";
import { readPackage, type HookEntry } from "./package-read.js";
import { grantsOf, loadTrustStore } from "./trust-store.js";

export interface Refusal {
  hook: string;
  reason: string;
}

/** Whether the hook would handle this event (the dispatcher's own matching, dispatch.ts). */
function concernsEvent(hook: HookEntry, provider: string, event: unknown): boolean {
  if (!isHarness(provider) || typeof event !== "object" || event === null) return true;
  const name = (event as Record<string, unknown>)["hook_event_name"];
  if (typeof name !== "string") return true;
  const mapping = subjectPhaseOf(provider, name);
  if (!mapping || hook.subject !== mapping.subject || hook.phase !== mapping.phase) return false;
  const tool = (event as Record<string, unknown>)["tool_name"];
  return hook.tool_names.length === 0 || (typeof tool === "string" && hook.tool_names.includes(tool));
}

export interface GateDecision {
  /** The hook ids to hand to dispatch (undefined: every hook, as the request had it). */
  hooks: string[] | undefined;
  refused: Refusal[];
}

/** Which of the requested hooks may run now. Unknown ids are passed on for dispatch to refuse. */
export async function gate(source: string, plugin: string, requested: readonly string[] | undefined, stateDir: string): Promise<GateDecision & { entries: HookEntry[] }> {
  const read = await readPackage(source, plugin);
  // A package that does not validate runs nothing; dispatch reports why.
  if (!read.ok) return { hooks: [], refused: [], entries: [] };
  const pkg = read.pkg;
  const grants = grantsOf(await loadTrustStore(stateDir), pkg.name);
  const ids = requested ?? pkg.hooks.map((h) => h.id);
  const allowed: string[] = [];
  const refused: Refusal[] = [];
  for (const id of ids) {
    const hook = pkg.hooks.find((h) => h.id === id);
    const problem = hook ? await hookGrantProblem(grants, pkg, hook) : undefined;
    if (problem === undefined) allowed.push(id);
    else refused.push({ hook: id, reason: problem });
  }
  return { hooks: requested === undefined && refused.length === 0 ? undefined : allowed, refused, entries: pkg.hooks };
}

/** dispatch() under the consumer's trust store in `stateDir`. */
export async function gatedDispatch(request: DispatchRequest, stateDir: string, event: unknown): Promise<DispatchResult> {
  const decision = await gate(request.source, request.plugin, request.hooks, stateDir);
  const result = await dispatch({ ...request, hooks: decision.hooks });
  const lines = decision.refused
    .filter((r) => {
      const entry = decision.entries.find((h) => h.id === r.hook);
      return entry === undefined || concernsEvent(entry, request.provider, event);
    })
    .map((r) => `pap-reference: hook ${r.hook} not run: ${r.reason}\n`);
  return lines.length === 0 ? result : { ...result, stderr: result.stderr + lines.join("") };
}
