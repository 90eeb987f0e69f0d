// The status of every member, tool and hook of a package when it is activated for one
// provider (SPEC 11.3):
// - members: resolved → active, except a recommended instruction the user did not enable
//   (inactive); not resolved → blocked when required, else omitted.
// - tools and hooks: without a current grant → blocked when required, else omitted. A hook the
//   provider cannot honour is classified as project.ts does for the live projection: an
//   optional hook with `fallback = "omit"` is omitted, any other is refused (blocked).

import type { MemberState } from "../../../runner/shared/protocol.js";
import { unsupportedReason } from "../validate/hook-combinations.js";
import { reportProvider } from "../dispatch/report-provider.js";
import type { Harness } from "../dispatch/types.js";
import { parseReference } from "../validate/references.js";
import { hookGrantProblem, toolGrantProblem } from "./grants.js";
import { type MemberReason, reasonText } from "./messages/index.js";
import type { LifecyclePackage } from "./package-read.js";
import type { PackageGrants } from "./trust-store.js";
import { hookKey, toolKey } from "./trust-store.js";

export function isInstructionRef(ref: string): boolean {
  const parsed = parseReference(ref);
  return parsed.ok && parsed.reference.kind === "instruction";
}

function unavailable(ref: string, requirement: string, reason: MemberReason): MemberState {
  return { ref, requirement, status: requirement === "required" ? "blocked" : "omitted", reason: reasonText(reason) };
}

export async function activationStatuses(pkg: LifecyclePackage, provider: Harness, grants: PackageGrants | undefined, enable: ReadonlySet<string>): Promise<MemberState[]> {
  const states: MemberState[] = [];
  for (const member of pkg.members) {
    if (member.status !== "resolved") states.push(unavailable(member.ref, member.requirement, { kind: "lifecycle-member-unresolved", status: member.status }));
    else if (member.requirement === "recommended" && isInstructionRef(member.ref) && !enable.has(member.ref)) {
      states.push({ ref: member.ref, requirement: member.requirement, status: "inactive", reason: reasonText({ kind: "lifecycle-member-not-enabled" }) });
    } else states.push({ ref: member.ref, requirement: member.requirement, status: "active" });
  }
  for (const tool of pkg.tools) {
    const problem = await toolGrantProblem(grants, pkg, tool.id);
    states.push(problem === undefined ? { ref: toolKey(tool.id), requirement: tool.availability, status: "active" } : unavailable(toolKey(tool.id), tool.availability, problem));
  }
  for (const hook of pkg.hooks) {
    const ref = hookKey(hook.id);
    const unsupported = unsupportedReason(reportProvider(provider), hook);
    if (unsupported !== undefined) {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a valid hook declares fallback = "omit" exactly when it is optional (PAP-SEM-HOOK-OPTIONAL-FALLBACK, PAP-SEM-HOOK-REQUIRED-NO-FALLBACK)
      const omit = hook.requirement === "optional" && hook.fallback === "omit";
      const reason = reasonText({ kind: "lifecycle-hook-unsupported", provider, why: unsupported });
      states.push({ ref, requirement: hook.requirement, status: omit ? "omitted" : "blocked", reason });
      continue;
    }
    const problem = await hookGrantProblem(grants, pkg, hook);
    states.push(problem === undefined ? { ref, requirement: hook.requirement, status: "active" } : unavailable(ref, hook.requirement, problem));
  }
  return states;
}
