// How every capability of the reference words what it finds. The modules that find a problem
// build a typed value (a code, a kind and the values it is about); a `messages/` folder beside
// them turns it into text with the helpers below. No case compares a message, a detail or a
// pointer (SPEC KIT-EXPECT-DIAGNOSTICS, 4.2), so this module and every `messages/` folder are not
// mutation-tested (runner/mutation/stryker.config.mjs); a finding's code and kind are, where
// they are built: a mutated kind makes its wording throw and the case fail.

/** A finding as a reader sees it: one line, and where in its file when it is about a value. */
export interface Rendered {
  message: string;
  /** JSON Pointer into the file the finding is about (papc's extension of report schema 1, SPEC 4.2). */
  pointer?: string;
}

/** One wording per value of the discriminant `D` of the union `T`, each given exactly its own member. */
export type Wordings<T, D extends keyof T, R = string> = { [V in T[D] & string]: (value: Extract<T, Record<D, V>>) => R };

/** A JSON string literal, the way messages quote names and values. */
export const quote = (value: unknown): string => JSON.stringify(value);

/**
 * The entry of `table` for `key`, failing loudly for a key the table does not know: a finding
 * built with a wrong kind or reason must stop the reference, not produce an answer with a hole in it.
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

/** The text of a caught error, as messages quote it. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
