// Every failure code of one hook, the result limits at their boundaries, and dispatcher errors
// (exit 1, nothing on stdout). Hooks here are fail_closed PreToolUse gates with visibility
// user unless said otherwise, so a failure reads as a deny with the generic reason.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claude, codex, run, tempSources, specific, type HookDef } from "./dispatch-fixtures.js";
import { makeTree, removeTree } from "./fixtures.js";

const source = tempSources();

const MiB = 1024 * 1024;

/** Runs one gate hook on a Claude PreToolUse event and returns the failure line (or undefined). */
async function gate(def: Partial<HookDef>, event: Record<string, unknown> = claude.preToolUse()): Promise<{ message: unknown; decision: unknown; reason: unknown }> {
  const root = await source([{ id: "gate", ...def }]);
  const result = await run(root, "claude-code", event);
  expect(result.exit).toBe(0);
  const out = specific(result.response);
  return { message: result.response?.["systemMessage"], decision: out?.["permissionDecision"], reason: out?.["permissionDecisionReason"] };
}

const rawScript = (text: string) => `process.stdout.write(${JSON.stringify(text)});`;

describe("failure codes", () => {
  it.each([
    [
      "a required binding whose field is absent",
      { inputs: [{ name: "call", type: "string" }], bindings: [{ input: "call", field: "tool.call_id" }], argv: ["${input.call}"] },
      claude.preToolUse({ tool_use_id: undefined }),
    ],
    [
      "a path binding with ..",
      { inputs: [{ name: "dir", type: "path" }], bindings: [{ input: "dir", field: "session.cwd" }], argv: ["${input.dir}"] },
      claude.preToolUse({ cwd: "/work/../etc" }),
    ],
    [
      "a relative path binding",
      { inputs: [{ name: "dir", type: "path" }], bindings: [{ input: "dir", field: "session.cwd" }], argv: ["${input.dir}"] },
      claude.preToolUse({ cwd: "work" }),
    ],
    [
      "a binding whose value is not a string",
      { inputs: [{ name: "mode", type: "string" }], bindings: [{ input: "mode", field: "session.permission_mode" }], argv: ["${input.mode}"] },
      claude.preToolUse({ permission_mode: 3 }),
    ],
    [
      "a binding whose value contains NUL",
      { inputs: [{ name: "name", type: "string" }], bindings: [{ input: "name", field: "tool.name" }], argv: ["${input.name}"] },
      claude.preToolUse({ tool_name: "Ba\u0000sh" }),
    ],
  ])("hook_binding_missing: %s", async (_title, def, event) => {
    const failed = await gate({ ...def, script: "throw new Error('must not run')" } as Partial<HookDef>, event);
    expect(failed.message).toMatch(/^hook `gate`: hook_binding_missing \(event field [a-z_.]+ is missing or unusable for required input [a-z]+\)$/);
    expect(failed).toMatchObject({ decision: "deny", reason: "hook `gate` failed" });
  });

  it("falls back from tool_use_id to tool_call_id for tool.call_id", async () => {
    const root = await source([
      {
        id: "gate",
        inputs: [{ name: "call", type: "string" }],
        bindings: [{ input: "call", field: "tool.call_id" }],
        argv: ["${input.call}"],
        script: `process.stdout.write(JSON.stringify({ kind: "deny", reason: process.argv[2] }));`,
      },
    ]);
    const result = await run(root, "codex", codex.preToolUse({ tool_use_id: undefined, tool_call_id: "call_9" }));
    expect(specific(result.response)?.["permissionDecisionReason"]).toBe("call_9");
  });

  it.each([
    ["a non-zero exit", "process.stdout.write(JSON.stringify({ kind: 'allow' })); process.exit(3);", "hook `gate`: hook_handler_failed (exit code 3)"],
    ["a signal", "process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);", "hook `gate`: hook_handler_failed (killed by signal SIGTERM)"],
  ])("hook_handler_failed: %s", async (_title, script, line) => {
    expect(await gate({ script })).toEqual({ message: line, decision: "deny", reason: "hook `gate` failed" });
  });

  it("hook_handler_failed: an entry that cannot be started", async () => {
    const failed = await gate({ runtime: "executable", entryName: "run.sh", entry: { text: "not a script, no shebang \u0000", mode: 0o755 } });
    expect(failed.message).toMatch(/^hook `gate`: hook_handler_failed \(/);
    expect(failed.decision).toBe("deny");
  });

  it("hook_handler_timeout", async () => {
    const failed = await gate({ timeout_ms: 150, script: "setInterval(() => {}, 1000);" });
    expect(failed).toEqual({ message: "hook `gate`: hook_handler_timeout (no result within 150 ms; process group killed)", decision: "deny", reason: "hook `gate` failed" });
  });

  it("hook_output_too_large: stdout of 4 MiB + 1 byte", async () => {
    const failed = await gate({ script: `process.stdout.write(" ".repeat(${4 * MiB}) + "x");` });
    expect(failed).toEqual({ message: "hook `gate`: hook_output_too_large (stdout exceeds 4194304 bytes)", decision: "deny", reason: "hook `gate` failed" });
  });

  it("accepts a result of exactly 4 MiB (whitespace padding)", async () => {
    const body = JSON.stringify({ kind: "deny", reason: "padded" });
    const failed = await gate({ script: `process.stdout.write(${JSON.stringify(body)} + " ".repeat(${4 * MiB - body.length}));` });
    expect(failed).toEqual({ message: undefined, decision: "deny", reason: "padded" });
  });

  it("hook_output_too_large: a text field over 16 KiB; exactly 16 KiB is fine", async () => {
    const over = await gate({ out: { kind: "deny", reason: "é".repeat(8192) + "x" } });
    expect(over.message).toBe("hook `gate`: hook_output_too_large (deny.reason exceeds 16384 UTF-8 bytes)");
    const exact = await gate({ out: { kind: "deny", reason: "é".repeat(8192) } });
    expect(exact).toEqual({ message: undefined, decision: "deny", reason: "é".repeat(8192) });
  });

  it("hook_output_too_large: a rewritten input over 1 MiB of JSON", async () => {
    const failed = await gate({ effect: "rewrite_input", out: { kind: "rewrite_input", input: { command: "x".repeat(MiB) } } });
    expect(failed).toEqual({ message: "hook `gate`: hook_output_too_large (rewrite_input.input exceeds 1048576 bytes of JSON)", decision: "deny", reason: "hook `gate` failed" });
  });

  it.each([
    ["empty stdout", "", "stdout is empty (a handler must print a result; abstain is the no-op)"],
    ["whitespace only", " \n\t", "stdout is empty (a handler must print a result; abstain is the no-op)"],
    ["text", "allow", "stdout is not exactly one JSON value"],
    ["two objects", '{"kind":"allow"}\n{"kind":"allow"}', "stdout is not exactly one JSON value"],
    ["an array", '[{"kind":"allow"}]', "stdout is not a JSON object"],
    ["null", "null", "stdout is not a JSON object"],
    ["no kind", '{"reason":"x"}', "kind is missing or not a portable result kind"],
    ["an unknown kind", '{"kind":"block","reason":"x"}', "kind is missing or not a portable result kind"],
    ["an extra field", '{"kind":"allow","reason":"x"}', "a allow result has exactly the fields kind"],
    ["a missing field", '{"kind":"deny"}', "a deny result has exactly the fields kind, reason"],
    ["a reason that is not a string", '{"kind":"deny","reason":7}', "deny.reason must be a string"],
    ["a reason with NUL", '{"kind":"deny","reason":"a\\u0000b"}', "deny.reason contains NUL"],
    ["an empty reason", '{"kind":"deny","reason":""}', "deny.reason must not be empty"],
    ["a blank reason", '{"kind":"deny","reason":"  \\n"}', "deny.reason must not be empty"],
  ])("hook_result_malformed: %s", async (_title, stdout, detail) => {
    expect(await gate({ script: rawScript(stdout) })).toEqual({ message: `hook \`gate\`: hook_result_malformed (${detail})`, decision: "deny", reason: "hook `gate` failed" });
  });

  it("hook_result_malformed: stdout that is not UTF-8", async () => {
    const failed = await gate({ script: `process.stdout.write(Buffer.from([0x7b, 0xff, 0x7d]));` });
    expect(failed.message).toBe("hook `gate`: hook_result_malformed (stdout is not UTF-8)");
  });

  it("hook_result_malformed: a rewrite whose input is not an object", async () => {
    const failed = await gate({ effect: "rewrite_input", out: { kind: "rewrite_input", input: ["echo"] } });
    expect(failed.message).toBe("hook `gate`: hook_result_malformed (rewrite_input.input must be a JSON object)");
  });

  it.each([
    [
      "deny from an add_context hook",
      { effect: "add_context", failure_policy: "report" },
      { kind: "deny", reason: "no" },
      "result kind deny is not allowed for effect add_context",
    ],
    ["add_context from an allow_deny hook", {}, { kind: "add_context", context: "c" }, "result kind add_context is not allowed for effect allow_deny"],
    ["observe from an allow_deny hook", {}, { kind: "observe" }, "result kind observe is not allowed for effect allow_deny"],
    [
      "continue_workflow from a rewrite_input hook",
      { effect: "rewrite_input" },
      { kind: "continue_workflow", reason: "r" },
      "result kind continue_workflow is not allowed for effect rewrite_input",
    ],
  ])("hook_result_incompatible: %s", async (_title, def, out, detail) => {
    const failed = await gate({ ...def, out } as Partial<HookDef>);
    expect(failed.message).toBe(`hook \`gate\`: hook_result_incompatible (${detail})`);
  });

  it("abstain is compatible with every effect", async () => {
    for (const effect of ["allow_deny", "rewrite_input"]) {
      expect(await gate({ effect, out: { kind: "abstain" } })).toEqual({ message: undefined, decision: undefined, reason: undefined });
    }
  });

  const replacer: HookDef = { id: "swap", phase: "after", effect: "replace_output", failure_policy: "report", out: { kind: "replace_output", output: { stdout: "replaced" } } };

  it("hook_result_incompatible: replace_output under codex", async () => {
    const root = await source([replacer]);
    const result = await run(root, "codex", codex.postToolUse());
    expect(result.response).toEqual({ systemMessage: "hook `swap`: hook_result_incompatible (codex cannot replace tool output on PostToolUse)" });
  });

  it("hook_result_incompatible: replace_output on Claude Code's PostToolUseFailure", async () => {
    const root = await source([replacer]);
    const result = await run(root, "claude-code", claude.postToolUseFailure());
    expect(result.response).toEqual({ systemMessage: "hook `swap`: hook_result_incompatible (claude-code cannot replace tool output on PostToolUseFailure)" });
  });
});

describe("dispatcher errors: exit 1, a bounded line on stderr, nothing on stdout", () => {
  async function expectError(result: { exit: number; stdout: string; stderr: string }, pattern: RegExp): Promise<void> {
    expect(result.exit).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr.length).toBeLessThan(600);
  }

  it("refuses a package that does not validate, without running anything", async () => {
    const root = await makeTree({});
    try {
      const marker = join(root, "ran.marker");
      // fail_open on an observe hook is invalid (observe requires report).
      const invalid = await source([
        {
          id: "watch",
          effect: "observe",
          failure_policy: "fail_open",
          script: `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "x"); process.stdout.write('{"kind":"observe"}');`,
        },
      ]);
      await expectError(await run(invalid, "claude-code", claude.preToolUse()), /^pap-reference hook dispatch: package "demo" does not validate \(invalid_plugin_package: /);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await removeTree(root);
    }
  });

  it("refuses an unknown plugin and an unknown hook id", async () => {
    const root = await source([{ id: "gate" }]);
    await expectError(await run(root, "claude-code", claude.preToolUse(), { plugin: "other" }), /source has no package "other"/);
    await expectError(await run(root, "claude-code", claude.preToolUse(), { hooks: ["gate", "nope"] }), /package "demo" has no hook "nope"/);
  });

  it("refuses an unknown provider and a missing source", async () => {
    const root = await source([{ id: "gate" }]);
    await expectError(await run(root, "claude", claude.preToolUse()), /unknown provider "claude"/);
    await expectError(await run(join(root, "missing"), "codex", codex.preToolUse()), /cannot load source/);
  });

  it.each([
    ["not JSON", "{not json"],
    ["not UTF-8", Buffer.from([0x7b, 0xff, 0x7d])],
    ["an array", "[]"],
    ["without hook_event_name", JSON.stringify({ session_id: "s" })],
  ])("refuses a native event that is %s", async (_title, raw) => {
    const root = await source([{ id: "gate", out: { kind: "deny", reason: "must not run" } }]);
    await expectError(await run(root, "claude-code", undefined, { raw }), /^pap-reference hook dispatch: the native event/);
  });
});

describe("events and hooks that do not apply", () => {
  it("answers {} for events no portable hook maps from", async () => {
    const root = await source([{ id: "gate", out: { kind: "deny", reason: "x" } }]);
    expect(await run(root, "claude-code", claude.sessionStart())).toMatchObject({ exit: 0, stdout: "{}\n" });
    // PostToolUseFailure is Claude Code's alone.
    expect(await run(root, "codex", { ...codex.postToolUse(), hook_event_name: "PostToolUseFailure" })).toMatchObject({ exit: 0, stdout: "{}\n" });
  });

  it("skips a hook whose tool_names does not contain tool_name exactly", async () => {
    const root = await source([{ id: "gate", tool_names: ["Bash"], out: { kind: "deny", reason: "bash only" } }]);
    expect((await run(root, "claude-code", claude.preToolUse({ tool_name: "bash" }))).response).toEqual({});
    expect((await run(root, "claude-code", claude.preToolUse({ tool_name: undefined }))).response).toEqual({});
    expect(specific((await run(root, "claude-code", claude.preToolUse())).response)?.["permissionDecisionReason"]).toBe("bash only");
  });

  it("runs only the hooks named with --hook", async () => {
    const root = await source([
      { id: "a", out: { kind: "deny", reason: "from a" } },
      { id: "b", out: { kind: "deny", reason: "from b" } },
    ]);
    const result = await run(root, "codex", codex.preToolUse(), { hooks: ["b"] });
    expect(specific(result.response)?.["permissionDecisionReason"]).toBe("from b");
  });
});
