// How `record --check` compares re-captured recordings with committed ones (offline part):
// volatile values never count, anything else does, and missing/extra recordings are drift.

import { describe, expect, it } from "vitest";
import { compareRecording, compareSets } from "../src/recordings/check.js";
import type { Recording } from "../src/types/recording.js";

const rec = (payload: Record<string, unknown>, over: Partial<Recording> = {}): Recording => ({
  recording: 1,
  origin: "recorded",
  provider: "codex",
  version: "0.147.0",
  event: "Stop",
  scenario: "demo",
  occurrence: 1,
  captured_at: "2026-12-03T07:00:00.000Z",
  command: ["codex"],
  volatile: ["/session_id"],
  sha256: "0".repeat(64),
  payload: { hook_event_name: "Stop", ...payload },
  ...over,
});

describe("re-capture comparison", () => {
  it("ignores volatile values, capture time and command", () => {
    expect(compareRecording(rec({ session_id: "a", x: 1 }), rec({ session_id: "b", x: 1 }, { captured_at: "2027-01-01T00:00:00.000Z", command: ["other"] }))).toBeUndefined();
  });

  it("reports a changed, added or removed non-volatile field with diff lines", () => {
    const d = compareRecording(rec({ session_id: "a", last_assistant_message: "Hi" }), rec({ session_id: "b", last_assistant_message: "Bye", extra: true }));
    expect(d?.kind).toBe("changed");
    expect(d?.diff.join("\n")).toMatch(/- .*"last_assistant_message": "Hi"/);
    expect(d?.diff.join("\n")).toMatch(/\+ .*"last_assistant_message": "Bye"/);
    expect(d?.diff.join("\n")).toMatch(/\+ .*"extra": true/);
  });

  it("reports a volatile field that appeared or disappeared", () => {
    const d = compareRecording(rec({ session_id: "a" }), rec({ session_id: "a", turn_id: "t" }, { volatile: ["/session_id", "/turn_id"] }));
    expect(d?.diff).toContain('+ volatile ["/session_id","/turn_id"]');
  });

  it("reports committed recordings the re-capture did not produce and new ones it did", () => {
    const committed = new Map([["codex/0.147.0/Stop/demo", rec({})]]);
    const drift = compareSets(committed, [rec({}, { occurrence: 2 })]);
    expect(drift.map((d) => [d.id, d.kind])).toEqual([
      ["codex/0.147.0/Stop/demo", "missing"],
      ["codex/0.147.0/Stop/demo-2", "extra"],
    ]);
  });
});
