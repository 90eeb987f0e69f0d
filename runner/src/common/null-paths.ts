// Where a parsed YAML value holds an explicit null (YAML `key:` with nothing after it).

/** The path of every null inside `value`, as object keys and array indexes. */
export function nullPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, [...path, i]));
  if (typeof value === "object") return Object.entries(value as object).flatMap(([k, v]) => nullPaths(v, [...path, k]));
  return [];
}
