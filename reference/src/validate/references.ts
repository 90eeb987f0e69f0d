// The reference grammar of draft 0.1 (SPEC.md 3.3): `<kind>:<selector>` or
// `<kind>:<source>:<selector>`. Atoms are non-empty, at most 16 KiB of UTF-8 and free of
// `:`, `#`, `/` and `\`. This is a grammar, not a path: resolution never joins a selector
// into a filesystem path (resolution.ts compares it with names it listed).

import type { AtomFlaw, ReferenceFlaw } from "./messages/declarations.js";

export const REFERENCE_KINDS = ["plugin", "skill", "agent", "instruction"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const MAX_ATOM_BYTES = 16 * 1024;

export interface ComponentReference {
  kind: ReferenceKind;
  /** The explicit source part, when the reference has one. */
  source?: string;
  selector: string;
}

export type ParsedReference = { ok: true; reference: ComponentReference } | { ok: false; problem: ReferenceFlaw };

const FORBIDDEN = /[:#/\\]/;

/** Why an atom is not acceptable (worded in messages/declarations.ts), or undefined when it is. */
export function atomProblem(atom: string): AtomFlaw | undefined {
  if (atom.length === 0) return { kind: "empty" };
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,ObjectLiteral: unreachable: a reference with an atom of 16384 bytes is longer than the 16 KiB string bound, refused structurally first (SPEC 3.3); Buffer.byteLength counts UTF-8 without an encoding
  if (Buffer.byteLength(atom, "utf8") > MAX_ATOM_BYTES) return { kind: "too-long", maxBytes: MAX_ATOM_BYTES };
  const bad = FORBIDDEN.exec(atom);
  if (bad) return { kind: "forbidden", character: bad[0] };
  return undefined;
}

function isKind(value: string): value is ReferenceKind {
  return (REFERENCE_KINDS as readonly string[]).includes(value);
}

export function parseReference(text: string): ParsedReference {
  const parts = text.split(":");
  if (parts.length !== 2 && parts.length !== 3) return { ok: false, problem: { kind: "parts", count: parts.length } };
  const [kind, ...atoms] = parts as [string, ...string[]];
  // Stryker disable next-line ConditionalExpression: unreachable: the schema admits only the prefixes of the four kinds, and structural validation runs first
  if (!isKind(kind))
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: unreachable: the schema admits only the prefixes of the four kinds, and structural validation runs first
    return { ok: false, problem: { kind: "unknown-kind", prefix: kind } };
  const reference: ComponentReference = atoms.length === 2 ? { kind, source: atoms[0] as string, selector: atoms[1] as string } : { kind, selector: atoms[0] as string };
  // The source part (when there is one) is checked before the selector.
  for (const part of ["source", "selector"] as const) {
    const atom = reference[part];
    if (atom === undefined) continue;
    const flaw = atomProblem(atom);
    if (flaw) return { ok: false, problem: { kind: "atom", part, flaw } };
  }
  return { ok: true, reference };
}

/** Structural equality: same kind, same source part (or both none), same selector. */
export function sameReference(left: ComponentReference, right: ComponentReference): boolean {
  return left.kind === right.kind && left.source === right.source && left.selector === right.selector;
}

/** The report's parsed form, as the published reference serializes it. */
export function referenceRecord(reference: ComponentReference): Record<string, string> {
  const record: Record<string, string> = { kind: reference.kind };
  // Stryker disable next-line ConditionalExpression: the report is JSON, which leaves out a source_id of undefined
  if (reference.source !== undefined) record["source_id"] = reference.source;
  record["selector"] = reference.selector;
  return record;
}
