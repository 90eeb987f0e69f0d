// The combined decision of the fired hooks' answers, in hook order (SPEC 10.4;
// HOST-DENY-WINS, HOST-CONFLICT, HOST-CONTEXT, HOST-CONTINUE, HOST-ALLOW).
// A chain, first match wins: deny; conflicting or single rewrite; conflicting or single
// output replacement; continuation; allow; none. Contexts ride on every kind but deny, and
// conflicts are listed whatever decides.

import type { ComposeDecision } from "../../../runner/shared/protocol.js";
import { canonicalJson } from "../dispatch/compose.js";
import type { PortableResult } from "../dispatch/types.js";

export interface Answer {
  hook: string;
  result: PortableResult;
}

export interface Combined {
  decision: ComposeDecision;
  conflicts: { hooks: string[] }[];
}

/** How many different values the candidates hold, by deep equality. */
const distinctCount = (values: readonly unknown[]): number => new Set(values.map(canonicalJson)).size;

/** Several candidates: one value if they all deep-equal, else undefined. */
const agreed = (values: readonly unknown[]): { value: unknown } | undefined => (distinctCount(values) === 1 ? { value: values[0] } : undefined);

function withContext(decision: ComposeDecision, contexts: readonly string[]): ComposeDecision {
  // Stryker disable next-line ConditionalExpression: without add_context results the joined context is "", which says what no context says (HOST-CONTEXT); a case compares only the decision keys it names
  if (contexts.length === 0) return decision;
  return { ...decision, context: contexts.join("\n") };
}

/** Conflicts are listed whenever they exist, also when a denial decides (HOST-CONFLICT): a group whose values are not all deep-equal. */
function conflictsOf(groups: readonly (readonly { hook: string; value: unknown }[])[]): { hooks: string[] }[] {
  return groups.filter((g) => distinctCount(g.map((a) => a.value)) > 1).map((g) => ({ hooks: g.map((a) => a.hook) }));
}

export function combine(answers: readonly Answer[]): Combined {
  const of = <K extends PortableResult["kind"]>(kind: K) =>
    answers.flatMap((a) => (a.result.kind === kind ? [{ hook: a.hook, result: a.result as Extract<PortableResult, { kind: K }> }] : []));
  const denials = of("deny");
  const contexts = of("add_context").map((a) => a.result.context);
  const rewrites = of("rewrite_input").map((a) => ({ hook: a.hook, value: a.result.input }));
  const replacements = of("replace_output").map((a) => ({ hook: a.hook, value: a.result.output }));
  const conflicts = conflictsOf([rewrites, replacements]);
  const done = (decision: ComposeDecision): Combined => ({ decision, conflicts });

  if (denials.length > 0) return done({ kind: "deny", reason: denials.map((a) => a.result.reason).join("\n") });

  if (rewrites.length > 0) {
    const one = agreed(rewrites.map((a) => a.value));
    if (one === undefined) return done({ kind: "deny", reason: `conflicting rewrites: ${rewrites.map((a) => a.hook).join(", ")}` });
    return done(withContext({ kind: "rewrite_input", input: one.value }, contexts));
  }

  if (replacements.length > 0) {
    const one = agreed(replacements.map((a) => a.value));
    if (one === undefined) return done(withContext({ kind: "none" }, contexts));
    return done(withContext({ kind: "replace_output", output: one.value }, contexts));
  }

  const continuations = of("continue_workflow");
  if (continuations.length > 0) return done(withContext({ kind: "continue_workflow", reason: continuations.map((a) => a.result.reason).join("\n") }, contexts));
  if (answers.some((a) => a.result.kind === "allow")) return done(withContext({ kind: "allow" }, contexts));
  return done(withContext({ kind: "none" }, contexts));
}
