// `papc recordings record --check`: re-captures into a temporary folder and compares with the
// committed recordings outside their volatile fields.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import Differ from "json-diff-kit/differ.js";
import type { Provider, Recording } from "../types/recording.js";
import { listRecordingFiles, recordingId, recordingPath } from "./files.js";
import { maskPointers } from "./volatile.js";

export interface Drift {
  id: string;
  kind: "missing" | "extra" | "changed";
  message: string;
  /** For changed: diff lines ("- committed", "+ re-captured"). */
  diff: string[];
}

const differ = new Differ({ detectCircular: false, showModifications: true, arrayDiffMethod: "lcs", preserveKeyOrder: "before" });

/** The compared part of a recording: identity and the payload with volatile values masked. */
export function comparable(r: Recording, volatile: readonly string[]): Record<string, unknown> {
  return { origin: r.origin, provider: r.provider, version: r.version, event: r.event, scenario: r.scenario, occurrence: r.occurrence, payload: maskPointers(r.payload, volatile) };
}

export function compareRecording(committed: Recording, fresh: Recording): Drift | undefined {
  const volatile = [...new Set([...committed.volatile, ...fresh.volatile])];
  const a = comparable(committed, volatile);
  const b = comparable(fresh, volatile);
  const diff = diffLines(a, b);
  const volatileChanged = JSON.stringify([...committed.volatile].sort()) !== JSON.stringify([...fresh.volatile].sort());
  if (volatileChanged) diff.push(`- volatile ${JSON.stringify(committed.volatile)}`, `+ volatile ${JSON.stringify(fresh.volatile)}`);
  if (diff.length === 0) return undefined;
  return { id: recordingId(committed), kind: "changed", message: "differs outside its volatile fields", diff };
}

export function diffLines(a: unknown, b: unknown): string[] {
  const [left, right] = differ.diff(a, b);
  const lines: string[] = [];
  for (let i = 0; i < left.length; i++) {
    const l = left[i];
    const r = right[i];
    if (!l || !r || (l.type === "equal" && r.type === "equal")) continue;
    if (l.text !== "") lines.push(`- ${"  ".repeat(Math.max(0, l.level))}${l.text}`);
    if (r.text !== "") lines.push(`+ ${"  ".repeat(Math.max(0, r.level))}${r.text}`);
  }
  return lines;
}

/** The committed recordings (origin recorded) of these providers and scenarios (all when undefined), by id. */
export async function committedRecordings(root: string, providers: readonly Provider[], scenarios: readonly string[] | undefined): Promise<Map<string, Recording>> {
  const out = new Map<string, Recording>();
  for (const rel of await listRecordingFiles(root)) {
    let r: Recording;
    try {
      r = JSON.parse(await readFile(join(root, rel), "utf8")) as Recording;
    } catch {
      continue; // verify reports unreadable files
    }
    if (r.origin !== "recorded" || !providers.includes(r.provider) || (scenarios !== undefined && !scenarios.includes(r.scenario))) continue;
    out.set(recordingId(r), r);
  }
  return out;
}

export function compareSets(committed: Map<string, Recording>, fresh: readonly Recording[]): Drift[] {
  const drift: Drift[] = [];
  const freshIds = new Set<string>();
  for (const r of fresh) {
    const id = recordingId(r);
    freshIds.add(id);
    const old = committed.get(id);
    if (!old) {
      drift.push({ id, kind: "extra", message: `re-capture produced ${recordingPath(r)}, which is not committed`, diff: [] });
      continue;
    }
    const d = compareRecording(old, r);
    if (d) drift.push(d);
  }
  for (const id of committed.keys()) {
    if (!freshIds.has(id)) drift.push({ id, kind: "missing", message: "committed, but the re-capture did not produce it (the event no longer fired)", diff: [] });
  }
  return drift.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
