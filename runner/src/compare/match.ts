// Structural matching used by every comparator: named fields of objects, exact arrays.

/** True when every key of `expected` matches in `actual` (objects: subset; arrays: exact). */
export function matchesSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matchesSubset(e, actual[i]));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([k, v]) => matchesSubset(v, (actual as Record<string, unknown>)[k]));
  }
  return Object.is(expected, actual);
}

/** `actual` reduced to the keys `expected` names, so a diff shows only what the case checks. */
export function projectOnto(expected: unknown, actual: unknown): unknown {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    return actual.map((a, i) => (i < expected.length ? projectOnto(expected[i], a) : a));
  }
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected) && actual !== null && typeof actual === "object" && !Array.isArray(actual)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(expected)) out[k] = projectOnto((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k]);
    return out;
  }
  return actual;
}
