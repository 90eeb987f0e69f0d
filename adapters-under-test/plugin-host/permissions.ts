// The decision of one event: the fired hooks' outcomes combined deny-wins (seed 002
// "Permissions": any deny blocks regardless of other plugins' allows; SPEC 5.5, 5.6, 10.4).
// Precedence: deny (a deny result or a fail_closed failure of a before hook) > conflicting
// rewrites (a denial) > one rewrite > output replacement (conflicting: none applies) >
// workflow continuation > allow > none. Contexts ride along on every kind but deny.

import type { PortableResult } from "./hook-results.js";

export interface HookOutcome {
  identity: string;
  failurePolicy: string;
  /** What a fail_closed failure does here: deny a `before` gate, ask for another pass at a completion attempt. */
  closing: "deny" | "continue" | undefined;
  /** The admitted result, or the failure code. */
  outcome: { result: PortableResult } | { failure: string };
}

export interface Decision {
  kind: "none" | "allow" | "deny" | "rewrite_input" | "replace_output" | "continue_workflow";
  reason?: string;
  context?: string;
  input?: unknown;
  output?: unknown;
}

export interface Combined {
  decision: Decision;
  conflicts: { hooks: string[] }[];
  failures: { hook: string; code: string }[];
}

/** JSON deep equality; object key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  return ka.length === Object.keys(rb).length && ka.every((k) => Object.hasOwn(rb, k) && jsonEqual(ra[k], rb[k]));
}

function distinct(values: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) if (!out.some((o) => jsonEqual(o, v))) out.push(v);
  return out;
}

export function combineOutcomes(outcomes: readonly HookOutcome[]): Combined {
  const failures: { hook: string; code: string }[] = [];
  const denials: string[] = [];
  const contexts: string[] = [];
  const rewrites: { identity: string; input: unknown }[] = [];
  const replacements: { identity: string; output: unknown }[] = [];
  const continuations: string[] = [];
  let allowed = false;
  for (const o of outcomes) {
    if ("failure" in o.outcome) {
      failures.push({ hook: o.identity, code: o.outcome.failure });
      if (o.failurePolicy === "fail_closed" && o.closing === "deny") denials.push(`${o.identity} failed: ${o.outcome.failure}`);
      if (o.failurePolicy === "fail_closed" && o.closing === "continue") continuations.push(`${o.identity} failed: ${o.outcome.failure}`);
      continue; // report / fail_open: the result is ignored
    }
    const r = o.outcome.result;
    switch (r.kind) {
      case "deny":
        denials.push(r.reason);
        break;
      case "allow":
        allowed = true;
        break;
      case "add_context":
        contexts.push(r.context);
        break;
      case "rewrite_input":
        rewrites.push({ identity: o.identity, input: r.input });
        break;
      case "replace_output":
        replacements.push({ identity: o.identity, output: r.output });
        break;
      case "continue_workflow":
        continuations.push(r.reason);
        break;
      case "abstain":
      case "observe":
        break;
    }
  }
  // Conflicts are surfaced whatever decides, a denial included (SPEC HOST-CONFLICT).
  const inputs = distinct(rewrites.map((r) => r.input));
  const outputs = distinct(replacements.map((r) => r.output));
  const conflicts: { hooks: string[] }[] = [];
  if (inputs.length > 1) conflicts.push({ hooks: rewrites.map((r) => r.identity) });
  if (outputs.length > 1) conflicts.push({ hooks: replacements.map((r) => r.identity) });
  const withContext = (d: Decision): Decision => (contexts.length > 0 ? { ...d, context: contexts.join("\n") } : d);
  const done = (decision: Decision): Combined => ({ decision, conflicts, failures });

  if (denials.length > 0) return done({ kind: "deny", reason: denials.join("\n") });
  if (rewrites.length > 0) {
    if (inputs.length > 1) return done({ kind: "deny", reason: `conflicting rewrites: ${rewrites.map((r) => r.identity).join(", ")}` });
    return done(withContext({ kind: "rewrite_input", input: inputs[0] }));
  }
  if (replacements.length > 0) {
    if (outputs.length > 1) return done(withContext({ kind: "none" }));
    return done(withContext({ kind: "replace_output", output: outputs[0] }));
  }
  if (continuations.length > 0) return done(withContext({ kind: "continue_workflow", reason: continuations.join("\n") }));
  if (allowed) return done(withContext({ kind: "allow" }));
  return done(withContext({ kind: "none" }));
}
