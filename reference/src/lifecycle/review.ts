// `review` (SPEC 1.11, 11.2, PAP-LIFE-REVIEW-*): what the user is shown before approving. For
// each tool and hook an approval of the same selection would record: its manifest table's
// declarations (a tool's runtime, entry, argv, inherited environment and capability claims; a
// hook's tool, event, effect and policies), and whether a current grant already covers it, so a
// re-approval shows what changed. Reviewing records nothing.

import type { LifecycleArgs, ReviewEntry } from "../../../runner/shared/protocol.js";
import { compareUtf8 } from "../manifest-types.js";
import { hookTableProblem, toolGrantProblem } from "./grants.js";
import { type GrantProblem, reasonText } from "./messages/index.js";
import type { LifecycleOutcome } from "./outcome.js";
import { readPackage, type HookEntry, type LifecyclePackage, type ToolEntry } from "./package-read.js";
import { selectKeys } from "./selection.js";
import { grantsOf, loadTrustStore, type PackageGrants } from "./trust-store.js";

/** new, approved or changed (with why) from a grant problem. */
function trustOf(problem: GrantProblem | undefined): Pick<ReviewEntry, "trust" | "reason"> {
  if (problem === undefined) return { trust: "approved" };
  return problem.kind === "lifecycle-grant-missing" ? { trust: "new" } : { trust: "changed", reason: reasonText(problem) };
}

// the structural schema accepts only strings in argv, env and capabilities
const words = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

async function toolEntry(grants: PackageGrants | undefined, pkg: LifecyclePackage, tool: ToolEntry): Promise<ReviewEntry> {
  const table = tool.table;
  return {
    ref: `tool:${tool.id}`,
    ...trustOf(await toolGrantProblem(grants, pkg, tool.id)),
    runtime: String(table["runtime"]),
    entry: tool.entry,
    argv: words(table["argv"]),
    env: words(table["env"]),
    capabilities: words(table["capabilities"]),
    availability: tool.availability,
  };
}

function hookEntry(grants: PackageGrants | undefined, hook: HookEntry): ReviewEntry {
  return {
    ref: `hook:${hook.id}`,
    ...trustOf(hookTableProblem(grants, hook)),
    tool: hook.tool,
    subject: hook.subject,
    phase: hook.phase,
    effect: hook.effect,
    requirement: hook.requirement,
    failure_policy: hook.failure_policy,
    error_visibility: hook.error_visibility,
    tool_names: [...hook.tool_names],
  };
}

export async function review(source: string, args: LifecycleArgs): Promise<LifecycleOutcome> {
  const read = await readPackage(source, args.plugin);
  if (!read.ok) return { exit: 1, review: [], note: read.problem };
  const pkg = read.pkg;
  const keys = selectKeys(pkg, args, true);
  if (!Array.isArray(keys)) return { exit: 2, note: keys };
  const grants = grantsOf(await loadTrustStore(args.state_dir), pkg.name);
  const entries: ReviewEntry[] = [];
  for (const key of keys) {
    const id = key.slice(5);
    const tool = key.startsWith("tool:") ? pkg.tools.find((t) => t.id === id) : undefined;
    const hook = key.startsWith("hook:") ? pkg.hooks.find((h) => h.id === id) : undefined;
    if (tool) entries.push(await toolEntry(grants, pkg, tool));
    if (hook) entries.push(hookEntry(grants, hook));
  }
  // Stryker disable next-line MethodExpression,ArrowFunction: a review is compared as a map from ref to entry (SPEC 1.11); the order is for people
  return { exit: 0, review: entries.sort((a, b) => compareUtf8(a.ref, b.ref)) };
}
