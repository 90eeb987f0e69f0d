// Failure policy × error visibility (SPEC 5.5), on every event that has one.

import { describe, expect, it } from "vitest";
import { claude, codex, run, tempSources, type HookDef } from "./dispatch-fixtures.js";

const source = tempSources();

const FAIL = "process.stdout.write(JSON.stringify({ kind: 'allow' })); process.exit(3);";
const LINE = "hook `g`: hook_handler_failed (exit code 3)";

describe("PreToolUse: failure_policy × error_visibility", () => {
  const table: [string, string, Record<string, unknown>][] = [
    ["fail_closed", "user", { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "hook `g` failed" }, systemMessage: LINE }],
    [
      "fail_closed",
      "model_and_user",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "hook `g` failed: hook_handler_failed" }, systemMessage: LINE },
    ],
    ["fail_open", "user", { systemMessage: LINE }],
    ["fail_open", "model_and_user", { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "hook `g` failed: hook_handler_failed" }, systemMessage: LINE }],
    ["report", "user", { systemMessage: LINE }],
    ["report", "model_and_user", { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "hook `g` failed: hook_handler_failed" }, systemMessage: LINE }],
  ];
  for (const provider of ["claude-code", "codex"]) {
    it.each(table)(`${provider}: %s with %s`, async (policy, visibility, expected) => {
      const root = await source([{ id: "g", failure_policy: policy, error_visibility: visibility, script: FAIL }]);
      const event = provider === "codex" ? codex.preToolUse() : claude.preToolUse();
      const result = await run(root, provider, event);
      expect(result.exit).toBe(0);
      expect(result.response).toEqual(expected);
      expect(result.stdout).toBe(JSON.stringify(expected) + "\n");
      expect(result.stderr).toBe(LINE + "\n");
    });
  }

  it("never puts the code into a user-only model-facing reason", async () => {
    const root = await source([{ id: "g", failure_policy: "fail_closed", error_visibility: "user", timeout_ms: 100, script: "setInterval(() => {}, 1000);" }]);
    const result = await run(root, "codex", codex.preToolUse());
    const output = result.response?.["hookSpecificOutput"] as Record<string, unknown> | undefined;
    const reason = JSON.stringify(output?.["permissionDecisionReason"]);
    expect(reason).not.toContain("hook_");
    expect(result.response?.["systemMessage"]).toContain("hook_handler_timeout");
  });

  it("fail_closed on a rewrite_input hook denies", async () => {
    const root = await source([{ id: "g", effect: "rewrite_input", failure_policy: "fail_closed", script: FAIL }]);
    const result = await run(root, "codex", codex.preToolUse());
    expect(result.response).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "hook `g` failed" },
      systemMessage: LINE,
    });
  });
});

describe("other events", () => {
  it("UserPromptSubmit: fail_closed blocks the prompt", async () => {
    const root = await source([{ id: "g", subject: "user_prompt", failure_policy: "fail_closed", error_visibility: "model_and_user", script: FAIL }]);
    const result = await run(root, "claude-code", claude.userPromptSubmit());
    expect(result.response).toEqual({ decision: "block", reason: "hook `g` failed: hook_handler_failed", systemMessage: LINE });
  });

  it("PostToolUse / PostToolUseFailure: a model_and_user report failure goes to additionalContext", async () => {
    const root = await source([{ id: "g", phase: "after", effect: "add_context", failure_policy: "report", error_visibility: "model_and_user", script: FAIL }]);
    for (const [provider, event] of [
      ["claude-code", claude.postToolUse()],
      ["claude-code", claude.postToolUseFailure()],
      ["codex", codex.postToolUse()],
    ] as const) {
      const result = await run(root, provider, event);
      expect(result.response).toEqual({
        hookSpecificOutput: { hookEventName: event.hook_event_name, additionalContext: "hook `g` failed: hook_handler_failed" },
        systemMessage: LINE,
      });
    }
  });

  const stopHook = (id: string, extra: Partial<HookDef>): HookDef => ({ id, subject: "workflow", phase: "completion_attempt", effect: "continue_workflow", ...extra });

  it("Stop: fail_closed asks for another pass with the generic reason", async () => {
    const root = await source([stopHook("g", { failure_policy: "fail_closed", script: FAIL })]);
    for (const [provider, event] of [
      ["claude-code", claude.stop()],
      ["codex", codex.stop()],
    ] as const) {
      expect((await run(root, provider, event)).response).toEqual({ decision: "block", reason: "hook `g` failed", systemMessage: LINE });
    }
  });

  it("Stop (codex): a model_and_user report failure rides along with a continuation, else stays in systemMessage", async () => {
    const failing = stopHook("g", { failure_policy: "report", error_visibility: "model_and_user", script: FAIL });
    const alone = await source([failing]);
    expect((await run(alone, "codex", codex.stop())).response).toEqual({ systemMessage: LINE });

    const withContinuation = await source([failing, stopHook("h", { failure_policy: "report", out: { kind: "continue_workflow", reason: "Run the checks." } })]);
    expect((await run(withContinuation, "codex", codex.stop())).response).toEqual({
      decision: "block",
      reason: "hook `g` failed: hook_handler_failed\nRun the checks.",
      systemMessage: LINE,
    });
  });

  it("Stop: an abstaining continue_workflow hook lets the turn end", async () => {
    const root = await source([stopHook("g", { failure_policy: "fail_closed", out: { kind: "abstain" } })]);
    expect((await run(root, "claude-code", claude.stop({ stop_hook_active: true }))).stdout).toBe("{}\n");
  });
});

describe("SessionEnd", () => {
  const observer = (extra: Partial<HookDef>): HookDef => ({ id: "g", subject: "session", phase: "end", effect: "observe", failure_policy: "report", ...extra });

  it.each(["claude-code", "codex"])("%s: success prints {} and exits 0", async (provider) => {
    const root = await source([observer({ out: { kind: "observe" } })]);
    const result = await run(root, provider, provider === "codex" ? codex.sessionEnd() : claude.sessionEnd());
    expect(result).toMatchObject({ exit: 0, stdout: "{}\n", stderr: "" });
  });

  it.each(["claude-code", "codex"])("%s: a failure exits 1 with the diagnostic on stderr and nothing on stdout", async (provider) => {
    const root = await source([observer({ script: FAIL })]);
    const result = await run(root, provider, provider === "codex" ? codex.sessionEnd() : claude.sessionEnd());
    expect(result).toMatchObject({ exit: 1, stdout: "", stderr: LINE + "\n" });
  });

  it("binds session.end_reason", async () => {
    const root = await source([
      observer({
        inputs: [{ name: "why", type: "string" }],
        bindings: [{ input: "why", field: "session.end_reason" }],
        argv: ["${input.why}"],
        script: "process.stdout.write(JSON.stringify({ kind: 'observe' })); process.exit(process.argv[2] === 'logout' ? 0 : 4);",
      }),
    ]);
    expect((await run(root, "claude-code", claude.sessionEnd({ reason: "logout" }))).exit).toBe(0);
    expect((await run(root, "claude-code", claude.sessionEnd({ reason: "other" }))).exit).toBe(1);
  });
});
