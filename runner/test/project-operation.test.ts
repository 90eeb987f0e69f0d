// The project operation's kit machinery (SPEC 1.12): the result schema and the comparison of
// every expectation (KIT-OP-PROJECT-RESULT), lint findings at their lines, how papc runs a
// projected command to see what it dispatches (KIT-PROJECT-RUN), and how exec mode reads a
// project command (KIT-PROTOCOL-EXEC-PROJECT), also end to end through the reference's exec adapter.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCases } from "../src/cases/load-cases.js";
import { compareMatcher, compareProject } from "../src/operations/project/compare.js";
import { project } from "../src/operations/project/definition.js";
import { runProjectedCommands, toolNamesFor } from "../src/project/run-commands.js";
import { runSuite } from "../src/run/run-suite.js";
import { check } from "../src/schemas/registry.js";
import type { ResolvedHook, ResolvedProject } from "../src/types/case.js";
import type { ProjectResult } from "../shared/protocol.js";
import { processEntry } from "../shared/process-table.js";
import { loadText, recordingsDir } from "./dispatch-helpers.js";
import { KIT_ROOT } from "./helpers.js";

const command = (text: string, timeout = 3) => ({ type: "command", command: text, timeout });

const result: ProjectResult = {
  exit: 0,
  format: "settings-json",
  config: {
    hooks: {
      PreToolUse: [{ matcher: "^(Bash|a\\.b)$", hooks: [command("dispatch pre", 5)] }],
      Stop: [{ hooks: [command("dispatch stop")] }],
    },
  },
  omitted: [{ hook: "later", reason: "unsupported" }],
  refused: [],
};

describe("compareProject (KIT-OP-PROJECT-RESULT)", () => {
  it("compares exit, the configured events as a set, and refused and omitted hooks as sets of ids", () => {
    expect(compareProject({ exit: 0, events: { PreToolUse: {}, Stop: {} }, omitted: ["later"], refused: [] }, result, undefined)).toEqual([]);
    expect(compareProject({ exit: 1 }, result, undefined).map((d) => d.path)).toEqual(["exit"]);
    expect(compareProject({ events: { PreToolUse: {} } }, result, undefined).map((d) => d.path)).toContain("events");
    expect(compareProject({ events: { PreToolUse: {}, Stop: {}, SessionEnd: {} } }, result, undefined).map((d) => d.path)).toContain("events");
    expect(compareProject({ omitted: [] }, result, undefined).map((d) => d.path)).toContain("omitted");
    expect(compareProject({ refused: ["later"] }, result, undefined).map((d) => d.path)).toContain("refused");
  });

  it("wants no configuration at all for unconfigured, and a configuration for events", () => {
    expect(compareProject({ unconfigured: true }, result, undefined).map((d) => d.path)).toEqual(["config"]);
    expect(compareProject({ unconfigured: true }, { ...result, config: null, message: "no such package" }, undefined)).toEqual([]);
    // nothing projected must say why: in `message`, or by the hooks it refused
    expect(compareProject({ unconfigured: true }, { ...result, config: null }, undefined).map((d) => d.path)).toEqual(["message"]);
    expect(compareProject({ unconfigured: true }, { ...result, config: null, message: " " }, undefined).map((d) => d.path)).toEqual(["message"]);
    expect(compareProject({ unconfigured: true }, { ...result, config: null, refused: [{ hook: "h", reason: "r" }] }, undefined)).toEqual([]);
    // an empty configuration is still one
    expect(compareProject({ unconfigured: true }, { ...result, config: { hooks: {} } }, undefined)).not.toEqual([]);
    expect(compareProject({ events: {} }, { ...result, config: null }, undefined).map((d) => d.path)).toEqual(["config"]);
    expect(compareProject({ events: {} }, { ...result, config: { hooks: { Stop: [] } } }, undefined)).toEqual([]);
  });

  it("wants one group with one command per event, and compares the timeout exactly", () => {
    const two = { ...result, config: { hooks: { Stop: [{ hooks: [command("a"), command("b")] }] } } };
    expect(compareProject({ events: { Stop: {} } }, two, undefined).map((d) => d.path)).toEqual(["events.Stop.commands"]);
    const groups = { ...result, config: { hooks: { Stop: [{ hooks: [command("a")] }, { hooks: [command("b")] }] } } };
    expect(compareProject({ events: { Stop: {} } }, groups, undefined).map((d) => d.path)).toEqual(["events.Stop.commands"]);
    expect(compareProject({ events: { PreToolUse: { timeout: 5 }, Stop: { timeout: 3 } } }, result, undefined)).toEqual([]);
    expect(compareProject({ events: { PreToolUse: { timeout: 4 }, Stop: { timeout: 3 } } }, result, undefined).map((d) => d.path)).toEqual(["events.PreToolUse.timeout"]);
  });

  it("judges a matcher by the names it selects and rejects, searched as a regular expression", () => {
    expect(compareMatcher("m", { selects: ["Bash", "a.b"], rejects: ["Bashful", "aXb", "MyBash"] }, "^(Bash|a\\.b)$")).toEqual([]);
    expect(compareMatcher("m", { selects: ["Bash"], rejects: ["MyBash"] }, "Bash").map((d) => d.path)).toEqual(["m.rejects"]);
    expect(compareMatcher("m", { selects: ["Bash", "Write"] }, "^(Bash)$").map((d) => d.path)).toEqual(["m.selects"]);
    expect(compareMatcher("m", null, undefined)).toEqual([]);
    expect(compareMatcher("m", null, "^(Bash)$")).toHaveLength(1);
    expect(compareMatcher("m", { selects: ["Bash"] }, undefined)).toHaveLength(1);
    expect(compareMatcher("m", { selects: ["Bash"] }, "(unclosed")[0]?.expected).toBe("a regular expression");
  });

  it("compares the dispatched hooks as a set, with papc's notes on the runs beside a difference", () => {
    const runs = { events: new Map([["Stop", { dispatched: ["a", "b"], notes: ["the command ran past 8000 ms and was stopped"] }]]), leftovers: [] };
    const stopOnly = { ...result, config: { hooks: { Stop: [{ hooks: [command("x")] }] } } };
    expect(compareProject({ events: { Stop: { dispatches: ["b", "a"] } } }, stopOnly, runs)).toEqual([]);
    const diff = compareProject({ events: { Stop: { dispatches: ["a"] } } }, stopOnly, runs);
    expect(diff.map((d) => d.path)).toEqual(["events.Stop.dispatches", "events.Stop.dispatches"]);
    expect(diff[1]?.actual).toMatch(/ran past/);
  });

  it("the result schema requires exit, config (or null), omitted and refused", () => {
    expect(check("protocol/project-result.schema.json", result).ok).toBe(true);
    expect(check("protocol/project-result.schema.json", { ...result, config: null }).ok).toBe(true);
    const { config: _gone, ...partial } = result;
    expect(check("protocol/project-result.schema.json", partial).ok).toBe(false);
    expect(check("protocol/project-result.schema.json", { ...result, config: { hooks: { Stop: [{ hooks: [{ type: "command" }] }] } } }).ok).toBe(false);
    expect(check("protocol/project-result.schema.json", { ...result, exit: "0" }).ok).toBe(false);
  });
});

const projectCase = (given: string, expectBody: string): string => `id: hooks/x/c
title: t
spec: [KIT-A]
operation: project
given:
${given}
expect:
${expectBody}
`;

/** The test recordings with a pins.yaml, as the suite's recordings/ has. */
async function pinnedRecordings(): Promise<string> {
  const dir = await recordingsDir();
  await writeFile(join(dir, "pins.yaml"), "harnesses:\n  - { provider: claude-code, version: 2.1.233 }\n  - { provider: codex, version: 0.147.0 }\n");
  return dir;
}

describe("project cases in papc lint (KIT-OP-PROJECT-RESULT)", () => {
  const problems = async (text: string, recordings?: string) => loadText(text, recordings ?? (await pinnedRecordings())).problems.map((p) => `${p.line} ${p.code} ${p.message}`);

  it("a well-formed case loads, with the payload of each event its hooks map to", async () => {
    const set = loadText(
      projectCase(
        "  provider: claude-code\n  hooks:\n    - { id: gate, subject: tool_call, phase: before, effect: allow_deny }",
        "  exit: 0\n  events:\n    PreToolUse: { matcher: null, dispatches: [gate] }",
      ),
      await pinnedRecordings(),
    );
    expect(set.problems).toEqual([]);
    expect(Object.keys(set.cases[0]?.project?.payloads ?? {})).toEqual(["PreToolUse"]);
    expect(set.cases[0]?.project?.payloads["PreToolUse"]?.recording).toBe("claude-code/2.1.233/PreToolUse/t");
  });

  it("reports unknown hooks, unconfigured with events, a hook without subject and a missing recording, at their lines", async () => {
    const found = await problems(
      projectCase(
        "  provider: claude-code\n  hooks:\n    - { id: gate, subject: tool_call, phase: before, effect: allow_deny }\n    - { id: loose, effect: observe }",
        "  exit: 1\n  unconfigured: true\n  events:\n    PreToolUse: { dispatches: [gone] }\n  refused: [nobody]",
      ),
    );
    expect(found).toEqual([
      expect.stringMatching(/^9 hook-subject-needed project hook "loose" needs `subject` and `phase`/),
      expect.stringMatching(/^14 unknown-hook "gone" is not a hook of given.hooks/),
      expect.stringMatching(/^15 unknown-hook expect.refused names "nobody"/),
      expect.stringMatching(/^12 project-expect /),
    ]);
    // the test recordings hold no codex Stop payload
    const missing = await problems(projectCase("  provider: codex\n  hooks:\n    - { id: stop, subject: workflow, phase: completion_attempt, effect: observe }", "  exit: 0"));
    expect(missing).toEqual([expect.stringMatching(/unknown-recording no readable recording of codex 0.147.0 Stop/)]);
  });

  it("reports a matcher expectation that is not null or {selects, rejects}, and another operation's key", async () => {
    const given = "  provider: codex\n  hooks:\n    - { id: gate, subject: tool_call, phase: before, effect: allow_deny }";
    expect(await problems(projectCase(given, "  events:\n    PreToolUse: { matcher: Bash }"))).toEqual([expect.stringMatching(/case-schema/)]);
    expect(await problems(projectCase(given, "  response: {}"))).toEqual([expect.stringMatching(/operation-mismatch .*response/)]);
  });
});

describe("running a projected command (KIT-PROJECT-RUN)", () => {
  const hook = (id: string, names?: string[]): ResolvedHook => ({
    id,
    subject: "tool_call",
    phase: "before",
    effect: "allow_deny",
    requirement: "required",
    timeout_ms: 2000,
    failure_policy: "report",
    error_visibility: "user",
    bindings: [],
    inputs: [],
    argv: [],
    env: [],
    handler: { stdout: { kind: "abstain" } },
    ...(names ? { matcher: { tool_names: names } } : {}),
  });
  const projectOf = (hooks: ResolvedHook[]): ResolvedProject => ({
    provider: "claude-code",
    plugin: "demo",
    hooks,
    payloads: { PreToolUse: { recording: "x", payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: {} } } },
  });

  it("runs a tool event once per first tool name of its hooks, and with the recorded tool for a hook without names", () => {
    expect(toolNamesFor(projectOf([hook("a", ["Write", "Edit"]), hook("b", ["Read"])]), "PreToolUse", "Bash")).toEqual(["Read", "Write"]);
    expect(toolNamesFor(projectOf([hook("a", ["Write"]), hook("b")]), "PreToolUse", "Bash")).toEqual(["Bash", "Write"]);
    expect(toolNamesFor(projectOf([hook("a", ["Write"])]), "Stop", "Bash")).toEqual([undefined]);
  });

  it("runs `sh -c` in the fixture root with the payload on stdin and the case's environment; a hook is dispatched when its handler recorded a run", async () => {
    const root = await tmpDir({ unsafeCleanup: true });
    try {
      await mkdir(join(root.path, ".papc/captures"), { recursive: true });
      // stands in for a dispatcher: records stdin, the working directory and $WHO as a run of hook a
      const record = `{ cat; echo; } >> .papc/captures/a.jsonl; echo "$PWD $WHO" > seen.txt`;
      const config = { hooks: { PreToolUse: [{ hooks: [command(record)] }] } };
      const runs = await runProjectedCommands(projectOf([hook("a", ["Write"]), hook("b", ["Read"])]), config, ["PreToolUse"], root.path, { WHO: "case" });
      expect(runs.events.get("PreToolUse")).toEqual({ dispatched: ["a"], notes: [] });
      const lines = (await readFile(join(root.path, ".papc/captures/a.jsonl"), "utf8")).trim().split("\n");
      expect(lines.map((l) => (JSON.parse(l) as { tool_name: string }).tool_name)).toEqual(["Read", "Write"]);
      expect((await readFile(join(root.path, "seen.txt"), "utf8")).trim()).toBe(`${root.path} case`);
      expect(runs.leftovers).toEqual([]);
    } finally {
      await root.cleanup();
    }
  });

  it("stops a command at its native timeout plus 5 s and says so; an event without a recorded payload is not run", async () => {
    const root = await tmpDir({ unsafeCleanup: true });
    try {
      const config = { hooks: { PreToolUse: [{ hooks: [command("sleep 30", 1)] }], SessionStart: [{ hooks: [command("true")] }] } };
      const started = Date.now();
      const runs = await runProjectedCommands(projectOf([hook("a")]), config, ["PreToolUse", "SessionStart"], root.path, {});
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(runs.events.get("PreToolUse")?.notes).toEqual([expect.stringMatching(/with tool Bash: the command ran past 6000 ms and was stopped/)]);
      expect(runs.events.get("SessionStart")?.notes).toEqual([expect.stringMatching(/no recorded claude-code SessionStart payload/)]);
    } finally {
      await root.cleanup();
    }
  }, 30_000);

  it("kills and reports what a command leaves running outside its process group", async () => {
    const root = await tmpDir({ unsafeCleanup: true });
    try {
      const config = { hooks: { PreToolUse: [{ hooks: [command("setsid sleep 97 < /dev/null > /dev/null 2>&1 & sleep 0.3")] }] } };
      const runs = await runProjectedCommands(projectOf([hook("a")]), config, ["PreToolUse"], root.path, {});
      expect(runs.leftovers.map((l) => l.command)).toEqual([expect.stringContaining("sleep 97")]);
      // gone, or a zombie waiting for a reaper (processEntry counts neither)
      expect(processEntry(runs.leftovers[0]!.pid)).toBeUndefined();
    } finally {
      await root.cleanup();
    }
  }, 30_000);
});

describe("exec mode (KIT-PROTOCOL-EXEC-PROJECT)", () => {
  it("reads printed JSON with the exit status, no output as a result without configuration, and other output as a protocol error", () => {
    expect(project.readExec?.(1, '{"config":null,"omitted":[],"refused":[{"hook":"h","reason":"r"}]}\n', "")).toEqual({
      kind: "result",
      result: { exit: 1, config: null, omitted: [], refused: [{ hook: "h", reason: "r" }] },
    });
    expect(project.readExec?.(2, "", "unknown provider\n")).toEqual({ kind: "result", result: { exit: 2, config: null, omitted: [], refused: [], message: "unknown provider" } });
    expect(project.readExec?.(0, "hooks:\n", "")?.kind).toBe("protocol-error");
  });

  it("the reference's exec adapter passes a case of each project file through `pap-reference hook project`", async () => {
    const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
    const ids = [
      "hooks/projection/events/codex-tool-call-before-rewrite-input",
      "hooks/projection/matcher/union-of-hooks-claude",
      "hooks/projection/several/session-end-clamped-codex",
      "hooks/projection/unsupported/optional-omitted-codex",
      "hooks/projection/unsupported/required-replace-output-codex",
      "hooks/projection/input/unknown-provider",
      "hooks/projection/input/invalid-package",
    ];
    const report = await runSuite({
      kitRoot: KIT_ROOT,
      kit: { name: "papc", version: "test" },
      adapter: await resolveAdapter("reference-exec", KIT_ROOT),
      cases: cases.filter((c) => ids.includes(c.id)),
      jobs: 2,
    });
    expect(report.cases.map((c) => `${c.id} ${c.outcome}`).sort()).toEqual(ids.map((id) => `${id} pass`).sort());
  }, 120_000);
});
