// Drift between two versions of a harness, field by field (KIT-RECORDING-DRIFT,
// runner/src/recordings/drift.ts), on
// copies of the real Codex 0.147.0 recordings: a payload field removed, a type changed, an event
// that no longer fires, a new field and a new event are each found; volatile values never count.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRecordingFiles } from "../src/recordings/files.js";
import { renderVersionDrift, versionDrift } from "../src/recordings/drift.js";
import type { Recording } from "../src/types/recording.js";
import { KIT_ROOT } from "./helpers.js";

const ROOT = join(KIT_ROOT, "recordings");

async function recorded(provider: string, version: string): Promise<Recording[]> {
  const files = (await listRecordingFiles(ROOT)).filter((f) => f.startsWith(`${provider}/${version}/`));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(ROOT, f), "utf8")) as Recording));
}

/** The recordings as a later version would have written them: same payloads, new volatile values. */
function asLater(rs: Recording[], version: string): Recording[] {
  return rs.map((r) => {
    const payload = structuredClone(r.payload);
    for (const pointer of r.volatile) if (pointer.split("/").length === 2) payload[pointer.slice(1)] = `changed-${pointer}`;
    return { ...r, version, payload };
  });
}

describe("recordings diff between harness versions", () => {
  it("finds nothing between a version's recordings and the same payloads with new volatile values", async () => {
    const earlier = await recorded("codex", "0.147.0");
    expect(earlier.length).toBeGreaterThan(5);
    const d = versionDrift("codex", "0.147.0", "0.999.0", earlier, asLater(earlier, "0.999.0"));
    expect(d.events).toEqual([]);
    expect(d.compared).toBe(earlier.length);
    expect(renderVersionDrift(d)).toBe(`codex 0.147.0 → 0.999.0: no drift (${earlier.length} recording(s) compared outside volatile fields)\n`);
  });

  it("finds a field removed, a type changed, a field added, an event gone and an event new", async () => {
    const earlier = await recorded("codex", "0.147.0");
    const later = asLater(earlier, "0.999.0");
    const pre = later.find((r) => r.event === "PreToolUse" && r.scenario === "bash-echo")!;
    delete pre.payload.permission_mode; // removed
    (pre.payload.tool_input as Record<string, unknown>).command = ["echo", "hello"]; // string → array
    pre.payload.sandbox = "workspace-write"; // added
    const gone = later.findIndex((r) => r.event === "SessionEnd");
    const [sessionEnd] = later.splice(gone, 1); // no longer fires
    later.push({ ...sessionEnd!, event: "SessionPause" }); // a new event

    const d = versionDrift("codex", "0.147.0", "0.999.0", earlier, later);
    expect(d.events).toEqual([
      {
        id: "PreToolUse/bash-echo",
        kind: "changed",
        fields: [
          { pointer: "/permission_mode", kind: "removed", from: 'string "bypassPermissions"' },
          { pointer: "/sandbox", kind: "added", to: 'string "workspace-write"' },
          { pointer: "/tool_input/command", kind: "type", from: "string", to: "array" },
        ],
      },
      { id: `SessionEnd/${sessionEnd!.scenario}`, kind: "disappeared", fields: [] },
      { id: `SessionPause/${sessionEnd!.scenario}`, kind: "appeared", fields: [] },
    ]);
    const text = renderVersionDrift(d);
    expect(text).toContain("codex 0.147.0 → 0.999.0: 3 event(s) drifted");
    expect(text).toContain(`  - SessionEnd/${sessionEnd!.scenario}: fired in 0.147.0, no longer in 0.999.0`);
    expect(text).toContain("      /tool_input/command changed type: string → array");
  });

  it("says a changed value (an enum the harness now spells differently), cut when long", async () => {
    const earlier = await recorded("codex", "0.147.0");
    const later = asLater(earlier, "0.999.0");
    const pre = later.find((r) => r.event === "PreToolUse" && r.scenario === "bash-echo")!;
    pre.payload.permission_mode = "never";
    pre.payload.model = "x".repeat(1000);
    const [event] = versionDrift("codex", "0.147.0", "0.999.0", earlier, later).events;
    expect(event!.fields).toEqual([
      { pointer: "/model", kind: "value", from: '"gpt-5.5"', to: `"${"x".repeat(159)}… (1002 chars)` },
      { pointer: "/permission_mode", kind: "value", from: '"bypassPermissions"', to: '"never"' },
    ]);
  });
});
