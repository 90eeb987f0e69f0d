// What every area's message table is made of. The wording of a finding lives only in this
// folder: the modules that find problems build typed findings (code, kind, arguments), and
// index.ts turns one into a report diagnostic's message and pointer. No case compares a message
// or a pointer (SPEC KIT-EXPECT-DIAGNOSTICS, 4.2), so this folder is not mutation-tested
// (runner/mutation/stryker.config.mjs); a finding's code and kind are, where they are built.

import type { ComponentReference } from "../references.js";

/** A finding as a reader sees it: one line, and where in the manifest when it is about a value. */
export interface Rendered {
  message: string;
  /** JSON Pointer into the decoded manifest (papc's extension of report schema 1, SPEC 4.2). */
  pointer?: string;
}

/** One wording per value of the discriminant `D` of the union `T`, each given exactly its own member. */
export type Wordings<T, D extends keyof T, R = string> = { [V in T[D] & string]: (value: Extract<T, Record<D, V>>) => R };

/** One renderer per kind of an area's findings, each given exactly its own arguments. */
export type Messages<P extends { kind: string }> = Wordings<P, "kind", Rendered>;

/** A JSON string literal, the way messages quote names and values. */
export const quote = (value: unknown): string => JSON.stringify(value);

/**
 * The entry of `table` for `key`, failing loudly for a key the table does not know: a finding
 * built with a wrong kind or reason must stop the validator, not produce a report with a hole in it.
 */
export function phrase<K extends string, V>(table: Readonly<Record<K, V>>, key: K): V {
  const found = (table as Readonly<Record<string, V | undefined>>)[key];
  if (found === undefined) throw new Error(`no wording for ${JSON.stringify(key)}`);
  return found;
}

/** The wording of `value`, chosen by its discriminant `by` (throws as phrase() does). */
export function wordBy<T, D extends keyof T, R>(table: Wordings<T, D, R>, value: T, by: D): R {
  return phrase(table as unknown as Readonly<Record<string, (value: T) => R>>, String(value[by]))(value);
}

/** A component reference as written in a manifest: `<kind>:<selector>` or `<kind>:<source>:<selector>`. */
export function formatReference(reference: ComponentReference): string {
  return reference.source === undefined ? `${reference.kind}:${reference.selector}` : `${reference.kind}:${reference.source}:${reference.selector}`;
}
