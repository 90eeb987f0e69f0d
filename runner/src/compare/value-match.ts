// Exact comparison of JSON values where the expectation may hold value matchers
// (`{$string: {contains, excludes, min_bytes, max_bytes}}`, `{$any: true}`), and the view of the expected
// value a diff shows: matched matchers replaced by what they matched, so only real differences
// remain. Used for a dispatcher's response and stderr (SPEC 1.6) and a validator's stderr (1.3).

import type { AnyMatcher, StringMatcher } from "../types/case.js";

type Matcher = StringMatcher | AnyMatcher;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function isMatcher(v: unknown): v is Matcher {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && (keys[0] === "$string" || keys[0] === "$any");
}

function matcherAccepts(m: Matcher, actual: unknown): boolean {
  if ("$any" in m) return actual !== undefined;
  if (typeof actual !== "string") return false;
  const { contains = [], excludes = [], min_bytes, max_bytes } = m.$string;
  const bytes = Buffer.byteLength(actual, "utf8");
  return (
    contains.every((s) => actual.includes(s)) &&
    !excludes.some((s) => actual.includes(s)) &&
    (min_bytes === undefined || bytes >= min_bytes) &&
    (max_bytes === undefined || bytes <= max_bytes)
  );
}

/** Equal JSON: same keys, same array elements in order; matchers stand for what they accept. */
export function matchesExactly(expected: unknown, actual: unknown, matchers = true): boolean {
  if (matchers && isMatcher(expected)) return matcherAccepts(expected, actual);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matchesExactly(e, actual[i], matchers));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(actual).length && keys.every((k) => Object.hasOwn(actual, k) && matchesExactly(expected[k], actual[k], matchers));
  }
  return Object.is(expected, actual);
}

/** Plain deep equality of JSON values (no matchers): argv, environments, events. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return matchesExactly(a, b, false);
}

/** `expected` with every matcher that accepts its counterpart replaced by that counterpart. */
export function expectedView(expected: unknown, actual: unknown): unknown {
  if (isMatcher(expected)) return matcherAccepts(expected, actual) ? actual : expected;
  if (Array.isArray(expected)) return expected.map((e, i) => expectedView(e, Array.isArray(actual) ? actual[i] : undefined));
  if (isPlainObject(expected)) {
    const source = isPlainObject(actual) ? actual : {};
    return Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, expectedView(v, source[k])]));
  }
  return expected;
}
