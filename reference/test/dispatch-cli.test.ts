// `pap-reference hook dispatch` in process and as the built bin, and the protocol server's
// `dispatch` operation.

import { existsSync } from "node:fs";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/cli.js";
import { kitPath } from "../../runner/shared/kit-root.js";
import { claude, codex, makeSource } from "./dispatch-fixtures.js";
import { removeTree } from "./fixtures.js";

let root = "";
beforeAll(async () => {
  root = await makeSource([
    {
      id: "gate",
      tool_names: ["Bash"],
      env: ["GATE_MODE"],
      script: `const mode = process.env.GATE_MODE ?? "unset"; process.stdout.write(JSON.stringify(mode === "deny" ? { kind: "deny", reason: "mode " + mode } : { kind: "allow" }));`,
    },
    { id: "note", effect: "add_context", failure_policy: "report", out: { kind: "add_context", context: "Noted." } },
  ]);
});
afterAll(async () => {
  await removeTree(root);
});

async function cli(argv: string[], stdin: string, env: Record<string, string | undefined> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stdin: async () => Buffer.from(stdin), env });
  return { code, stdout, stderr };
}

const args = (provider: string, ...extra: string[]) => ["hook", "dispatch", "--provider", provider, "--source", root, "--plugin", "demo", ...extra];

describe("pap-reference hook dispatch (in process)", () => {
  it("reads the event from stdin and the handler environment from its own", async () => {
    const denied = await cli(args("claude-code"), JSON.stringify(claude.preToolUse()), { GATE_MODE: "deny" });
    expect(denied.code).toBe(0);
    expect(JSON.parse(denied.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "mode deny" } });
    const allowed = await cli(args("claude-code"), JSON.stringify(claude.preToolUse()), {});
    expect(JSON.parse(allowed.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "Noted." } });
  });

  it("restricts the run to the --hook ids", async () => {
    const run = await cli(args("codex", "--hook", "gate"), JSON.stringify(codex.preToolUse()), { GATE_MODE: "allow" });
    expect(run).toEqual({ code: 0, stdout: "{}\n", stderr: "" });
  });

  it.each([
    [["hook", "dispatch", "--provider", "codex", "--source", "x"]], // --plugin missing
    [["hook", "dispatch", "--bogus"]],
    [["--json", "hook", "dispatch"]],
  ])("exits 1, never 2, on usage problems: %j", async (argv) => {
    expect((await cli(argv, "{}")).code).toBe(1);
  });

  it("exits 1 with a message for a malformed event", async () => {
    const run = await cli(args("codex"), "{");
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr).toContain("not JSON");
  });
});

describe("the built bin", () => {
  const bin = kitPath("dist", "reference", "src", "cli.js");

  it("dispatches from a real stdin pipe", async () => {
    expect(existsSync(bin), `${bin} missing: build first (npx tsc -p tsconfig.json)`).toBe(true);
    const run = await execa("node", [bin, ...args("codex")], { input: JSON.stringify(codex.preToolUse()), reject: false, env: { GATE_MODE: "deny" } });
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "mode deny" } });
  });
});

describe("protocol server: dispatch", () => {
  const server = kitPath("dist", "reference", "src", "protocol-server.js");

  it("announces dispatch and answers {exit, stdout, stderr}", async () => {
    expect(existsSync(server), `${server} missing: build first`).toBe(true);
    const runCase = (seq: number, caseArgs: Record<string, unknown>) => ({ cmd: "run", seq, case: { id: `t/${seq}`, operation: "dispatch", root, source: root, args: caseArgs } });
    const requests = [
      { cmd: "hello", protocol: 1, kit: { name: "papc", version: "0.1.0" } },
      runCase(1, { provider: "claude-code", plugin: "demo", event: claude.preToolUse(), environment: { GATE_MODE: "deny" } }),
      runCase(2, { provider: "codex", plugin: "demo", hooks: ["note"], event: codex.preToolUse() }),
      runCase(3, { provider: "codex", plugin: "demo", event: "not an object" }),
      runCase(4, { provider: "codex", plugin: "demo" }),
      runCase(5, { provider: "codex", plugin: "demo", event: codex.sessionEnd() }),
      { cmd: "stop" },
    ];
    const run = await execa("node", [server], { input: requests.map((r) => JSON.stringify(r)).join("\n") + "\n", reject: false, timeout: 20_000, env: { GATE_MODE: "allow" } });
    const replies = run.stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(replies[0]).toMatchObject({
      operations: ["validate", "validate-cli", "dispatch", "live", "project", "load-agent-plugin", "compose", "review", "approve", "revoke", "activate", "remove"],
    });
    expect(replies[1]).toEqual({
      seq: 1,
      result: {
        exit: 0,
        stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "mode deny" } }) + "\n",
        stderr: "",
      },
    });
    expect(replies[2]).toEqual({
      seq: 2,
      result: { exit: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "Noted." } }) + "\n", stderr: "" },
    });
    expect(replies[3]).toMatchObject({ seq: 3, result: { exit: 1, stdout: "" } });
    expect(replies[4]).toMatchObject({ seq: 4, errored: { message: expect.stringContaining("args.event") } });
    expect(replies[5]).toEqual({ seq: 5, result: { exit: 0, stdout: "{}\n", stderr: "" } });
  });
});
