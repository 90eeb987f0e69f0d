// A dispatch case's hook with every default applied (SPEC 1.6): what the generated PLUGIN.toml
// and handler will hold. Pure; the caller reports a hook whose subject and phase are unknown.

import type { DispatchHook, ResolvedHook } from "../types/case.js";
import { inputTypeOf, type SubjectPhase } from "./event-map.js";

export const DEFAULT_PLUGIN = "demo";
export const DEFAULT_TIMEOUT_MS = 2000;
/**
 * A live hook's default (SPEC 1.7): the harness gives the dispatcher its native timeout, which
 * must also cover starting Node for the dispatcher and the handler. With 2000 ms (3 s native) a
 * Codex prompt gate answered too late on two busy CI cores, and Codex went ahead (fail open).
 */
export const LIVE_DEFAULT_TIMEOUT_MS = 10_000;
const ABSTAIN = { stdout: { kind: "abstain" } };

/** undefined when neither the hook nor the event says which subject and phase it has. */
export function resolveHook(h: DispatchHook, fromEvent: SubjectPhase | undefined, defaultTimeoutMs = DEFAULT_TIMEOUT_MS): ResolvedHook | undefined {
  const subject = h.subject ?? fromEvent?.subject;
  const phase = h.phase ?? fromEvent?.phase;
  if (subject === undefined || phase === undefined) return undefined;
  const requirement = h.requirement ?? "required";
  const bindings = h.bindings ?? [];
  const inputs = h.inputs ?? bindings.map((b) => ({ name: b.input, type: inputTypeOf(b.field) }));
  const resolved: ResolvedHook = {
    id: h.id,
    subject,
    phase,
    effect: h.effect,
    requirement,
    timeout_ms: h.timeout_ms ?? defaultTimeoutMs,
    failure_policy: h.failure_policy ?? "report",
    error_visibility: h.error_visibility ?? "user",
    bindings,
    inputs,
    argv: h.argv ?? inputs.map((i) => `\${input.${i.name}}`),
    env: h.env ?? [],
    handler: h.handler ?? ABSTAIN,
  };
  // An optional hook needs `fallback = "omit"`; `fallback: null` leaves it out on purpose.
  const fallback = h.fallback === undefined ? (requirement === "optional" ? "omit" : undefined) : h.fallback;
  if (fallback === "omit") resolved.fallback = "omit";
  if (h.matcher !== undefined) resolved.matcher = h.matcher;
  return resolved;
}
