// The dispatch-time trust check (SPEC 11.2, PAP-LIFE-TRUST-RECHECK): with a state directory,
// a hook runs only under a current grant for itself and its tool, checked against the bytes
// on disk now. What happens to a hook without one is the dispatcher's to decide, per hook and
// for this event only (PAP-LIFE-TRUST-REFUSAL-VISIBLE, PAP-LIFE-TRUST-LAPSED-GATE): the gate
// hands it the refusals with their reasons.

import { dispatch, type DispatchRequest, type DispatchResult } from "../dispatch/dispatch.js";
import { hookGrantProblem } from "./grants.js";
import { readPackage } from "./package-read.js";
import { grantsOf, loadTrustStore } from "./trust-store.js";

/** The requested hooks (all of the package's by default) that may not run now, with why. */
export async function refusals(source: string, plugin: string, requested: readonly string[] | undefined, stateDir: string): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  const read = await readPackage(source, plugin);
  // A package that does not validate runs nothing; dispatch reports why.
  if (!read.ok) return refused;
  const pkg = read.pkg;
  const grants = grantsOf(await loadTrustStore(stateDir), pkg.name);
  for (const id of requested ?? pkg.hooks.map((h) => h.id)) {
    const hook = pkg.hooks.find((h) => h.id === id);
    // Unknown ids are passed on for dispatch to refuse.
    const problem = hook ? await hookGrantProblem(grants, pkg, hook) : undefined;
    if (problem !== undefined) refused.set(id, problem);
  }
  return refused;
}

/** dispatch() under the consumer's trust store in `stateDir`. */
export async function gatedDispatch(request: DispatchRequest, stateDir: string): Promise<DispatchResult> {
  return dispatch({ ...request, untrusted: await refusals(request.source, request.plugin, request.hooks, stateDir) });
}
