// Composition (SPEC 5.6) and the native response table of both harnesses.

import { describe, expect, it } from "vitest";
import { claude, codex, run, tempSources, type HookDef } from "./dispatch-fixtures.js";

const source = tempSources();

const context = (id: string, text: string, extra: Partial<HookDef> = {}): HookDef => ({
  id,
  effect: "add_context",
  failure_policy: "report",
  out: { kind: "add_context", context: text },
  ...extra,
});
const gate = (id: string, out: unknown): HookDef => ({ id, out });
const rewrite = (id: string, input: unknown): HookDef => ({ id, effect: "rewrite_input", out: { kind: "rewrite_input", input } });
const replace = (id: string, output: unknown): HookDef => ({ id, phase: "after", effect: "replace_output", failure_policy: "report", out: { kind: "replace_output", output } });

describe("order and precedence", () => {
  it("joins contexts in hook-identity byte order, not declaration order", async () => {
    const root = await source([context("b", "from b"), context("a9", "from a9"), context("a10", "from a10")]);
    const result = await run(root, "claude-code", claude.preToolUse());
    expect(result.response).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "from a10\nfrom a9\nfrom b" } });
    expect(result.stdout.endsWith("}\n")).toBe(true);
    expect(result.stdout.split("\n")).toHaveLength(2);
  });

  it("deny wins over allow, and several deny reasons are joined", async () => {
    const root = await source([
      gate("a", { kind: "allow" }),
      gate("b", { kind: "deny", reason: "no b" }),
      gate("c", { kind: "deny", reason: "no c" }),
      context("d", "ignored on deny"),
    ]);
    for (const [provider, event] of [
      ["claude-code", claude.preToolUse()],
      ["codex", codex.preToolUse()],
    ] as const) {
      expect((await run(root, provider, event)).response).toEqual({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no b\nno c" },
      });
    }
  });

  it("never renders allow on its own", async () => {
    const root = await source([gate("a", { kind: "allow" })]);
    expect((await run(root, "claude-code", claude.preToolUse())).stdout).toBe("{}\n");
    expect((await run(root, "codex", codex.preToolUse())).stdout).toBe("{}\n");
  });
});

describe("rewrites", () => {
  it("Claude Code: updatedInput without a permission decision, with context", async () => {
    const root = await source([rewrite("r", { command: "echo reviewed" }), context("c", "Reviewed.")]);
    expect((await run(root, "claude-code", claude.preToolUse())).response).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { command: "echo reviewed" }, additionalContext: "Reviewed." },
    });
  });

  it("Codex: updatedInput paired with permissionDecision allow", async () => {
    const root = await source([rewrite("r", { command: "echo reviewed" }), gate("g", { kind: "allow" })]);
    expect((await run(root, "codex", codex.preToolUse())).response).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "echo reviewed" } },
    });
  });

  it("equal rewrites (in any key order) agree", async () => {
    const root = await source([rewrite("r1", { command: "x", timeout: 5 }), rewrite("r2", { timeout: 5, command: "x" })]);
    expect((await run(root, "claude-code", claude.preToolUse())).response).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { command: "x", timeout: 5 } },
    });
  });

  it("different rewrites are a conflict: the call is denied naming both hooks", async () => {
    const root = await source([rewrite("r2", { command: "two" }), rewrite("r1", { command: "one" })]);
    for (const [provider, event] of [
      ["claude-code", claude.preToolUse()],
      ["codex", codex.preToolUse()],
    ] as const) {
      expect((await run(root, provider, event)).response).toEqual({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "hooks `r1` and `r2` returned conflicting input rewrites" },
        systemMessage: [
          "hook `r1`: hook_conflict (rewrite_input results differ between hooks `r1` and `r2`)",
          "hook `r2`: hook_conflict (rewrite_input results differ between hooks `r1` and `r2`)",
        ].join("\n"),
      });
    }
  });

  it("a deny beats a rewrite", async () => {
    const root = await source([rewrite("r", { command: "x" }), gate("g", { kind: "deny", reason: "no" })]);
    expect((await run(root, "codex", codex.preToolUse())).response).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
    });
  });
});

describe("output replacement (Claude Code PostToolUse)", () => {
  it("renders updatedToolOutput with context", async () => {
    const root = await source([replace("swap", { stdout: "reviewed" }), context("note", "Checked.", { phase: "after" })]);
    expect((await run(root, "claude-code", claude.postToolUse())).response).toEqual({
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stdout: "reviewed" }, additionalContext: "Checked." },
    });
  });

  it("replaces with null too (any JSON value)", async () => {
    const root = await source([replace("swap", null)]);
    expect((await run(root, "claude-code", claude.postToolUse())).response).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: null } });
  });

  it("different replacements: nothing is replaced, the conflict goes to systemMessage", async () => {
    const root = await source([replace("s1", "one"), replace("s2", "two"), context("note", "Checked.", { phase: "after" })]);
    expect((await run(root, "claude-code", claude.postToolUse())).response).toEqual({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Checked." },
      systemMessage: [
        "hook `s1`: hook_conflict (replace_output results differ between hooks `s1` and `s2`; output not replaced)",
        "hook `s2`: hook_conflict (replace_output results differ between hooks `s1` and `s2`; output not replaced)",
      ].join("\n"),
    });
  });
});

describe("prompts and completion", () => {
  const prompt = (hook: HookDef): HookDef => ({ subject: "user_prompt", ...hook });

  it("UserPromptSubmit: context, and a deny that blocks", async () => {
    const ctx = await source([prompt(context("c", "Use the style guide."))]);
    expect((await run(ctx, "codex", codex.common("UserPromptSubmit"))).response).toEqual({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "Use the style guide." },
    });
    const deny = await source([prompt(context("c", "dropped")), prompt(gate("g", { kind: "deny", reason: "Not today." }))]);
    expect((await run(deny, "claude-code", claude.userPromptSubmit())).response).toEqual({ decision: "block", reason: "Not today." });
  });

  it("Stop: continuation reasons are joined in hook order", async () => {
    const stop = (id: string, reason: string): HookDef => ({
      id,
      subject: "workflow",
      phase: "completion_attempt",
      effect: "continue_workflow",
      failure_policy: "report",
      out: { kind: "continue_workflow", reason },
    });
    const root = await source([stop("z", "Run lint."), stop("a", "Run tests.")]);
    for (const [provider, event] of [
      ["claude-code", claude.stop()],
      ["codex", codex.stop()],
    ] as const) {
      expect((await run(root, provider, event)).response).toEqual({ decision: "block", reason: "Run tests.\nRun lint." });
    }
  });

  it("observe results say nothing", async () => {
    const root = await source([{ id: "o", effect: "observe", failure_policy: "report", out: { kind: "observe" } }]);
    expect((await run(root, "claude-code", claude.preToolUse())).stdout).toBe("{}\n");
  });
});
