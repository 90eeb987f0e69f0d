// What a grant covers (SPEC 11.2, PAP-LIFE-TRUST-COVERS) and whether it is still current
// (PAP-LIFE-TRUST-RECHECK): fingerprints are computed from what is on disk at the moment of
// the check, never cached.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { canonicalJson } from "../dispatch/compose.js";
import { sha256Hex } from "../validate/report.js";
import type { GrantProblem } from "./messages/index.js";
import type { HookEntry, LifecyclePackage, ToolEntry } from "./package-read.js";
import { hookKey, toolKey, type Grant, type PackageGrants } from "./trust-store.js";

function tableHash(table: unknown): string {
  // Stryker disable next-line StringLiteral: "utf8" is Buffer.from's default
  return sha256Hex(Buffer.from(canonicalJson(table), "utf8"));
}

/** The grant a tool gets now: its entry bytes (readFile follows symlinks) and its whole table. */
export async function toolGrant(pkg: LifecyclePackage, tool: ToolEntry): Promise<Grant> {
  const bytes = await readFile(join(pkg.dir, tool.entry));
  return { entry_sha256: sha256Hex(bytes), table_sha256: tableHash(tool.table) };
}

export function hookGrant(hook: HookEntry): Grant {
  const { id, subject, phase, effect, requirement, failure_policy, error_visibility, tool_names } = hook;
  return { table_sha256: tableHash(hook.table), approved: { id, subject, phase, effect, requirement, failure_policy, error_visibility, tool_names: [...tool_names] } };
}

/** Why the tool's grant is not current, or undefined when it is. */
export async function toolGrantProblem(grants: PackageGrants | undefined, pkg: LifecyclePackage, toolId: string): Promise<GrantProblem | undefined> {
  const tool = pkg.tools.find((t) => t.id === toolId);
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: callers pass a declared tool (one of pkg.tools, or a hook's tool, which validation resolved)
  if (!tool) return { kind: "lifecycle-grant-tool-absent", tool: toolId };
  const grant = grants && Object.hasOwn(grants, toolKey(toolId)) ? grants[toolKey(toolId)] : undefined;
  if (!grant) return { kind: "lifecycle-grant-missing" };
  if (grant.table_sha256 !== tableHash(tool.table)) return { kind: "lifecycle-grant-tool-contract-changed" };
  let now: Grant;
  try {
    now = await toolGrant(pkg, tool);
  } catch {
    return { kind: "lifecycle-grant-tool-unreadable" };
  }
  if (grant.entry_sha256 !== now.entry_sha256) return { kind: "lifecycle-grant-tool-bytes-changed" };
  return undefined;
}

/** Why the hook's own grant (its [[hook]] table) is not current, or undefined when it is. */
export function hookTableProblem(grants: PackageGrants | undefined, hook: HookEntry): GrantProblem | undefined {
  const grant = grants && Object.hasOwn(grants, hookKey(hook.id)) ? grants[hookKey(hook.id)] : undefined;
  if (!grant) return { kind: "lifecycle-grant-missing" };
  if (grant.table_sha256 !== hookGrant(hook).table_sha256) return { kind: "lifecycle-grant-hook-changed" };
  return undefined;
}

/** Why the hook may not run: its own grant, then its tool's (a hook runs only with both). */
export async function hookGrantProblem(grants: PackageGrants | undefined, pkg: LifecyclePackage, hook: HookEntry): Promise<GrantProblem | undefined> {
  const own = hookTableProblem(grants, hook);
  if (own !== undefined) return own;
  const toolProblem = await toolGrantProblem(grants, pkg, hook.tool);
  // Stryker disable next-line ConditionalExpression,StringLiteral: missing or unapproved tool, the hook is refused alike; only the reason's wording differs
  if (toolProblem?.kind !== "lifecycle-grant-missing") return toolProblem;
  return { kind: "lifecycle-grant-tool-unapproved", tool: hook.tool };
}
