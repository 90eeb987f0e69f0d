// Which `given` and `expect` keys belong to which operation. The case schema lists every key of
// every operation; this check makes a key used with the wrong operation a finding at its line
// instead of something the runner silently ignores. Each operation's keys are its definition's
// (runner/src/operations/<name>/); a multi-step case's are here.

import { operationNamed, registeredOperations } from "../registry/operations.js";
import type { YamlPath } from "../common/yaml-locate.js";
import type { CaseSpec } from "../types/case.js";
import type { KeyFinding } from "../registry/operation-definition.js";

export type { KeyFinding };

/**
 * A multi-step case: the package is built as for dispatch, plus its members; each step has its
 * own expect (with live steps: as for live, the scenario and hooks that name subject and phase).
 */
const STEPS_KEYS = { given: ["event", "provider", "plugin", "hooks", "environment", "members", "scenario"], expect: [] as string[] };

/** `expect.files` (SPEC 1.11): the files on disk after a step, in a step of any operation. */
const STEP_ONLY_EXPECT = ["files"];

function keysOf(operation: string): { given: readonly string[]; expect: readonly string[] } {
  if (operation === "steps") return STEPS_KEYS;
  return operationNamed(operation)?.keys ?? { given: [], expect: [] };
}

/**
 * Keys of another operation in a case, or in one step (`inStep`: the step's operation and
 * expect; its findings' paths are relative to the step).
 */
export function operationKeyFindings(c: Pick<CaseSpec, "operation" | "given" | "expect">, inStep = false): KeyFinding[] {
  const own = keysOf(c.operation);
  const everyOwner = [...registeredOperations().map((d) => [d.name, d.keys] as const), ["steps", STEPS_KEYS] as const];
  const findings: KeyFinding[] = [];
  for (const section of ["given", "expect"] as const) {
    for (const k of Object.keys((c[section] ?? {}) as object)) {
      if (own[section].includes(k)) continue;
      if (section === "expect" && STEP_ONLY_EXPECT.includes(k)) {
        if (!inStep) findings.push({ path: [section, k], message: `expect.${k} is checked in the steps of a multi-step case only (SPEC 1.11)` });
        continue;
      }
      const owners = everyOwner.filter(([op, keys]) => op !== c.operation && keys[section].includes(k)).map(([op]) => op);
      const named = owners.map((op) => (op === "steps" ? "multi-step" : op));
      const where = c.operation === "steps" ? "a multi-step case" : `operation ${c.operation}`;
      if (owners.length > 0) findings.push({ path: [section, k], message: `${section}.${k} belongs to ${named.join(" and ")} cases, not to ${where}` });
    }
  }
  const noExit = operationNamed(c.operation)?.noExit;
  if (noExit !== undefined && c.expect.exit !== undefined) findings.push({ path: ["expect", "exit"], message: noExit });
  return findings;
}

/**
 * Where a case may hold an explicit null: an expected response (`null` = empty stdout) and the
 * JSON inside it, values set into an event, a handler's JSON output, `fallback: null`, and what
 * an operation's definition admits. Anywhere else a null is an empty YAML value, i.e. a mistake.
 */
export function nullAllowed(operation: unknown, path: YamlPath): boolean {
  const [a, b, c, d, e] = path;
  if (a === "expect" && b === "response") return true;
  // in a step the path starts at the step: `args` are its own (given/expect as in a case)
  if ((a === "expect" || a === "given" || a === "args") && operationNamed(operation)?.nullAllowed?.(path)) return true;
  if (a !== "given") return false;
  if (b === "event") return c === "set" && path.length > 3;
  if (b !== "hooks" || typeof c !== "number") return false;
  if (d === "fallback") return true;
  if (d !== "handler") return false;
  // a handler's JSON output, also inside a `when` variant: given/hooks/i/handler/when/j/stdout/…
  return (e === "stdout" && path.length > 5) || (e === "when" && path[6] === "stdout" && path.length > 7);
}
