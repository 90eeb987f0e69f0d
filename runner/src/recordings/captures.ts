// Turns the capture file of one run into recordings: keep the scenario's captured events,
// number each event's occurrences, attach provenance, volatile pointers and the hash.

import { canonicalJson, sha256 } from "../common/canonical.js";
import type { HarnessPin, Recording } from "../types/recording.js";
import type { Agent, LoadedScenario } from "../types/scenario.js";
import type { CapturedLine } from "./capture-hook.js";
import { volatilePointers } from "./volatile.js";

export interface CaptureProvenance {
  pin: HarnessPin;
  scenario: LoadedScenario;
  capturedAt: string;
  command: string[];
}

export class CaptureError extends Error {}

export function parseCaptureFile(text: string): { event: string; payload: Record<string, unknown> }[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((line) => {
      const c = JSON.parse(line) as CapturedLine;
      let payload: unknown;
      try {
        payload = JSON.parse(c.stdin);
      } catch {
        throw new CaptureError(`the ${c.event} hook read something that is not JSON: ${JSON.stringify(c.stdin.slice(0, 200))}`);
      }
      if (payload === null || typeof payload !== "object" || Array.isArray(payload)) throw new CaptureError(`the ${c.event} hook read a JSON value that is not an object`);
      return { event: c.event, payload: payload as Record<string, unknown> };
    });
}

export function actorOf(payload: Record<string, unknown>): Agent {
  return typeof payload.agent_id === "string" ? "subagent" : "root";
}

/**
 * Recordings in a stable order: the root agent's captures as they fired, then each subagent's
 * (by first appearance). Within one agent the harness is sequential; across agents it is not,
 * so counting occurrences in this order keeps `-<n>` names the same from run to run.
 */
export function recordingsFromCaptures(text: string, p: CaptureProvenance): Recording[] {
  const captured = parseCaptureFile(text).filter(({ event, payload }) => p.scenario.capture.some((c) => c.event === event && (!c.actor || c.actor === actorOf(payload))));
  const agents: string[] = [];
  for (const { payload } of captured) if (typeof payload.agent_id === "string" && !agents.includes(payload.agent_id)) agents.push(payload.agent_id);
  const rank = (payload: Record<string, unknown>): number => (typeof payload.agent_id === "string" ? 1 + agents.indexOf(payload.agent_id) : 0);
  const ordered = captured.map((c, i) => ({ ...c, i })).sort((a, b) => rank(a.payload) - rank(b.payload) || a.i - b.i);

  for (const c of p.scenario.capture) {
    if (!c.optional && !ordered.some((o) => o.event === c.event)) {
      throw new CaptureError(`${c.event}${c.actor ? ` (${c.actor})` : ""} never fired`);
    }
  }
  const seen = new Map<string, number>();
  return ordered.map(({ event, payload }) => {
    if (payload.hook_event_name !== event) throw new CaptureError(`the ${event} hook read hook_event_name ${JSON.stringify(payload.hook_event_name)}`);
    const occurrence = (seen.get(event) ?? 0) + 1;
    seen.set(event, occurrence);
    return {
      recording: 1,
      origin: "recorded",
      provider: p.pin.provider,
      version: p.pin.version,
      event,
      scenario: p.scenario.name,
      occurrence,
      captured_at: p.capturedAt,
      command: p.command,
      volatile: volatilePointers(p.pin.provider, payload),
      sha256: sha256(canonicalJson(payload)),
      payload,
    };
  });
}
