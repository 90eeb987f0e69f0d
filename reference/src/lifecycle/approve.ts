// `approve` and `revoke` (SPEC 1.11, 11.2): record or forget grants in the trust store.
// Approving a hook also approves the tool it runs (a hook cannot run without it); revoking a
// hook forgets the hook's grant only, since its tool may serve other hooks.

import type { LifecycleArgs } from "../../../runner/shared/protocol.js";
import { compareUtf8 } from "../manifest-types.js";
import { errorText } from "../wording.js";
import { hookGrant, toolGrant } from "./grants.js";
import type { LifecycleOutcome } from "./outcome.js";
import { readPackage } from "./package-read.js";
import { selectKeys } from "./selection.js";
import { grantsOf, hookKey, loadTrustStore, saveTrustStore, toolKey } from "./trust-store.js";

// Stryker disable next-line MethodExpression: approved and revoked are compared as sets (SPEC 1.11); the order is for people
const sorted = (keys: Iterable<string>): string[] => [...keys].sort(compareUtf8);

export async function approve(source: string, args: LifecycleArgs): Promise<LifecycleOutcome> {
  const read = await readPackage(source, args.plugin);
  if (!read.ok) return { exit: 1, approved: [], note: read.problem };
  const pkg = read.pkg;
  const keys = selectKeys(pkg, args, true);
  if (!Array.isArray(keys)) return { exit: 2, note: keys };

  const store = await loadTrustStore(args.state_dir);
  const grants = { ...(grantsOf(store, pkg.name) ?? {}) };
  // Every fingerprint is computed before anything is recorded: all or nothing.
  for (const key of keys) {
    const [kind, id] = [key.slice(0, 4), key.slice(5)];
    if (kind === "hook") {
      const hook = pkg.hooks.find((h) => h.id === id);
      // Stryker disable next-line ConditionalExpression: selectKeys returned only hooks the package declares
      if (hook) grants[key] = hookGrant(hook);
      continue;
    }
    const tool = pkg.tools.find((t) => t.id === id);
    // Stryker disable next-line ConditionalExpression: selectKeys returned only tools the package declares
    if (!tool) continue;
    try {
      grants[key] = await toolGrant(pkg, tool);
    } catch (error) {
      return { exit: 1, approved: [], note: { kind: "lifecycle-tool-entry-unreadable", id, error: errorText(error) } };
    }
  }
  store.packages[pkg.name] = grants;
  await saveTrustStore(args.state_dir, store);
  return { exit: 0, approved: sorted(keys) };
}

export async function revoke(source: string, args: LifecycleArgs): Promise<LifecycleOutcome> {
  const store = await loadTrustStore(args.state_dir);
  const grants = grantsOf(store, args.plugin) ?? {};
  let keys: string[];
  if (args.tools === undefined && args.hooks === undefined) {
    keys = Object.keys(grants);
  } else {
    // Check the ids against the package when it can be read; a package that is gone or broken
    // can still have its grants revoked by name.
    const read = await readPackage(source, args.plugin);
    // Stryker disable next-line ArrayDeclaration: a placeholder id has no grant and is filtered out below
    const tools = (args.tools ?? []).map(toolKey);
    // Stryker disable next-line ArrayDeclaration: a placeholder id has no grant and is filtered out below
    const hooks = (args.hooks ?? []).map(hookKey);
    const selected = read.ok ? selectKeys(read.pkg, args, false) : [...tools, ...hooks];
    if (!Array.isArray(selected)) return { exit: 2, note: selected };
    keys = selected;
  }
  const revoked = keys.filter((key) => Object.hasOwn(grants, key));
  // Stryker disable next-line ConditionalExpression,EqualityOperator: saving the store unchanged changes nothing a later step can see
  if (revoked.length > 0) {
    const left = Object.fromEntries(Object.entries(grants).filter(([key]) => !revoked.includes(key)));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty set of grants reads as no grants everywhere (grantsOf's callers test each key)
    if (Object.keys(left).length > 0) store.packages[args.plugin] = left;
    else delete store.packages[args.plugin];
    await saveTrustStore(args.state_dir, store);
  }
  return { exit: 0, revoked: sorted(revoked) };
}

/** Forgets every grant of the package (`remove`). */
export async function forgetPackage(stateDir: string, plugin: string): Promise<void> {
  const store = await loadTrustStore(stateDir);
  // Stryker disable next-line ConditionalExpression: deleting a package the store does not hold and saving it changes nothing a later step can see
  if (!Object.hasOwn(store.packages, plugin)) return;
  delete store.packages[plugin];
  await saveTrustStore(stateDir, store);
}
