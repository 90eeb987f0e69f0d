// Resolves a live case's `given` on load (SPEC 1.7): the provider, the package's hooks with
// their defaults (a live hook names its subject and phase: there is no event to take them
// from), and the scenario's turns for that provider. Whatever cannot be resolved is a finding
// with its place in the case, so `papc lint` names it and a run reports a suite bug.

import type { DispatchFinding } from "../dispatch/resolve-dispatch.js";
import { DEFAULT_PLUGIN, LIVE_DEFAULT_TIMEOUT_MS, resolveHook } from "../dispatch/hook-defaults.js";
import { fixturePathProblems } from "../fixtures/fixture-paths.js";
import { TOOLS_OF } from "../recordings/scenarios.js";
import type { CaseSpec, ResolvedHook, ResolvedLive } from "../types/case.js";
import { nativeEvents } from "./cells.js";

export function resolveLive(c: CaseSpec): { live?: ResolvedLive; findings: DispatchFinding[] } {
  const findings: DispatchFinding[] = [];
  const given = c.given ?? {};
  const provider = given.provider;
  const scenario = given.scenario;
  if (provider === undefined || scenario === undefined) return { findings }; // the schema requires both

  const hooks = resolveEventlessHooks(c, "live", LIVE_DEFAULT_TIMEOUT_MS, findings);
  // every hook the case names, resolved or not (one without subject is reported once, above)
  const seen = new Set((given.hooks ?? []).map((h) => h.id));

  const turns = scenario.turns.filter((t) => !t.providers || t.providers.includes(provider));
  scenario.turns.forEach((turn, i) => {
    if ("tool" in turn && (!turn.providers || turn.providers.includes(provider)) && !TOOLS_OF[provider].includes(turn.tool)) {
      findings.push({ code: "scenario-tool", path: ["given", "scenario", "turns", i, "tool"], message: `${provider} offers the model no "${turn.tool}" tool` });
    }
  });

  if (scenario.codex_sandbox !== undefined && provider !== "codex") {
    findings.push({ code: "scenario-tool", path: ["given", "scenario", "codex_sandbox"], key: true, message: `codex_sandbox sets Codex's sandbox_mode; ${provider} has none` });
  }
  const expect = c.expect;
  for (const [id, e] of Object.entries(expect.handlers ?? {})) {
    if (!seen.has(id))
      findings.push({ code: "unknown-hook", path: ["expect", "handlers", id], key: true, message: `expect.handlers names "${id}", which is not a hook of given.hooks` });
    e.argv?.forEach((a, j) => {
      if (typeof a !== "string")
        findings.push({
          code: "live-event-value",
          path: ["expect", "handlers", id, "argv", j],
          message: "{$event} has no meaning in a live case: the harness's events are not known in advance",
        });
    });
    if (e.sleeper_gone)
      findings.push({
        code: "unknown-hook",
        path: ["expect", "handlers", id, "sleeper_gone"],
        key: true,
        message: "sleeper_gone is a dispatch expectation; a live case ends every handler with its harness run",
      });
  }
  for (const list of ["refused", "omitted"] as const) {
    (expect.projection?.[list] ?? []).forEach((id, j) => {
      if (!seen.has(id))
        findings.push({ code: "unknown-hook", path: ["expect", "projection", list, j], message: `expect.projection.${list} names "${id}", which is not a hook of given.hooks` });
    });
  }
  const work = Object.fromEntries([...(expect.workdir?.present ?? []), ...(expect.workdir?.absent ?? [])].map((p) => [p, ""]));
  for (const p of fixturePathProblems(work)) {
    findings.push({ code: "fixture-path-escapes", path: ["expect", "workdir"], message: `work directory path "${p.path}" ${p.reason}` });
  }

  if (findings.length > 0) return { findings };
  return {
    live: {
      provider,
      plugin: given.plugin ?? DEFAULT_PLUGIN,
      hooks,
      scenario: { prompt: scenario.prompt, turns, ...(scenario.codex_sandbox ? { codex_sandbox: scenario.codex_sandbox } : {}) },
    },
    findings,
  };
}

/**
 * The hooks of a case without an event (live, project) with their defaults: each names its
 * subject and phase; a repeated id or a hook without them is a finding.
 */
export function resolveEventlessHooks(c: CaseSpec, operation: string, defaultTimeoutMs: number, findings: DispatchFinding[]): ResolvedHook[] {
  const seen = new Set<string>();
  const hooks: ResolvedHook[] = [];
  for (const [i, h] of (c.given?.hooks ?? []).entries()) {
    if (seen.has(h.id)) findings.push({ code: "duplicate-hook-id", path: ["given", "hooks", i, "id"], message: `hook id "${h.id}" is used twice in this case` });
    seen.add(h.id);
    const resolved = resolveHook(h, undefined, defaultTimeoutMs);
    if (resolved) hooks.push(resolved);
    else
      findings.push({
        code: "hook-subject-needed",
        path: ["given", "hooks", i],
        message: `${operation} hook "${h.id}" needs \`subject\` and \`phase\` (a ${operation} case has no event to take them from)`,
      });
  }
  return hooks;
}

/**
 * A case's `proves` (KIT-LIVE-PROVES): only in a live case or one with live steps, and each cell
 * on an event some hook of the case maps to for its provider.
 */
export function proofFindings(c: CaseSpec, live: ResolvedLive | undefined): DispatchFinding[] {
  const proves = c.proves ?? [];
  if (proves.length === 0) return [];
  if (!live)
    return [{ code: "live-proves", path: ["proves"], key: true, message: "`proves` lists cells of the compatibility matrix: only a live case, or one with live steps, has them" }];
  const events = new Set(live.hooks.flatMap((h) => nativeEvents(live.provider, h.subject, h.phase)));
  return proves.flatMap((p, i) =>
    events.has(p.event)
      ? []
      : [{ code: "live-proves", path: ["proves", i, "event"], message: `no hook of this case runs on ${live.provider}'s ${p.event}, so the case cannot prove a cell there` }],
  );
}
