// What one live case exercised, as cells of the compatibility matrix (`papc compat`): per hook
// and per native event its handler ran on, either the effect its result asked for or the
// failure policy its failure met; the hooks the projection refused or omitted, on the events
// their subject and phase map to for that provider; and, in a live step under a trust store,
// the required hooks whose handler was not started. Read from the handlers' captures, so an
// effect or failure cell names only events the real harness fired. Exercised is not proved:
// the matrix lists a cell only where the case's `proves` claims it too (matrix.ts).

import type { HandlerRun } from "../dispatch/handler-runs.js";
import type { HandlerBehaviour, HandlerVariant, ResolvedHook, ResolvedLive } from "../types/case.js";
import type { LiveResult } from "../../shared/protocol.js";
import type { LiveCell, LiveCells } from "../types/run-report.js";
import { projectionRow, sameCell } from "../types/cell-names.js";
import { projectionInstalls } from "./run-live.js";

/** Native events per provider and subject/phase (SPEC 5.1). */
export function nativeEvents(provider: string, subject: string, phase: string): string[] {
  const key = `${subject}/${phase}`;
  switch (key) {
    case "session/end":
      return ["SessionEnd"];
    case "user_prompt/before":
      return ["UserPromptSubmit"];
    case "tool_call/before":
      return ["PreToolUse"];
    case "tool_call/after":
      return provider === "claude-code" ? ["PostToolUse", "PostToolUseFailure"] : ["PostToolUse"];
    case "workflow/completion_attempt":
      return ["Stop"];
    default:
      return [];
  }
}

/** `trustChecked`: the projection dispatched under a trust store (a live step with `state_dir`). */
export function liveCells(live: ResolvedLive, result: LiveResult | undefined, runs: Map<string, HandlerRun[]>, trustChecked = false): LiveCells {
  const cells: LiveCell[] = [];
  const add = (cell: LiveCell): void => {
    if (!cells.some((c) => sameCell(c, cell))) cells.push(cell);
  };
  const hooks = new Map(live.hooks.map((h) => [h.id, h]));
  for (const kind of ["refused", "omitted"] as const) {
    for (const entry of result?.[kind] ?? []) {
      const hook = hooks.get(entry.hook);
      if (hook) for (const event of nativeEvents(live.provider, hook.subject, hook.phase)) add({ kind, row: projectionRow(hook), event });
    }
  }
  if (trustChecked && result !== undefined && projectionInstalls(result)) {
    for (const hook of live.hooks) {
      if (hook.requirement !== "required" || (runs.get(hook.id) ?? []).length > 0) continue;
      for (const event of nativeEvents(live.provider, hook.subject, hook.phase)) add({ kind: "untrusted", row: hook.failure_policy, event });
    }
  }
  for (const hook of live.hooks) {
    for (const run of runs.get(hook.id) ?? []) {
      const event = eventOf(run);
      if (event === undefined) continue;
      const outcome = outcomeOf(hook, behaviourFor(hook.handler, run.argv));
      if (outcome === "abstain") continue;
      if (outcome === "failure") add({ kind: "failure", row: `${hook.failure_policy}/${hook.error_visibility}`, event });
      else add({ kind: "effect", row: hook.effect === "allow_deny" ? `allow_deny (${outcome})` : hook.effect, event });
    }
  }
  return { provider: live.provider, cells };
}

function eventOf(run: HandlerRun): string | undefined {
  if (typeof run.stdin !== "string") return undefined;
  try {
    const name = (JSON.parse(run.stdin) as { hook_event_name?: unknown }).hook_event_name;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The behaviour the generated handler chose for these arguments (handler-script.ts). */
function behaviourFor(handler: HandlerBehaviour, argv: unknown): HandlerBehaviour | HandlerVariant {
  const args = Array.isArray(argv) ? argv : [];
  return handler.when?.find((v) => v.argv.length === args.length && v.argv.every((a, i) => a === args[i])) ?? handler;
}

/** What the handler's run amounts to: a failure, an abstention, or the kind of result it printed. */
function outcomeOf(hook: ResolvedHook, b: HandlerBehaviour | HandlerVariant): string {
  if ((b.exit ?? 0) !== 0 || (b.delay_ms ?? 0) >= hook.timeout_ms) return "failure";
  const out = b.stdout;
  if (typeof out !== "object" || out === null || Array.isArray(out)) return "failure";
  const kind = (out as { kind?: unknown }).kind;
  return typeof kind === "string" ? kind : "failure";
}
