// Scenario files (errors with file:line) and how captured payloads become recordings
// (event filter, actor filter, stable occurrence numbering, provenance), without a harness.

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { canonicalJson, sha256 } from "../src/common/canonical.js";
import { recordingsFromCaptures } from "../src/recordings/captures.js";
import { recordingId } from "../src/recordings/files.js";
import { loadScenario, loadScenarios, scenarioFor } from "../src/recordings/scenarios.js";
import { maskPointers, volatilePointers } from "../src/recordings/volatile.js";
import type { HarnessPin } from "../src/types/recording.js";
import type { LoadedScenario } from "../src/types/scenario.js";
import { KIT_ROOT } from "./helpers.js";

async function scenarioError(name: string, text: string): Promise<string> {
  const dir = await tmpDir({ unsafeCleanup: true });
  const file = join(dir.path, `${name}.yaml`);
  await writeFile(file, text);
  try {
    await loadScenario(file, `recordings/scenarios/${name}.yaml`);
    return "(loaded)";
  } catch (err) {
    return (err as Error).message;
  } finally {
    await dir.cleanup();
  }
}

const GOOD = ["name: demo", "description: d", "providers: [claude-code, codex]", "prompt: p", "turns:", "  - text: hi", "capture: [Stop]", ""];

describe("scenario files", () => {
  it("loads the committed scenarios", async () => {
    const all = await loadScenarios(join(KIT_ROOT, "recordings"));
    expect(all.map((s) => s.name)).toEqual(["apply-patch", "bash-echo", "bash-fails", "stop-continue-once", "subagent"]);
  });

  it("names file and line of a syntax error, a schema error, a wrong name and a tool the harness lacks", async () => {
    expect(await scenarioError("demo", "name: demo\nturns: [\n")).toMatch(/^recordings\/scenarios\/demo\.yaml:\d+: /);
    const schema = [...GOOD.slice(0, 5), "  - tool: browse", ...GOOD.slice(6)].join("\n");
    expect(await scenarioError("demo", schema)).toBe("recordings/scenarios/demo.yaml:6: /turns/0 must match a schema in anyOf (it has none of the allowed forms)");
    expect(await scenarioError("other", GOOD.join("\n"))).toBe('recordings/scenarios/other.yaml:1: name "demo" must equal the file name "other"');
    const patch = [...GOOD.slice(0, 5), "  - tool: apply_patch", "    arguments: { patch: x }", ...GOOD.slice(6)].join("\n");
    expect(await scenarioError("demo", patch)).toBe(
      'recordings/scenarios/demo.yaml:6: claude-code has no "apply_patch" tool; add `providers:` to the turn to leave claude-code out',
    );
    const twice = [...GOOD.slice(0, 6), "capture: [Stop, Stop]", ""].join("\n");
    expect(await scenarioError("demo", twice)).toBe("recordings/scenarios/demo.yaml:7: Stop is captured twice for claude-code");
    const unknownKey = [...GOOD.slice(0, 6), "capture:", "  - event: Stop", "    reply: {}", ""].join("\n");
    expect(await scenarioError("demo", unknownKey)).toMatch(/^recordings\/scenarios\/demo\.yaml:(8|9): /);
  });
});

const PIN: HarnessPin = { provider: "codex", package: "@openai/codex", version: "0.147.0", binary: "codex", version_output: "codex-cli 0.147.0" };
const line = (event: string, payload: Record<string, unknown>): string => JSON.stringify({ event, stdin: JSON.stringify({ hook_event_name: event, ...payload }) });

describe("captured payloads become recordings", () => {
  const scenario: LoadedScenario = {
    name: "demo",
    description: "d",
    providers: ["codex"],
    prompt: "p",
    turns: [],
    file: "x",
    capture: [{ event: "PreToolUse", actor: "subagent" }, { event: "Stop" }, { event: "SubagentStop", optional: true }],
  };

  it("keeps captured events, numbers occurrences root first then per subagent, and adds provenance", () => {
    const text = [
      line("PreToolUse", { session_id: "s", tool_name: "spawn_agent", tool_use_id: "call_1" }),
      line("PreToolUse", { session_id: "s", agent_id: "A", tool_name: "Bash", tool_use_id: "call_2" }),
      line("Stop", { session_id: "s", agent_id: "A", stop_hook_active: false }),
      line("Stop", { session_id: "s", stop_hook_active: false }),
      line("SessionEnd", { session_id: "s" }),
      line("Stop", { session_id: "s", stop_hook_active: true }),
    ].join("\n");
    const recs = recordingsFromCaptures(text, { pin: PIN, scenario, capturedAt: "2026-12-03T07:00:00.000Z", command: ["codex", "exec"] });
    expect(recs.map(recordingId)).toEqual(["codex/0.147.0/Stop/demo", "codex/0.147.0/Stop/demo-2", "codex/0.147.0/PreToolUse/demo", "codex/0.147.0/Stop/demo-3"]);
    expect(recs.map((r) => r.payload.stop_hook_active ?? r.payload.tool_name)).toEqual([false, true, "Bash", false]);
    const pre = recs[2]!;
    expect(pre).toMatchObject({ recording: 1, origin: "recorded", provider: "codex", version: "0.147.0", event: "PreToolUse", scenario: "demo", occurrence: 1 });
    expect(pre.volatile).toEqual(["/session_id", "/tool_use_id", "/agent_id"]);
    expect(pre.sha256).toBe(sha256(canonicalJson(pre.payload)));
  });

  it("fails when a captured event never fired (unless optional) or a hook read something else", () => {
    const p = { pin: PIN, scenario, capturedAt: "t", command: ["codex"] };
    expect(() => recordingsFromCaptures(line("SessionEnd", {}), p)).toThrow("PreToolUse (subagent) never fired");
    expect(() => recordingsFromCaptures(JSON.stringify({ event: "Stop", stdin: "not json" }), p)).toThrow("the Stop hook read something that is not JSON");
  });

  it("selects a harness's own turns and captures", async () => {
    const [bashFails] = await loadScenarios(join(KIT_ROOT, "recordings"), ["bash-fails"]);
    expect(scenarioFor(bashFails!, "claude-code").capture.map((c) => c.event)).toEqual(["PostToolUseFailure"]);
    expect(scenarioFor(bashFails!, "codex").capture.map((c) => c.event)).toEqual(["PostToolUse"]);
  });
});

describe("volatile fields", () => {
  it("are listed per field, with tool- and provider-specific ones only where they apply", () => {
    expect(volatilePointers("codex", { session_id: "s", tool_name: "apply_patch", tool_response: "Wall time: 0 seconds", cwd: "/tmp/x" })).toEqual([
      "/session_id",
      "/cwd",
      "/tool_response",
    ]);
    expect(volatilePointers("codex", { tool_name: "Bash", tool_response: "hello\n" })).toEqual([]);
    expect(volatilePointers("claude-code", { duration_ms: 3, tool_response: { agentId: "a", stdout: "" } })).toEqual(["/duration_ms", "/tool_response/agentId"]);
    expect(maskPointers({ a: 1, b: { c: 2 } }, ["/b/c", "/missing"])).toEqual({ a: 1, b: { c: "<volatile>" } });
  });
});
