// Which `given` and `expect` keys belong to which operation. The case schema lists every key of
// every operation; this check makes a key used with the wrong operation a finding at its line
// instead of something the runner silently ignores.

import type { CaseSpec } from "../types/case.js";
import type { YamlPath } from "../common/yaml-locate.js";

const DISPATCH_GIVEN = ["event", "provider", "plugin", "hooks", "environment"];
const DISPATCH_EXPECT = ["response", "stdout_excludes", "stderr", "handlers"];
const VALIDATE_EXPECT = ["valid", "structural", "diagnostics", "report", "fixture"];
const COMPOSE_EXPECT = ["order", "rejected", "tools", "fired", "decision", "conflicts", "failures"];
const AGENT_PLUGIN_EXPECT = ["loaded", "identity", "skills", "mcp_servers", "hooks", "apps", "interface", "diagnostics"];
const LIVE_GIVEN = ["provider", "plugin", "hooks", "environment", "scenario"];
const LIVE_EXPECT = ["projection", "harness", "workdir", "model", "handlers"];
const LIFECYCLE_EXPECT = ["review", "approved", "revoked", "activation", "members", "instructions", "removed", "kept"];
const lifecycle = { given: [], expect: LIFECYCLE_EXPECT };

/** Per operation, its own keys; `files`, `args`, `source` and `exit` are shared (live has no top-level exit). */
const OWN: Record<string, { given: string[]; expect: string[] }> = {
  validate: { given: [], expect: VALIDATE_EXPECT },
  "validate-cli": { given: [], expect: [...VALIDATE_EXPECT, "stderr"] },
  dispatch: { given: DISPATCH_GIVEN, expect: DISPATCH_EXPECT },
  live: { given: LIVE_GIVEN, expect: LIVE_EXPECT },
  "load-agent-plugin": { given: [], expect: AGENT_PLUGIN_EXPECT },
  compose: { given: [], expect: COMPOSE_EXPECT },
  review: lifecycle,
  approve: lifecycle,
  revoke: lifecycle,
  activate: lifecycle,
  remove: lifecycle,
  // a multi-step case: the package is built as for dispatch, plus its members; each step has its own expect
  // (with live steps: as for live, the scenario and hooks that name subject and phase)
  steps: { given: [...DISPATCH_GIVEN, "members", "scenario"], expect: [] },
};

/** `expect.files` (SPEC 1.11): the files on disk after a step, in a step of any operation. */
const STEP_ONLY_EXPECT = ["files"];

export interface KeyFinding {
  path: YamlPath;
  message: string;
}

/**
 * Keys of another operation in a case, or in one step (`inStep`: the step's operation and
 * expect; its findings' paths are relative to the step).
 */
export function operationKeyFindings(c: Pick<CaseSpec, "operation" | "given" | "expect">, inStep = false): KeyFinding[] {
  const own = OWN[c.operation] ?? { given: [], expect: [] };
  const findings: KeyFinding[] = [];
  for (const section of ["given", "expect"] as const) {
    for (const k of Object.keys((c[section] ?? {}) as object)) {
      if (own[section].includes(k)) continue;
      if (section === "expect" && STEP_ONLY_EXPECT.includes(k)) {
        if (!inStep) findings.push({ path: [section, k], message: `expect.${k} is checked in the steps of a multi-step case only (SPEC 1.11)` });
        continue;
      }
      const owners = Object.entries(OWN)
        .filter(([op, keys]) => op !== c.operation && keys[section].includes(k))
        .map(([op]) => op);
      const named = owners.map((op) => (op === "steps" ? "multi-step" : op));
      const where = c.operation === "steps" ? "a multi-step case" : `operation ${c.operation}`;
      if (owners.length > 0) findings.push({ path: [section, k], message: `${section}.${k} belongs to ${named.join(" and ")} cases, not to ${where}` });
    }
  }
  if (c.operation === "live" && c.expect.exit !== undefined) {
    findings.push({ path: ["expect", "exit"], message: "a live case states projection.exit or harness.exit, not expect.exit" });
  }
  if ((c.operation === "load-agent-plugin" || c.operation === "compose") && c.expect.exit !== undefined) {
    findings.push({ path: ["expect", "exit"], message: `a ${c.operation} case has no exit status to check (SPEC 1.8, 1.9)` });
  }
  return findings;
}

/**
 * Where a case may hold an explicit null: an expected response (`null` = empty stdout) and the
 * JSON inside it, values set into an event, a handler's JSON output, `fallback: null`, and a
 * dispatch case's raw `args`. Anywhere else a null is an empty YAML value, i.e. a mistake.
 */
export function nullAllowed(operation: unknown, path: readonly (string | number)[]): boolean {
  const [a, b, c, d, e] = path;
  if (a === "expect") {
    if (b === "response") return true;
    if (operation === "load-agent-plugin") return b === "identity" || (b === "interface" && path.length > 2);
    // a rewritten input or replaced output may hold nulls, and an output may be null itself
    return operation === "compose" && b === "decision" && (c === "input" || c === "output");
  }
  if (a !== "given") return false;
  if (b === "event") return c === "set" && path.length > 3;
  if (b === "args") return operation === "dispatch" || (operation === "compose" && c === "results" && path.length > 4);
  if (b !== "hooks" || typeof c !== "number") return false;
  if (d === "fallback") return true;
  if (d !== "handler") return false;
  // a handler's JSON output, also inside a `when` variant: given/hooks/i/handler/when/j/stdout/…
  return (e === "stdout" && path.length > 5) || (e === "when" && path[6] === "stdout" && path.length > 7);
}
