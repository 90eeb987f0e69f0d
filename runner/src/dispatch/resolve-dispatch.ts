// Resolves a dispatch case's `given` on load: the recorded event (read, then edited), the
// provider, and every hook with its defaults. Whatever cannot be resolved is a finding with the
// place in the case it concerns, so `papc lint` names it and a run reports a suite bug.

import type { LintCode } from "../common/problems.js";
import type { CaseSpec, ResolvedDispatch, ResolvedHook } from "../types/case.js";
import type { YamlPath } from "../common/yaml-locate.js";
import { subjectPhaseOf } from "./event-map.js";
import { DEFAULT_PLUGIN, resolveHook } from "./hook-defaults.js";
import { deleteAt, PointerError, setAt } from "./json-pointer.js";
import type { RecordingStore } from "./recording-store.js";

export const PROVIDERS = ["claude-code", "codex"];

export interface DispatchFinding {
  code: LintCode;
  /** Where in the case: a YAML path, and whether the finding is about the key itself. */
  path: YamlPath;
  key?: boolean;
  message: string;
}

export function resolveDispatch(c: CaseSpec, store: RecordingStore): { dispatch?: ResolvedDispatch; findings: DispatchFinding[] } {
  const findings: DispatchFinding[] = [];
  const given = c.given ?? {};
  const source = given.event;
  if (source === undefined) return { findings }; // the schema already requires it
  const recording = typeof source === "string" ? source : source.recording;
  const [idProvider = "", , eventName = ""] = recording.split("/");

  const provider = given.provider ?? idProvider;
  if (!PROVIDERS.includes(provider)) {
    findings.push({ code: "unknown-provider", path: ["given", "event"], message: `the provider "${provider}" of recording ${recording} is not one of ${PROVIDERS.join(", ")}` });
  }

  let event: unknown;
  const read = store.read(recording);
  if (!read.ok) {
    findings.push({ code: "unknown-recording", path: ["given", "event"], message: `given.event names no recording: ${read.reason}` });
  } else {
    event = typeof source === "string" ? read.payload : editEvent(read.payload, source, findings);
  }

  const hooks = resolveHooks(c, eventName, findings);
  checkHandlerExpectations(c, findings);
  if (findings.length > 0 || event === undefined) return { findings };
  return { dispatch: { provider, recording, eventName, event, plugin: given.plugin ?? DEFAULT_PLUGIN, hooks }, findings };
}

function editEvent(payload: Record<string, unknown>, source: Exclude<NonNullable<CaseSpec["given"]>["event"], string | undefined>, findings: DispatchFinding[]): unknown {
  const event = structuredClone(payload);
  for (const [pointer, value] of Object.entries(source.set ?? {})) {
    try {
      setAt(event, pointer, structuredClone(value));
    } catch (err) {
      if (!(err instanceof PointerError)) throw err;
      findings.push({ code: "event-edit", path: ["given", "event", "set", pointer], key: true, message: `cannot set ${err.message}` });
    }
  }
  for (const [i, pointer] of (source.delete ?? []).entries()) {
    try {
      deleteAt(event, pointer);
    } catch (err) {
      if (!(err instanceof PointerError)) throw err;
      findings.push({ code: "event-edit", path: ["given", "event", "delete", i], message: `cannot delete ${err.message}` });
    }
  }
  return event;
}

function resolveHooks(c: CaseSpec, eventName: string, findings: DispatchFinding[]): ResolvedHook[] {
  const mapped = subjectPhaseOf(eventName);
  const seen = new Set<string>();
  const hooks: ResolvedHook[] = [];
  for (const [i, h] of (c.given?.hooks ?? []).entries()) {
    if (seen.has(h.id)) {
      findings.push({ code: "duplicate-hook-id", path: ["given", "hooks", i, "id"], message: `hook id "${h.id}" is used twice in this case` });
    }
    seen.add(h.id);
    const resolved = resolveHook(h, mapped);
    if (resolved) hooks.push(resolved);
    else findings.push({ code: "hook-subject-needed", path: ["given", "hooks", i], message: `hook "${h.id}" has no subject/phase and event ${eventName} maps to none` });
  }
  return hooks;
}

function checkHandlerExpectations(c: CaseSpec, findings: DispatchFinding[]): void {
  const hooks = new Map((c.given?.hooks ?? []).map((h) => [h.id, h]));
  for (const [id, e] of Object.entries(c.expect.handlers ?? {})) {
    const hook = hooks.get(id);
    if (!hook) {
      findings.push({ code: "unknown-hook", path: ["expect", "handlers", id], key: true, message: `expect.handlers names "${id}", which is not a hook of given.hooks` });
    } else if (e.sleeper_gone && !hook.handler?.spawn_sleeper) {
      findings.push({
        code: "unknown-hook",
        path: ["expect", "handlers", id, "sleeper_gone"],
        key: true,
        message: `hook "${id}" starts no sleeper (handler.spawn_sleeper), so sleeper_gone checks nothing`,
      });
    }
  }
}
