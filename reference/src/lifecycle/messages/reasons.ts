// The `reason` of a member's status at activation and of a review entry's trust (SPEC.md 11.2,
// 11.3), which a refused hook's dispatch shows too (reference/src/lifecycle/grants.ts,
// activation-status.ts, review.ts, dispatch-gate.ts). `why` of an unsupported hook is the
// validator's account, worded by reference/src/validate/messages/, passed on as it is.

import type { Wordings } from "../../wording.js";

/** Why a tool's or a hook's grant is not current (grants.ts). */
export type GrantProblem =
  | { kind: "lifecycle-grant-missing" }
  | { kind: "lifecycle-grant-tool-absent"; tool: string }
  | { kind: "lifecycle-grant-tool-contract-changed" }
  | { kind: "lifecycle-grant-tool-unreadable" }
  | { kind: "lifecycle-grant-tool-bytes-changed" }
  | { kind: "lifecycle-grant-hook-changed" }
  /** A hook's own grant is current, its tool's is missing. */
  | { kind: "lifecycle-grant-tool-unapproved"; tool: string };

/** Why a member, tool or hook is not active at activation (activation-status.ts). */
export type MemberReason =
  | GrantProblem
  /** `status`: the member's resolution status in the report. */
  | { kind: "lifecycle-member-unresolved"; status: string }
  | { kind: "lifecycle-member-not-enabled" }
  | { kind: "lifecycle-hook-unsupported"; provider: string; why: string };

export const REASONS: Wordings<MemberReason, "kind"> = {
  "lifecycle-grant-missing": () => "not approved",
  "lifecycle-grant-tool-absent": (r) => `tool ${r.tool} is not in the package`,
  "lifecycle-grant-tool-contract-changed": () => "tool contract changed since approval",
  "lifecycle-grant-tool-unreadable": () => "tool entry cannot be read",
  "lifecycle-grant-tool-bytes-changed": () => "tool bytes changed since approval",
  "lifecycle-grant-hook-changed": () => "hook changed since approval",
  "lifecycle-grant-tool-unapproved": (r) => `tool ${r.tool} not approved`,
  "lifecycle-member-unresolved": (r) => r.status,
  "lifecycle-member-not-enabled": () => "recommended; not enabled",
  "lifecycle-hook-unsupported": (r) => `${r.provider}: ${r.why}`,
};
