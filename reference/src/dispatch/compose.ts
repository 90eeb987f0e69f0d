// Composition of the outcomes of all hooks that ran for one event, in hook-identity order
// (SPEC 5.6): deny wins over allow, contexts and continuation reasons are joined
// in order, and two different rewrites (or replacements) are a conflict, never a silent pick.

import { CONTEXT_EVENTS } from "./event-map.js";
import { conflictReason, failureDetail, failureLine } from "./messages/failures.js";
import type { HookOutcome } from "./policy.js";
import type { Failure } from "./types.js";

export interface Composed {
  denyReasons: string[];
  /** add_context texts and, on events that carry context, model notes of failed hooks. */
  contexts: string[];
  rewrite?: Record<string, unknown>;
  replacement?: { output: unknown };
  /** continue_workflow reasons and, when there is a continuation, model notes (Stop). */
  continuation: string[];
  /** User diagnostics (systemMessage, or stderr on SessionEnd). */
  diagnostics: string[];
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

interface Candidate {
  hookId: string;
  value: unknown;
}

/** The one value all candidates agree on, or the ids of a conflict. */
function agree(candidates: readonly Candidate[]): { value?: unknown; conflict?: string[] } {
  if (candidates.length === 0) return {};
  const distinct = new Set(candidates.map((c) => canonicalJson(c.value)));
  // Stryker disable next-line OptionalChaining: candidates is non-empty there
  if (distinct.size === 1) return { value: candidates[0]?.value };
  return { conflict: candidates.map((c) => c.hookId) };
}

/** One user diagnostic per hook of a conflict, each naming them all (the detail is not bounded: it lists every hook). */
function reportConflict(composed: Composed, conflict: Extract<Failure, { code: "hook_conflict" }>): void {
  for (const id of conflict.hooks) composed.diagnostics.push(failureLine(id, conflict.code, failureDetail(conflict)));
}

export function compose(event: string, outcomes: readonly HookOutcome[]): Composed {
  const composed: Composed = { denyReasons: [], contexts: [], continuation: [], diagnostics: [] };
  const rewrites: Candidate[] = [];
  const replacements: Candidate[] = [];
  const hasContinuation = outcomes.some((o) => o.action.kind === "continue");
  for (const outcome of outcomes) {
    if (outcome.diagnostic !== undefined) composed.diagnostics.push(outcome.diagnostic);
    const action = outcome.action;
    switch (action.kind) {
      case "deny":
        composed.denyReasons.push(action.reason);
        break;
      case "context":
        composed.contexts.push(action.text);
        break;
      case "rewrite":
        rewrites.push({ hookId: outcome.hookId, value: action.input });
        break;
      case "replace":
        replacements.push({ hookId: outcome.hookId, value: action.output });
        break;
      case "continue":
        composed.continuation.push(action.reason);
        break;
      // Stryker disable next-line StringLiteral: none and allow are no-ops in this switch
      case "none":
      // Stryker disable next-line ConditionalExpression,StringLiteral: none and allow are no-ops in this switch
      case "allow":
        break;
    }
    if (outcome.modelNote !== undefined) {
      if (CONTEXT_EVENTS.has(event)) composed.contexts.push(outcome.modelNote);
      // Stop has no context channel: the note rides along with a continuation, if any.
      else if (event === "Stop" && hasContinuation) composed.continuation.push(outcome.modelNote);
    }
  }

  const rewrite = agree(rewrites);
  if (rewrite.conflict) {
    reportConflict(composed, { code: "hook_conflict", kind: "conflict-rewrite", hooks: rewrite.conflict });
    composed.denyReasons.push(conflictReason(rewrite.conflict));
  } else if (rewrite.value !== undefined) {
    composed.rewrite = rewrite.value as Record<string, unknown>;
  }

  const replacement = agree(replacements);
  if (replacement.conflict) {
    reportConflict(composed, { code: "hook_conflict", kind: "conflict-replace", hooks: replacement.conflict });
  } else if (replacements.length > 0) {
    composed.replacement = { output: replacement.value };
  }
  return composed;
}
