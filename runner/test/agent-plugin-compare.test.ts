// The load-agent-plugin comparison (KIT-OP-AP-RESULT) and what happens when a result leaves out
// a field a case checks (KIT-AP-UNOBSERVED): a skip when the rest agrees, a fail when it does not.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareAgentPlugin } from "../src/operations/load-agent-plugin/compare.js";
import { check } from "../src/schemas/registry.js";
import type { AgentPluginLoadResult } from "../shared/protocol.js";
import { KIT_ROOT, outcomes, persistentAdapter, runProbe } from "./helpers.js";

const loaded: AgentPluginLoadResult = {
  loaded: true,
  identity: { name: "demo", version: "1.0.0", description: null },
  plugin_root: "/r",
  plugin_data: "/d",
  skills: [{ name: "hello", path: "skills/hello/SKILL.md" }, { name: "bye" }],
  mcp_servers: [{ name: "marker", type: "stdio", command: "/r/bin/marker", args: ["/r/cfg", "${HOME}"], env: { D: "/d/x" }, cwd: "/r" }],
  hooks: [{ event: "PreToolUse" }, { event: "PreToolUse" }],
  apps: [],
  interface: { displayName: "Demo", category: "Coding" },
  diagnostics: [{ code: "agent_plugin_unknown_key", severity: "warning", path: "plugin.json", pointer: "/x", message: "m" }],
};

describe("compareAgentPlugin", () => {
  it("compares only what is stated, names as sets", () => {
    expect(compareAgentPlugin({ loaded: true, skills: ["bye", "hello"], mcp_servers: ["marker"], hooks: ["PreToolUse", "PreToolUse"], apps: [] }, loaded)).toEqual({
      diff: [],
      unobserved: [],
    });
    expect(compareAgentPlugin({ skills: ["hello"] }, loaded).diff).not.toEqual([]);
    expect(compareAgentPlugin({ hooks: ["PreToolUse"] }, loaded).diff).not.toEqual([]);
    expect(compareAgentPlugin({ loaded: false }, loaded).diff).not.toEqual([]);
  });

  it("matches identity and interface by named keys; interface {} means none", () => {
    expect(compareAgentPlugin({ identity: { name: "demo", description: null } }, loaded).diff).toEqual([]);
    expect(compareAgentPlugin({ identity: { version: "2.0.0" } }, loaded).diff).not.toEqual([]);
    expect(compareAgentPlugin({ identity: null }, loaded).diff).not.toEqual([]);
    expect(compareAgentPlugin({ identity: null }, { ...loaded, identity: null }).diff).toEqual([]);
    expect(compareAgentPlugin({ interface: { displayName: "Demo" } }, loaded).diff).toEqual([]);
    expect(compareAgentPlugin({ interface: {} }, loaded).diff).not.toEqual([]);
    expect(compareAgentPlugin({ interface: {} }, { ...loaded, interface: {} }).diff).toEqual([]);
  });

  it("expands {plugin_root} and {plugin_data} in server patterns from the result", () => {
    const ok = { name: "marker", command: "{plugin_root}/bin/marker", args: ["{plugin_root}/cfg", "${HOME}"], env: { D: "{plugin_data}/x" }, cwd: "{plugin_root}" };
    expect(compareAgentPlugin({ mcp_servers: [ok] }, loaded)).toEqual({ diff: [], unobserved: [] });
    expect(compareAgentPlugin({ mcp_servers: [{ name: "marker", args: ["${PLUGIN_ROOT}/cfg", "${HOME}"] }] }, loaded).diff).not.toEqual([]);
    const { plugin_data: _gone, ...noData } = loaded;
    expect(compareAgentPlugin({ mcp_servers: [ok] }, noData).unobserved).toEqual(["plugin_data"]);
  });

  it("matches diagnostics by code, path and severity", () => {
    expect(compareAgentPlugin({ diagnostics: { includes: [{ code: "agent_plugin_unknown_key", path: "plugin.json", severity: "warning" }] } }, loaded).diff).toEqual([]);
    expect(compareAgentPlugin({ diagnostics: { includes: [{ code: "agent_plugin_unknown_key", severity: "error" }] } }, loaded).diff).not.toEqual([]);
    expect(compareAgentPlugin({ diagnostics: { count: 0 } }, loaded).diff).not.toEqual([]);
  });

  it("lists the fields a result left out instead of comparing them", () => {
    const { hooks: _h, apps: _a, interface: _i, diagnostics: _d, ...bare } = loaded;
    const r = compareAgentPlugin({ loaded: true, hooks: [], apps: [], interface: {}, diagnostics: { count: 0 } }, bare);
    expect(r).toEqual({ diff: [], unobserved: ["hooks", "apps", "interface", "diagnostics"] });
  });

  it("quotes the reason a result gives for a field it leaves out", () => {
    const { diagnostics: _d, hooks: _h, ...bare } = loaded;
    const r = compareAgentPlugin({ diagnostics: { count: 0 }, hooks: [] }, { ...bare, unobserved: { diagnostics: "free text only" } });
    expect(r).toEqual({ diff: [], unobserved: ["hooks", "diagnostics (free text only)"] });
    expect(check("protocol/load-agent-plugin-result.schema.json", { ...bare, unobserved: { diagnostics: "free text only" } }).ok).toBe(true);
    expect(check("protocol/load-agent-plugin-result.schema.json", { ...bare, unobserved: { skills: "not a field one may leave out" } }).ok).toBe(false);
    expect(check("protocol/load-agent-plugin-result.schema.json", { ...bare, unobserved: { diagnostics: "" } }).ok).toBe(false);
  });

  it("result schema: identity may be null, paths must be absolute", () => {
    expect(check("protocol/load-agent-plugin-result.schema.json", { ...loaded, identity: null }).ok).toBe(true);
    expect(check("protocol/load-agent-plugin-result.schema.json", { ...loaded, plugin_root: "relative" }).ok).toBe(false);
    expect(check("protocol/load-agent-plugin-result.schema.json", { loaded: true, skills: [], mcp_servers: [] }).ok).toBe(false);
  });
});

describe("outcomes of load-agent-plugin cases", () => {
  it("pass when everything agrees, skip when only unreported fields remain, fail on any disagreement", async () => {
    const fixed = persistentAdapter(["node", join(KIT_ROOT, "runner/test/fixtures/fixed-loader.mjs")]);
    const report = await runProbe(fixed, {}, "agent-plugins");
    expect(outcomes(report)).toEqual({
      "agent-plugins/behaviour-agrees": "pass",
      "agent-plugins/diagnostics-unreported": "skip",
      "agent-plugins/diagnostics-unreported-and-disagrees": "fail",
      "agent-plugins/skills-are-a-set": "fail",
      "agent-plugins/interface-none": "fail",
    });
    const skipped = report.cases.find((c) => c.outcome === "skip");
    expect(skipped?.message).toContain("diagnostics");
  });

  it("a skip quotes the reason the result gives; a result that reports a field it names as left out is an error", async () => {
    const why = await runProbe(persistentAdapter(["node", join(KIT_ROOT, "runner/test/fixtures/fixed-loader.mjs"), "says-why"]), {}, "agent-plugins");
    expect(why.cases.find((c) => c.id === "agent-plugins/diagnostics-unreported")).toMatchObject({
      outcome: "skip",
      message: "the result does not report diagnostics (this loader writes free text only), which this case checks",
    });
    const contradicts = await runProbe(persistentAdapter(["node", join(KIT_ROOT, "runner/test/fixtures/fixed-loader.mjs"), "contradicts"]), {}, "agent-plugins");
    expect(contradicts.cases.find((c) => c.id === "agent-plugins/behaviour-agrees")).toMatchObject({
      outcome: "error",
      message: "result reports diagnostics and also names it under `unobserved`",
    });
  });
});
