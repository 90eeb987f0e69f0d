// Which `given` and `expect` keys belong to which operation. The case schema lists every key of
// every operation; this check makes a key used with the wrong operation a finding at its line
// instead of something the runner silently ignores.

import type { CaseSpec } from "../types/case.js";
import type { YamlPath } from "./yaml-locate.js";

const DISPATCH_GIVEN = ["event", "provider", "plugin", "hooks", "environment"];
const DISPATCH_EXPECT = ["response", "stdout_excludes", "stderr", "handlers"];
const VALIDATE_EXPECT = ["valid", "structural", "diagnostics", "report", "fixture"];

export interface KeyFinding {
  path: YamlPath;
  message: string;
}

export function operationKeyFindings(c: CaseSpec): KeyFinding[] {
  const foreign = (section: "given" | "expect", keys: string[], owner: string): KeyFinding[] =>
    Object.keys((c[section] ?? {}) as object)
      .filter((k) => keys.includes(k))
      .map((k) => ({ path: [section, k], message: `${section}.${k} belongs to ${owner} cases, not to operation ${c.operation}` }));
  if (c.operation === "dispatch") return foreign("expect", VALIDATE_EXPECT, "validate");
  return [...foreign("given", DISPATCH_GIVEN, "dispatch"), ...foreign("expect", DISPATCH_EXPECT, "dispatch")];
}

/**
 * Where a case may hold an explicit null: an expected response (`null` = empty stdout) and the
 * JSON inside it, values set into an event, a handler's JSON output, `fallback: null`, and a
 * dispatch case's raw `args`. Anywhere else a null is an empty YAML value, i.e. a mistake.
 */
export function nullAllowed(operation: unknown, path: readonly (string | number)[]): boolean {
  const [a, b, c, d, e] = path;
  if (a === "expect") return b === "response";
  if (a !== "given") return false;
  if (b === "event") return c === "set" && path.length > 3;
  if (b === "args") return operation === "dispatch";
  return b === "hooks" && typeof c === "number" && (d === "fallback" || (d === "handler" && e === "stdout" && path.length > 5));
}
