// Resolves a project case's `given` on load (SPEC 1.12): the provider, the package's hooks with
// their defaults (each names its subject and phase, as a live hook does), and for every native
// event those hooks map to on the provider, the recorded payload papc runs that event's projected
// command with (the pinned version's `bash-echo` recording, else its first). What cannot be
// resolved is a finding at its place in the case.

import type { DispatchFinding } from "../dispatch/resolve-dispatch.js";
import { DEFAULT_PLUGIN, DEFAULT_TIMEOUT_MS } from "../dispatch/hook-defaults.js";
import type { RecordingStore } from "../dispatch/recording-store.js";
import { nativeEvents } from "../live/cells.js";
import { resolveEventlessHooks } from "../live/resolve-live.js";
import type { CaseSpec, ResolvedProject } from "../types/case.js";

/** The recording an event's command is run with, when the pinned version has it. */
const PREFERRED_RECORDING = "bash-echo";

export function resolveProject(c: CaseSpec, store: RecordingStore): { project?: ResolvedProject; findings: DispatchFinding[] } {
  const findings: DispatchFinding[] = [];
  const provider = c.given?.provider;
  if (provider === undefined) return { findings }; // the schema requires it
  const hooks = resolveEventlessHooks(c, "project", DEFAULT_TIMEOUT_MS, findings);
  // every hook the case names, resolved or not (one without subject is reported once, above)
  const ids = new Set((c.given?.hooks ?? []).map((h) => h.id));

  const events = c.expect.events ?? {};
  for (const [event, e] of Object.entries(events)) {
    (e.dispatches ?? []).forEach((id, j) => {
      if (!ids.has(id)) findings.push({ code: "unknown-hook", path: ["expect", "events", event, "dispatches", j], message: `"${id}" is not a hook of given.hooks` });
    });
  }
  for (const list of ["refused", "omitted"] as const) {
    (c.expect[list] ?? []).forEach((id, j) => {
      if (!ids.has(id)) findings.push({ code: "unknown-hook", path: ["expect", list, j], message: `expect.${list} names "${id}", which is not a hook of given.hooks` });
    });
  }
  if (c.expect.unconfigured && c.expect.events !== undefined) {
    findings.push({
      code: "project-expect",
      path: ["expect", "unconfigured"],
      key: true,
      message: "expect.unconfigured says there is no configuration: it cannot also list events",
    });
  }

  const version = store.pinnedVersion(provider);
  const payloads: ResolvedProject["payloads"] = {};
  const wanted = new Set(hooks.flatMap((h) => nativeEvents(provider, h.subject, h.phase)));
  for (const event of [...wanted].sort()) {
    if (version === undefined) {
      findings.push({
        code: "unknown-recording",
        path: ["given", "provider"],
        message: `recordings/pins.yaml pins no ${provider} version, so papc has no payload to run its projected commands with`,
      });
      break;
    }
    const available = store.idsIn(`${provider}/${version}/${event}`);
    const id = available.find((a) => a.endsWith(`/${PREFERRED_RECORDING}`)) ?? available[0];
    const read = id === undefined ? undefined : store.read(id);
    if (read?.ok) payloads[event] = { recording: id!, payload: read.payload };
    else
      findings.push({
        code: "unknown-recording",
        path: ["given", "hooks"],
        message: `no readable recording of ${provider} ${version} ${event} to run the projected command with${read && !read.ok ? `: ${read.reason}` : ""}`,
      });
  }

  if (findings.length > 0) return { findings };
  return { project: { provider, plugin: c.given?.plugin ?? DEFAULT_PLUGIN, hooks, payloads }, findings };
}
