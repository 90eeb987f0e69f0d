// Drift between the recordings of two versions of one harness, field by field: events that
// appeared or no longer fire, payload fields added or removed, and fields whose type or
// observed value changed. Volatile values (volatile.ts) are never compared. Recordings are paired
// by event and name (scenario, and the occurrence after the first), not by version.

import { recordingName } from "./files.js";
import { maskPointers, VOLATILE_MARK } from "./volatile.js";
import type { Provider, Recording } from "../types/recording.js";

export type FieldDriftKind = "added" | "removed" | "type" | "value";

export interface FieldDrift {
  /** JSON Pointer into the payload. */
  pointer: string;
  kind: FieldDriftKind;
  /** The earlier version's type or value (JSON), for removed, type and value. */
  from?: string;
  /** The later version's, for added, type and value. */
  to?: string;
}

export interface EventDrift {
  /** `<Event>/<name>`, the recording's path below its version. */
  id: string;
  kind: "appeared" | "disappeared" | "changed";
  fields: FieldDrift[];
}

export interface VersionDrift {
  provider: Provider;
  from: string;
  to: string;
  /** Recordings compared (pairs found in both versions). */
  compared: number;
  events: EventDrift[];
}

type Leaf = { type: string; value?: string };

function typeOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

/** Every pointer of a payload with its type, and its value when it is a scalar that is not volatile. */
function flatten(value: unknown, pointer = "", out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (value === VOLATILE_MARK) {
    out.set(pointer, { type: "volatile" });
    return out;
  }
  const type = typeOf(value);
  if (type === "object" || type === "array") {
    out.set(pointer, { type });
    for (const [key, child] of Object.entries(value as object)) flatten(child, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, out);
  } else out.set(pointer, { type, value: JSON.stringify(value) });
  return out;
}

/** Values are compared whole and shown cut: a tool output can be long. */
const SHOWN = 160;

function cut(json: string): string {
  return json.length <= SHOWN ? json : `${json.slice(0, SHOWN)}… (${json.length} chars)`;
}

function describe(leaf: Leaf): string {
  return leaf.value === undefined ? leaf.type : `${leaf.type} ${cut(leaf.value)}`;
}

/** The field drift of one event between two versions (volatile pointers of either ignored). */
export function fieldDrift(earlier: Recording, later: Recording): FieldDrift[] {
  const volatile = [...new Set([...earlier.volatile, ...later.volatile])];
  const a = flatten(maskPointers(earlier.payload, volatile));
  const b = flatten(maskPointers(later.payload, volatile));
  const drift: FieldDrift[] = [];
  // below a pointer whose type changed (or that came or went), the children say nothing more
  const settled: string[] = [];
  const under = (pointer: string): boolean => settled.some((p) => pointer.startsWith(`${p}/`));
  for (const pointer of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    if (under(pointer)) continue;
    const x = a.get(pointer);
    const y = b.get(pointer);
    if (x && !y) drift.push({ pointer, kind: "removed", from: describe(x) });
    else if (!x && y) drift.push({ pointer, kind: "added", to: describe(y) });
    else if (x && y && x.type !== y.type && x.type !== "volatile" && y.type !== "volatile") drift.push({ pointer, kind: "type", from: x.type, to: y.type });
    else if (x && y && x.value !== y.value && x.value !== undefined && y.value !== undefined) drift.push({ pointer, kind: "value", from: cut(x.value), to: cut(y.value) });
    else continue;
    settled.push(pointer);
  }
  return drift;
}

/** Drift from the recordings of one version to another's (same provider). */
export function versionDrift(provider: Provider, from: string, to: string, earlier: readonly Recording[], later: readonly Recording[]): VersionDrift {
  const key = (r: Recording): string => `${r.event}/${recordingName(r)}`;
  const before = new Map(earlier.map((r) => [key(r), r]));
  const after = new Map(later.map((r) => [key(r), r]));
  const events: EventDrift[] = [];
  let compared = 0;
  for (const id of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const x = before.get(id);
    const y = after.get(id);
    if (!y) events.push({ id, kind: "disappeared", fields: [] });
    else if (!x) events.push({ id, kind: "appeared", fields: [] });
    else {
      compared++;
      const fields = fieldDrift(x, y);
      if (fields.length > 0) events.push({ id, kind: "changed", fields });
    }
  }
  return { provider, from, to, compared, events };
}

/** Lines for humans: one per event, indented fields. */
export function renderVersionDrift(d: VersionDrift): string {
  const head = `${d.provider} ${d.from} → ${d.to}: ${d.events.length === 0 ? `no drift (${d.compared} recording(s) compared outside volatile fields)` : `${d.events.length} event(s) drifted, ${d.compared} recording(s) compared`}`;
  const lines = [head];
  for (const e of d.events) {
    if (e.kind === "appeared") lines.push(`  + ${e.id}: fires in ${d.to}, not in ${d.from}`);
    else if (e.kind === "disappeared") lines.push(`  - ${e.id}: fired in ${d.from}, no longer in ${d.to}`);
    else {
      lines.push(`  ~ ${e.id}:`);
      for (const f of e.fields) {
        if (f.kind === "added") lines.push(`      ${f.pointer} added (${f.to})`);
        else if (f.kind === "removed") lines.push(`      ${f.pointer} removed (was ${f.from})`);
        else if (f.kind === "type") lines.push(`      ${f.pointer} changed type: ${f.from} → ${f.to}`);
        else lines.push(`      ${f.pointer} changed value: ${f.from} → ${f.to}`);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}
