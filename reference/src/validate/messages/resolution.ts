// Resolution of members and dependencies within the supplied source (reference/src/validate/
// resolution.ts, SPEC.md 3.6): the `detail` of each report members[] / dependencies[] record,
// and the unresolved_member / unresolved_dependency findings.

import type { DependencyRequirement, MemberRequirement } from "../../manifest-types.js";
import type { ComponentReference } from "../references.js";
import type { ResolutionStatus } from "../resolution.js";
import { type AgentRejection, type AgentsUnavailable, agentReasonText, type InstructionFlaw, instructionReasonText } from "./sources.js";
import { formatReference, type Messages, type Wordings, wordBy } from "./wording.js";

/** Why a reference resolved as it did (resolution.ts resolveReference). */
export type ResolutionReason =
  /** `path`: the one matching component (a report path, or plugins/<dir>). */
  | { outcome: "found"; path: string }
  | { outcome: "ambiguous"; reference: ComponentReference; matches: string[] }
  | { outcome: "external"; reference: ComponentReference; source: string }
  | { outcome: "absent"; reference: ComponentReference }
  /** skills/<selector> has a warning of its own (skills.ts). */
  | { outcome: "unusable-skill"; reference: ComponentReference }
  | { outcome: "unusable-agent"; reference: ComponentReference; rejection: AgentRejection | AgentsUnavailable }
  | { outcome: "unusable-instruction"; reference: ComponentReference; flaw: InstructionFlaw }
  | { outcome: "no-valid-package"; reference: ComponentReference };

const absent = (reference: ComponentReference) => `${formatReference(reference)} is not present in the supplied source tree`;

const DETAILS: Wordings<ResolutionReason, "outcome"> = {
  found: (r) => `resolved in the supplied source tree: ${r.path}`,
  ambiguous: (r) => `${formatReference(r.reference)} matches multiple local components: ${r.matches.join(", ")}`,
  external: (r) => `${formatReference(r.reference)} references source \`${r.source}\`; external sources are not resolved without a store`,
  absent: (r) => absent(r.reference),
  "unusable-skill": (r) => `${absent(r.reference)}: skills/${r.reference.selector} is not a usable skill (see its diagnostics)`,
  "unusable-agent": (r) => `${absent(r.reference)}: agents/${r.reference.selector}: ${agentReasonText(r.rejection)}`,
  "unusable-instruction": (r) => `${absent(r.reference)}: ${instructionReasonText(r.flaw)}`,
  "no-valid-package": (r) => `${absent(r.reference)} as a valid package`,
};

/** The `detail` of a members[] or dependencies[] record. Throws for an outcome that has no wording. */
export function resolutionDetail(reason: ResolutionReason): string {
  return wordBy(DETAILS, reason, "outcome");
}

export type ResolutionProblem =
  | {
      code: "unresolved_member";
      kind: "resolution-member-unresolved";
      ref: string;
      requirement: MemberRequirement;
      status: Exclude<ResolutionStatus, "resolved">;
      reason: ResolutionReason;
    }
  | {
      code: "unresolved_dependency";
      kind: "resolution-dependency-unresolved";
      ref: string;
      requirement: DependencyRequirement;
      status: Exclude<ResolutionStatus, "resolved">;
      reason: ResolutionReason;
    };

export const RESOLUTION_MESSAGES: Messages<ResolutionProblem> = {
  "resolution-member-unresolved": (p) => ({ message: `${p.requirement} member ${p.ref} is ${p.status}: ${resolutionDetail(p.reason)}` }),
  "resolution-dependency-unresolved": (p) => ({ message: `${p.requirement} dependency ${p.ref} is ${p.status}: ${resolutionDetail(p.reason)}` }),
};
