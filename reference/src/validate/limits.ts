// Parsing limits of the reference consumer (draft 0.1, "Dalo's reference limits").
// Each limit has a stable name; diagnostics quote the name, the limit and the actual value.

export const LIMITS = {
  /** Bytes per PLUGIN.toml; larger manifests are refused before parsing. */
  manifest_bytes: 1024 * 1024,
  /** UTF-8 bytes per string value and per key (anywhere in the manifest). */
  string_bytes: 16 * 1024,
  /** Entries per array (anywhere, including inside `providers`). */
  array_entries: 1024,
  /** Levels of nesting: the root table is level 0, each table or array value inside adds one. */
  nesting_levels: 32,
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * smol-toml's own `maxDepth`. It only counts inline nesting ([…] and {…} inside one value),
 * never header tables or dotted keys, so it is always <= our nesting level; anything it
 * refuses is over our limit too. Its only job is to keep the recursive parser off the stack
 * limit; the exact 32-level rule is enforced on the decoded value (manifest-decode.ts).
 */
export const PARSER_MAX_DEPTH = 64;
