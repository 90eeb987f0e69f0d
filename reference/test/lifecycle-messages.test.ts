// The lifecycle's wording (reference/src/lifecycle/messages/): every kind belongs to one area and
// is worded, and a note or reason of a kind without wording stops the operation instead of
// reaching a result.

import { describe, expect, it } from "vitest";
import { AREAS, LifecycleFailure, type LifecycleFault, type LifecycleNote, lifecycleMessage, type MemberReason, reasonText } from "../src/lifecycle/messages/index.js";

/** One note of every kind a result's message words. */
const NOTES: LifecycleNote[] = [
  { kind: "lifecycle-args-not-object" },
  { kind: "lifecycle-args-provider-type" },
  { kind: "lifecycle-args-provider-unknown", provider: "vim" },
  { kind: "lifecycle-args-plugin" },
  { kind: "lifecycle-args-state-dir" },
  { kind: "lifecycle-args-environment" },
  { kind: "lifecycle-args-tools" },
  { kind: "lifecycle-args-hooks" },
  { kind: "lifecycle-args-enable" },
  { kind: "lifecycle-args-dry-run" },
  { kind: "lifecycle-args-instructions-shape" },
  { kind: "lifecycle-args-instructions-file" },
  { kind: "lifecycle-args-instructions-scope", scope: undefined },
  { kind: "lifecycle-source-unloadable", diagnostic: undefined },
  { kind: "lifecycle-package-invalid", plugin: "demo", code: "invalid_plugin_package", diagnostic: "bad" },
  { kind: "lifecycle-package-absent", plugin: "demo" },
  { kind: "lifecycle-package-changed", plugin: "demo" },
  { kind: "lifecycle-tool-unknown", plugin: "demo", id: "x" },
  { kind: "lifecycle-hook-unknown", plugin: "demo", id: "x" },
  { kind: "lifecycle-target-relative", variable: "CODEX_HOME" },
  { kind: "lifecycle-target-unlocated", provider: "codex", variable: "CODEX_HOME" },
  { kind: "lifecycle-enable-unknown", plugin: "demo", refs: ["instruction:a", "skill:b"] },
  { kind: "lifecycle-activation-blocked", plugin: "demo", provider: "codex", blocked: ["hook:gate"], dependencies: [{ ref: "plugin:base", status: "missing" }] },
  { kind: "lifecycle-instructions-untouched", file: "/p/AGENTS.md", refs: ["instruction:rules"] },
  { kind: "lifecycle-tool-entry-unreadable", id: "gate", error: "ENOENT" },
  { kind: "lifecycle-blocks-kept", count: 2 },
];

/** One reason of every kind a member state, a review entry or a refusal words. */
const REASONS: MemberReason[] = [
  { kind: "lifecycle-grant-missing" },
  { kind: "lifecycle-grant-tool-absent", tool: "gate" },
  { kind: "lifecycle-grant-tool-contract-changed" },
  { kind: "lifecycle-grant-tool-unreadable" },
  { kind: "lifecycle-grant-tool-bytes-changed" },
  { kind: "lifecycle-grant-hook-changed" },
  { kind: "lifecycle-grant-tool-unapproved", tool: "gate" },
  { kind: "lifecycle-member-unresolved", status: "missing" },
  { kind: "lifecycle-member-not-enabled" },
  { kind: "lifecycle-hook-unsupported", provider: "codex", why: "no mapping" },
];

const FAULTS: LifecycleFault[] = [
  { kind: "lifecycle-state-not-json", file: "/s/trust.json" },
  { kind: "lifecycle-trust-store-shape", stateDir: "/s" },
  { kind: "lifecycle-block-record-shape", stateDir: "/s" },
  { kind: "lifecycle-member-not-reference", ref: "x" },
];

describe("lifecycle messages", () => {
  it("give every kind to exactly one area, named with the lifecycle prefix", () => {
    const all = Object.values(AREAS).flatMap((table) => Object.keys(table));
    expect(new Set(all).size).toBe(all.length);
    for (const kind of all) expect(kind).toMatch(/^lifecycle(-[a-z0-9]+)+$/);
    expect(new Set([...NOTES, ...REASONS, ...FAULTS].map((sample) => sample.kind))).toEqual(new Set(all));
  });

  it("word a sample of every kind", () => {
    for (const note of NOTES) expect(lifecycleMessage("activate", note)).toMatch(/^activate: \S/);
    for (const reason of REASONS) expect(reasonText(reason)).not.toBe("");
    for (const fault of FAULTS) expect(new LifecycleFailure(fault).message).not.toBe("");
    expect(lifecycleMessage("approve", { kind: "lifecycle-tool-unknown", plugin: "demo", id: "x" })).toBe('approve: package "demo" has no tool "x"');
    // the reason SPEC 1.11 shows in its review example
    expect(reasonText({ kind: "lifecycle-grant-tool-bytes-changed" })).toBe("tool bytes changed since approval");
  });

  it("refuse a kind they do not word", () => {
    expect(() => lifecycleMessage("review", { kind: "" } as unknown as LifecycleNote)).toThrow(/no wording/);
    expect(() => reasonText({ kind: "lifecycle-args-plugin" } as unknown as MemberReason)).toThrow(/no wording/);
  });
});
