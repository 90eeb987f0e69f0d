// Findings about what a manifest declares of itself (SPEC.md 3.2 to 3.5): its name, its member
// and dependency references (reference/src/validate/members.ts, contract.ts), and why a
// reference is not grammatical (references.ts).

import { pointerFrom } from "../../messages/json-pointer.js";
import type { MemberRequirement } from "../../manifest-types.js";
import { type ComponentReference, REFERENCE_KINDS, type ReferenceKind } from "../references.js";
import { formatReference, type Messages, quote, type Wordings, wordBy } from "./wording.js";

/** Why an atom of a reference is refused (references.ts atomProblem). */
export type AtomFlaw = { kind: "empty" } | { kind: "too-long"; maxBytes: number } | { kind: "forbidden"; character: string };

/** Why a text is not a reference (references.ts parseReference). */
export type ReferenceFlaw = { kind: "parts"; count: number } | { kind: "unknown-kind"; prefix: string } | { kind: "atom"; part: "source" | "selector"; flaw: AtomFlaw };

export type DeclarationProblem =
  | { code: "invalid_plugin_package"; kind: "plugin-name-directory"; name: string; directory: string }
  | { code: "invalid_plugin_package"; kind: "member-repeated"; member: number; ref: string }
  | { code: "invalid_plugin_package"; kind: "member-reference"; member: number; ref: string; flaw: ReferenceFlaw }
  | { code: "invalid_plugin_package"; kind: "member-kind"; member: number; ref: string }
  | {
      code: "invalid_plugin_package";
      kind: "member-requirement";
      member: number;
      requirement: MemberRequirement;
      memberKind: ReferenceKind;
      admitted: readonly MemberRequirement[];
    }
  | { code: "invalid_plugin_package"; kind: "member-fallback-not-agent"; member: number; ref: string; memberKind: ReferenceKind }
  | { code: "invalid_plugin_package"; kind: "member-fallback-reference"; member: number; skill: string; flaw: ReferenceFlaw }
  | { code: "invalid_plugin_package"; kind: "member-fallback-not-skill"; member: number; skill: string }
  | { code: "invalid_plugin_package"; kind: "member-fallback-unclosed"; member: number; ref: string; fallback: ComponentReference }
  | { code: "invalid_plugin_package"; kind: "dependency-repeated"; dependency: number; ref: string }
  | { code: "invalid_plugin_package"; kind: "dependency-reference"; dependency: number; ref: string; flaw: ReferenceFlaw }
  | { code: "invalid_plugin_package"; kind: "dependency-kind"; dependency: number; ref: string };

const ATOM_FLAWS: Wordings<AtomFlaw, "kind"> = {
  empty: () => "is empty",
  "too-long": (f) => `is longer than ${f.maxBytes} UTF-8 bytes`,
  forbidden: (f) => `contains ${quote(f.character)}`,
};

const REFERENCE_FLAWS: Wordings<ReferenceFlaw, "kind"> = {
  parts: (f) => `has ${f.count} ':'-separated parts (expected <kind>:<selector> or <kind>:<source>:<selector>)`,
  "unknown-kind": (f) => `has unknown kind ${quote(f.prefix)} (expected one of ${REFERENCE_KINDS.join(", ")})`,
  atom: (f) => `${f.part} ${wordBy(ATOM_FLAWS, f.flaw, "kind")}`,
};

/** Why a text is not a reference, as it follows the quoted text in a message: `has 4 ':'-separated parts (…)`. */
export const referenceFlaw = (flaw: ReferenceFlaw): string => wordBy(REFERENCE_FLAWS, flaw, "kind");

const member = (index: number, ...rest: string[]) => pointerFrom(["plugin", "members", index, ...rest]);
const dependency = (index: number, ...rest: string[]) => pointerFrom(["plugin", "requires", index, ...rest]);

export const DECLARATION_MESSAGES: Messages<DeclarationProblem> = {
  "plugin-name-directory": (p) => ({ message: `plugin.name ${quote(p.name)} must equal the package directory name ${quote(p.directory)}`, pointer: "/plugin/name" }),
  "member-repeated": (p) => ({ message: `plugin.members repeats the reference ${quote(p.ref)}`, pointer: member(p.member, "ref") }),
  "member-reference": (p) => ({ message: `member reference ${quote(p.ref)} ${referenceFlaw(p.flaw)}`, pointer: member(p.member, "ref") }),
  "member-kind": (p) => ({ message: `member reference ${quote(p.ref)} must name a skill, agent or instruction`, pointer: member(p.member, "ref") }),
  "member-requirement": (p) => ({
    message: `requirement ${quote(p.requirement)} is not admitted for ${p.memberKind} members (admitted: ${p.admitted.join(", ")})`,
    pointer: member(p.member, "requirement"),
  }),
  "member-fallback-not-agent": (p) => ({
    message: `only agent members may declare a fallback; ${quote(p.ref)} is a ${p.memberKind} member`,
    pointer: member(p.member, "fallback"),
  }),
  "member-fallback-reference": (p) => ({ message: `fallback skill ${quote(p.skill)} ${referenceFlaw(p.flaw)}`, pointer: member(p.member, "fallback", "skill") }),
  "member-fallback-not-skill": (p) => ({ message: `fallback skill ${quote(p.skill)} must be a skill reference`, pointer: member(p.member, "fallback", "skill") }),
  "member-fallback-unclosed": (p) => ({
    message: `the inline fallback ${quote(formatReference(p.fallback))} of ${quote(p.ref)} must also be a required skill member of this package`,
    pointer: member(p.member, "fallback", "skill"),
  }),
  "dependency-repeated": (p) => ({ message: `plugin.requires repeats the reference ${quote(p.ref)}`, pointer: dependency(p.dependency, "ref") }),
  "dependency-reference": (p) => ({ message: `dependency reference ${quote(p.ref)} ${referenceFlaw(p.flaw)}`, pointer: dependency(p.dependency, "ref") }),
  "dependency-kind": (p) => ({ message: `dependency reference ${quote(p.ref)} must be a plugin reference`, pointer: dependency(p.dependency, "ref") }),
};
