// `pap-reference hook project`: native configuration for both harnesses, unsupported hooks
// (refused when required, omitted when optional), and the projected command really dispatching.
// Requirements: PAP-PROJECT-EVENTS, PAP-PROJECT-MATCHER, PAP-PROJECT-REFUSE-REQUIRED, PAP-PROJECT-OMIT-OPTIONAL (SPEC.md; listed in cases/EXCLUSIONS.yaml with this file).

import { execa } from "execa";
import { existsSync } from "node:fs";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nativeMatcher, nativeTimeoutSeconds, project, regexEscape, shellQuote, timeoutSeconds } from "../src/dispatch/project.js";
import type { HookSpec } from "../src/dispatch/package-load.js";
import { kitPath } from "../../runner/shared/kit-root.js";
import { claude, codex, makeSource, type HookDef } from "./dispatch-fixtures.js";
import { cli, removeTree } from "./fixtures.js";

const HOOKS: HookDef[] = [
  { id: "guard", tool_names: ["Bash", "Write"], timeout_ms: 1500, out: { kind: "deny", reason: "guarded" } },
  { id: "prompt-note", subject: "user_prompt", effect: "add_context", failure_policy: "report", out: { kind: "add_context", context: "Be brief." } },
  { id: "after-note", phase: "after", effect: "add_context", failure_policy: "report", tool_names: ["Bash"], out: { kind: "add_context", context: "Checked." } },
  { id: "finish", subject: "workflow", phase: "completion_attempt", effect: "continue_workflow", failure_policy: "fail_closed", out: { kind: "abstain" } },
  { id: "bye", subject: "session", phase: "end", effect: "observe", failure_policy: "report", out: { kind: "observe" } },
  // Unsupported on codex, optional: omitted there.
  { id: "swap", phase: "after", effect: "replace_output", failure_policy: "report", requirement: "optional", out: { kind: "abstain" } },
];

let root = "";
let refusing = "";
beforeAll(async () => {
  root = await makeSource(HOOKS);
  // Required replace_output: codex cannot honour it; required model_and_user SessionEnd: neither can.
  refusing = await makeSource([
    { id: "swap", phase: "after", effect: "replace_output", failure_policy: "report", out: { kind: "abstain" } },
    { id: "gate", out: { kind: "allow" } },
  ]);
});
afterAll(async () => {
  await removeTree(root);
  await removeTree(refusing);
});

const dispatcher = (provider: string, ...hooks: string[]) =>
  `DISPATCH hook dispatch --provider ${provider} --source ${root} --plugin demo ${hooks.map((h) => `--hook ${h}`).join(" ")}`;

describe("Claude Code settings JSON", () => {
  it("one group per event, matchers from tool_names, timeouts covering the hooks, PostToolUseFailure too", async () => {
    const run = await cli("hook", "project", "--provider", "claude-code", "--source", root, "--plugin", "demo", "--dispatcher", "DISPATCH");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const command = (provider: string, timeout: number, ...hooks: string[]) => ({ type: "command", command: dispatcher(provider, ...hooks), timeout });
    expect(JSON.parse(run.stdout)).toEqual({
      hooks: {
        // `swap` matches every tool, so the group cannot narrow by tool (the dispatcher still does per hook).
        PostToolUse: [{ hooks: [command("claude-code", 11, "after-note", "swap")] }],
        PostToolUseFailure: [{ hooks: [command("claude-code", 11, "after-note", "swap")] }],
        PreToolUse: [{ matcher: "^(Bash|Write)$", hooks: [command("claude-code", 3, "guard")] }],
        SessionEnd: [{ hooks: [command("claude-code", 6, "bye")] }],
        Stop: [{ hooks: [command("claude-code", 6, "finish")] }],
        UserPromptSubmit: [{ hooks: [command("claude-code", 6, "prompt-note")] }],
      },
    });
  });
});

describe("Codex config.toml", () => {
  it("renders [[hooks.<Event>]] groups with [[hooks.<Event>.hooks]] handlers and omits the replace_output hook", async () => {
    const run = await cli("hook", "project", "--provider", "codex", "--source", root, "--plugin", "demo", "--dispatcher", "DISPATCH");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[[hooks.PreToolUse]]\n");
    expect(run.stdout).toContain("[[hooks.PreToolUse.hooks]]\n");
    expect(parseToml(run.stdout)).toEqual({
      hooks: {
        PostToolUse: [{ matcher: "^(Bash)$", hooks: [{ type: "command", command: dispatcher("codex", "after-note"), timeout: 6 }] }],
        PreToolUse: [{ matcher: "^(Bash|Write)$", hooks: [{ type: "command", command: dispatcher("codex", "guard"), timeout: 3 }] }],
        // Codex 0.147.0 clamps SessionEnd hook timeouts to 3 s: the projection writes what it applies.
        SessionEnd: [{ hooks: [{ type: "command", command: dispatcher("codex", "bye"), timeout: 3 }] }],
        Stop: [{ hooks: [{ type: "command", command: dispatcher("codex", "finish"), timeout: 6 }] }],
        UserPromptSubmit: [{ hooks: [{ type: "command", command: dispatcher("codex", "prompt-note"), timeout: 6 }] }],
      },
    });
    expect(run.stderr).toBe("pap-reference hook project: omitted optional hook `swap`: codex has no mapping for tool_call/after with effect replace_output\n");
  });

  it("--json lists the omitted hook next to the config; --format hooks-json gives the JSON form", async () => {
    const json = await cli("hook", "project", "--provider", "codex", "--source", root, "--plugin", "demo", "--json");
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as { config: { hooks: Record<string, unknown> }; text: string; format: string; omitted: unknown[]; refused: unknown[] };
    expect(out.omitted).toEqual([{ hook: "swap", reason: "codex has no mapping for tool_call/after with effect replace_output" }]);
    expect(out.refused).toEqual([]);
    expect(out.format).toBe("config-toml");
    expect(parseToml(out.text)).toEqual(out.config);
    const hooksJson = await cli("hook", "project", "--provider", "codex", "--source", root, "--plugin", "demo", "--format", "hooks-json");
    expect(JSON.parse(hooksJson.stdout)).toEqual(out.config);
  });
});

describe("unsupported required hooks", () => {
  it("refuses: exit 1, the hook and the reason on stderr, nothing on stdout", async () => {
    const run = await cli("hook", "project", "--provider", "codex", "--source", refusing, "--plugin", "demo");
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: "pap-reference hook project: refused: required hook `swap` is unsupported on codex: codex has no mapping for tool_call/after with effect replace_output\n",
    });
  });

  it("--json still answers with config null and the refused list", async () => {
    const run = await cli("--json", "hook", "project", "--provider", "codex", "--source", refusing, "--plugin", "demo");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      config: null,
      format: "config-toml",
      text: null,
      omitted: [],
      refused: [{ hook: "swap", reason: "codex has no mapping for tool_call/after with effect replace_output" }],
    });
  });

  it("with a state directory every command dispatches under its trust store (--state-dir, absolute)", async () => {
    const result = await project({ provider: "codex", source: root, plugin: "demo", dispatcher: "DISPATCH", stateDir: "rel/state" });
    if (result.kind !== "projection" || result.config === null) throw new Error("expected a projection");
    const commands = Object.values(result.config.hooks).flatMap((groups) => groups.flatMap((g) => g.hooks.map((h) => h.command)));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command).toContain(` --state-dir ${process.cwd()}/rel/state --hook `);
    const plain = await project({ provider: "codex", source: root, plugin: "demo", dispatcher: "DISPATCH" });
    expect(plain.kind === "projection" && plain.text.includes("--state-dir")).toBe(false);
  });

  it("projects the same package for claude-code", async () => {
    expect((await cli("hook", "project", "--provider", "claude-code", "--source", refusing, "--plugin", "demo")).code).toBe(0);
  });

  it("applies the audience rules of SPEC 3.11", async () => {
    const audience = await makeSource([
      {
        id: "bye",
        subject: "session",
        phase: "end",
        effect: "observe",
        failure_policy: "report",
        error_visibility: "model_and_user",
        requirement: "optional",
        out: { kind: "observe" },
      },
      {
        id: "finish",
        subject: "workflow",
        phase: "completion_attempt",
        effect: "continue_workflow",
        failure_policy: "report",
        error_visibility: "model_and_user",
        out: { kind: "abstain" },
      },
    ]);
    try {
      const onClaude = await project({ provider: "claude-code", source: audience, plugin: "demo" });
      expect(onClaude).toMatchObject({ kind: "projection", config: null, omitted: [{ hook: "bye" }], refused: [{ hook: "finish" }] });
      const onCodex = await project({ provider: "codex", source: audience, plugin: "demo" });
      expect(onCodex).toMatchObject({ kind: "projection", config: null, omitted: [{ hook: "bye" }], refused: [{ hook: "finish" }] });
    } finally {
      await removeTree(audience);
    }
  });
});

describe("usage and load errors", () => {
  it.each([
    [["--provider", "claude"], 2],
    [["--provider", "claude-code", "--format", "config-toml"], 2],
    [["--provider", "codex", "--format", "settings-json"], 2],
    [["--provider", "codex", "--plugin", "missing"], 1],
  ])("%j exits %i", async (extra, code) => {
    const argv = ["hook", "project", "--source", root, "--plugin", "demo", ...extra];
    const run = await cli(...argv);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe("");
  });
});

describe("building blocks", () => {
  it("quotes for a POSIX shell", () => {
    expect(shellQuote("/usr/bin/node")).toBe("/usr/bin/node");
    expect(shellQuote("/a b/it's")).toBe(`'/a b/it'\\''s'`);
    expect(shellQuote("$(touch nope)")).toBe("'$(touch nope)'");
  });

  it("escapes regex metacharacters in tool names", () => {
    expect(regexEscape("mcp__srv__do.it(1)|x")).toBe("mcp__srv__do\\.it\\(1\\)\\|x");
    const spec = (tool_names: string[]) => ({ tool_names }) as HookSpec;
    expect(nativeMatcher([spec(["Write", "Bash"]), spec(["Bash", "a.b"])])).toBe("^(Bash|Write|a\\.b)$");
    expect(nativeMatcher([spec(["Bash"]), spec([])])).toBeUndefined();
    expect(new RegExp(nativeMatcher([spec(["a.b"])]) ?? "").test("aXb")).toBe(false);
  });

  it("sums the hooks' timeouts and adds a second for the dispatcher", () => {
    expect(timeoutSeconds([{ timeout_ms: 100 } as HookSpec])).toBe(2);
    expect(timeoutSeconds([{ timeout_ms: 1000 } as HookSpec, { timeout_ms: 2500 } as HookSpec])).toBe(5);
  });

  it("caps a Codex SessionEnd timeout at the 3 s Codex clamps it to, and nothing else", () => {
    const long = [{ timeout_ms: 5000 } as HookSpec];
    expect(nativeTimeoutSeconds("codex", "SessionEnd", long)).toBe(3);
    expect(nativeTimeoutSeconds("codex", "SessionEnd", [{ timeout_ms: 1000 } as HookSpec])).toBe(2);
    expect(nativeTimeoutSeconds("codex", "Stop", long)).toBe(6);
    expect(nativeTimeoutSeconds("claude-code", "SessionEnd", long)).toBe(6);
  });
});

describe("the projected command runs the dispatcher", () => {
  const bin = kitPath("dist", "reference", "src", "cli.js");

  it.each([
    ["claude-code", "PreToolUse", claude.preToolUse()],
    ["codex", "PreToolUse", codex.preToolUse()],
    ["claude-code", "PostToolUseFailure", claude.postToolUseFailure()],
  ] as const)("%s %s through sh -c", async (provider, event, payload) => {
    expect(existsSync(bin), `${bin} missing: build first`).toBe(true);
    const result = await project({ provider, source: root, plugin: "demo", format: "hooks-json" });
    if (result.kind !== "projection" || result.config === null) throw new Error("no projection");
    const command = result.config.hooks[event]?.[0]?.hooks[0]?.command ?? "";
    const run = await execa("sh", ["-c", command], { input: JSON.stringify(payload), reject: false });
    expect(run.exitCode).toBe(0);
    const expected =
      event === "PreToolUse"
        ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "guarded" } }
        : { hookSpecificOutput: { hookEventName: event, additionalContext: "Checked." } };
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });
});
