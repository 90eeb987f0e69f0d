// The dispatch-time trust check (SPEC 11.2, PAP-LIFE-TRUST-RECHECK): with a state directory,
// a hook runs only under a current grant for itself and its tool, checked against the bytes
// on disk now. What happens to a hook without one is the dispatcher's to decide, per hook and
// for this event only (PAP-LIFE-TRUST-REFUSAL-VISIBLE, PAP-LIFE-TRUST-LAPSED-GATE): the gate
// hands it the refusals with their reasons, or, for a package that no longer validates, the
// hooks as the user approved them (PAP-LIFE-TRUST-INVALID-PACKAGE).

import { dispatch, type DispatchRequest, type DispatchResult } from "../dispatch/dispatch.js";
import type { HookPolicy } from "../dispatch/package-load.js";
import { compareUtf8 } from "../manifest-types.js";
import { hookGrantProblem } from "./grants.js";
import { reasonText } from "./messages/index.js";
import { readPackage, type LifecyclePackage } from "./package-read.js";
import { grantsOf, loadTrustStore, type PackageGrants } from "./trust-store.js";

/** The refusals a dispatch in `stateDir` meets (none for a package that does not validate: dispatch reports that). */
// Stryker disable BlockStatement,BooleanLiteral,ConditionalExpression: used only by the wrong consumers of runner/test/mutants/wrong-lifecycle.mjs, never by the reference's own operations
export async function refusals(source: string, plugin: string, requested: readonly string[] | undefined, stateDir: string): Promise<Map<string, string>> {
  const read = await readPackage(source, plugin);
  if (!read.ok) return new Map();
  return hookRefusals(read.pkg, requested, grantsOf(await loadTrustStore(stateDir), read.pkg.name));
}
// Stryker restore BlockStatement,BooleanLiteral,ConditionalExpression

/** The requested hooks (all of the package's by default) that may not run now, with why. */
async function hookRefusals(pkg: LifecyclePackage, requested: readonly string[] | undefined, grants: PackageGrants | undefined): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  // Stryker disable next-line LogicalOperator,ArrowFunction: papc always sends the hooks the projection names (SPEC 1.6), and dispatch consults a refusal only for a requested hook
  for (const id of requested ?? pkg.hooks.map((h) => h.id)) {
    const hook = pkg.hooks.find((h) => h.id === id);
    // Unknown ids are passed on for dispatch to refuse.
    const problem = hook ? await hookGrantProblem(grants, pkg, hook) : undefined;
    if (problem !== undefined) refused.set(id, reasonText(problem));
  }
  return refused;
}

/** The approved versions of the requested hooks (all by default), in identity order, from their grants. */
function approvedHooks(grants: PackageGrants | undefined, requested: readonly string[] | undefined): HookPolicy[] {
  const hooks: HookPolicy[] = [];
  // only hook grants carry `approved`
  for (const grant of Object.values(grants ?? {})) {
    if (grant.approved && (requested === undefined || requested.includes(grant.approved.id))) hooks.push(grant.approved);
  }
  // Stryker disable next-line MethodExpression,ArrowFunction: the refused hooks are composed into one decision; their order shows only in message text, which cases match by content
  return hooks.sort((a, b) => compareUtf8(a.id, b.id));
}

/**
 * dispatch() under the consumer's trust store in `stateDir`. A package that no longer validates
 * gets none of its hooks run; the grants tell dispatch what the approved hooks were.
 */
export async function gatedDispatch(request: DispatchRequest, stateDir: string): Promise<DispatchResult> {
  const store = await loadTrustStore(stateDir);
  const read = await readPackage(request.source, request.plugin);
  // plugin.name equals the directory name (SPEC 3.2), so the grants of an unreadable package are found by it
  const grants = grantsOf(store, read.ok ? read.pkg.name : request.plugin);
  if (!read.ok) return dispatch({ ...request, approved: approvedHooks(grants, request.hooks) });
  return dispatch({ ...request, untrusted: await hookRefusals(read.pkg, request.hooks, grants) });
}
