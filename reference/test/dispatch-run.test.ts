// The handler run contract: argv, environment allow-list, stdin bytes, cwd, runtimes,
// process-group kill on timeout, and handler output never leaking onto the dispatcher's stdout.

import { createHash } from "node:crypto";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findOnPath } from "../src/dispatch/invocation.js";
import { claude, codex, run, tempSources, specific } from "./dispatch-fixtures.js";

const source = tempSources();

/** A handler that reports something about itself as add_context (so it comes back verbatim). */
const report = (expression: string) => `
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
const stdin = readFileSync(0);
void stdin; void createHash;
process.stdout.write(JSON.stringify({ kind: "add_context", context: JSON.stringify(${expression}) }));
`;

const contextHook = { effect: "add_context", failure_policy: "report" };

function contextOf(response: Record<string, unknown> | null): unknown {
  const context = specific(response)?.["additionalContext"];
  return typeof context === "string" ? JSON.parse(context) : undefined;
}

describe("handler environment", () => {
  it("passes exactly the allow-listed variables that are set, and nothing else (not even PATH)", async () => {
    const root = await source([{ id: "env", ...contextHook, env: ["ALLOWED_TOKEN", "NOT_SET_HERE"], script: report("process.env") }]);
    const result = await run(root, "claude-code", claude.preToolUse(), {
      env: { PATH: process.env["PATH"], ALLOWED_TOKEN: "tok-1", PAPC_SECRET: "s3cret-value", HOME: "/root" },
    });
    expect(result.exit).toBe(0);
    expect(contextOf(result.response)).toEqual({ ALLOWED_TOKEN: "tok-1" });
    expect(result.stdout).not.toContain("s3cret-value");
  });
});

describe("handler stdin, cwd and argv", () => {
  it("gets the raw native bytes on stdin, unchanged", async () => {
    const root = await source([{ id: "bytes", ...contextHook, script: report(`{ sha: createHash("sha256").update(stdin).digest("hex"), length: stdin.length }`) }]);
    // Pretty-printed, with non-ASCII text: a re-serialization would change the bytes.
    const raw = Buffer.from(JSON.stringify(claude.preToolUse({ tool_input: { command: "echo héllo ✓" } }), null, 3) + "\n\n", "utf8");
    const result = await run(root, "claude-code", undefined, { raw });
    expect(contextOf(result.response)).toEqual({ sha: createHash("sha256").update(raw).digest("hex"), length: raw.length });
  });

  it("runs in the package directory (the tool root)", async () => {
    const root = await source([{ id: "where", ...contextHook, script: report("process.cwd()") }]);
    const result = await run(root, "codex", codex.preToolUse());
    expect(contextOf(result.response)).toBe(realpathSync(join(root, "plugins", "demo")));
  });

  const argvHook = {
    id: "args",
    ...contextHook,
    inputs: [
      { name: "tool", type: "string" },
      { name: "agent", type: "string", required: false },
      { name: "count", type: "integer", required: false },
    ],
    bindings: [
      { input: "tool", field: "tool.name" },
      { input: "agent", field: "actor.id" },
    ],
    argv: ["--name", "${input.tool}", "${input.agent}", "${input.count}", "--end"],
    script: report("process.argv.slice(2)"),
  };

  it("drops the argv element of an optional input whose field is absent (and of an unbound one)", async () => {
    const root = await source([argvHook]);
    const result = await run(root, "claude-code", claude.preToolUse());
    expect(contextOf(result.response)).toEqual(["--name", "Bash", "--end"]);
  });

  it("fills an optional input when the event carries its field", async () => {
    const root = await source([argvHook]);
    const result = await run(root, "claude-code", claude.preToolUse({ agent_id: "agent-7" }));
    expect(contextOf(result.response)).toEqual(["--name", "Bash", "agent-7", "--end"]);
  });

  it("renders workflow.already_continued as true/false and actor.kind as root/subagent", async () => {
    const root = await source([
      {
        id: "stopper",
        subject: "workflow",
        phase: "completion_attempt",
        effect: "continue_workflow",
        failure_policy: "report",
        inputs: [
          { name: "again", type: "boolean" },
          { name: "kind", type: "string" },
          { name: "last", type: "string" },
        ],
        bindings: [
          { input: "again", field: "workflow.already_continued" },
          { input: "kind", field: "actor.kind" },
          { input: "last", field: "workflow.last_message" },
        ],
        argv: ["${input.again}", "${input.kind}", "${input.last}"],
        script: `process.stdout.write(JSON.stringify({ kind: "continue_workflow", reason: process.argv.slice(2).join("|") }));`,
      },
    ]);
    const first = await run(root, "codex", codex.stop());
    expect(first.response).toEqual({ decision: "block", reason: "false|root|Done." });
    const second = await run(root, "claude-code", claude.stop({ stop_hook_active: true, agent_id: "a1" }));
    expect(second.response).toEqual({ decision: "block", reason: "true|subagent|Done." });
  });
});

describe("runtimes", () => {
  it("runs an executable entry directly", async () => {
    const root = await source([
      { id: "exe", runtime: "executable", entryName: "check.sh", entry: { text: `#!/bin/sh\nprintf '%s' '{"kind":"deny","reason":"from sh"}'\n`, mode: 0o755 } },
    ]);
    const result = await run(root, "claude-code", claude.preToolUse());
    expect(specific(result.response)).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: "from sh" });
  });

  it.skipIf(findOnPath("python3", process.env["PATH"]) === undefined)("runs a python entry with python3 from the dispatcher's PATH", async () => {
    const root = await source([
      {
        id: "py",
        runtime: "python",
        entryName: "check.py",
        entry: `import json, os, sys\nsys.stdin.read()\nprint(json.dumps({"kind": "deny", "reason": "py " + str(sorted(os.environ.keys()))}))\n`,
      },
    ]);
    const result = await run(root, "codex", codex.preToolUse(), { env: { PATH: process.env["PATH"], PAPC_SECRET: "x" } });
    // python3 (or a pyenv shim standing in for it) may set variables of its own; what matters
    // is that nothing of the dispatcher's environment came through.
    const reason = String(specific(result.response)?.["permissionDecisionReason"]);
    expect(reason).toMatch(/^py \[/);
    expect(reason).not.toContain("PAPC_SECRET");
  });

  it("fails a python hook when python3 is not on the dispatcher's PATH", async () => {
    const root = await source([{ id: "py", runtime: "python", entryName: "check.py", entry: "print('{}')\n" }]);
    const result = await run(root, "claude-code", claude.preToolUse(), { env: { PATH: "/nonexistent-papc-bin" } });
    expect(result.response?.["systemMessage"]).toBe("hook `py`: hook_handler_failed (python3 is not on the dispatcher's PATH)");
  });
});

describe("timeouts and process groups", () => {
  it("kills the whole process group at timeout_ms, including a child the handler started", async () => {
    const pidFile = join(await source([]), "child.pid");
    const root = await source([
      {
        id: "hang",
        // Long enough for the handler to start its child and write the pid file on a busy machine.
        timeout_ms: 1500,
        argv: [pidFile],
        script: `
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
writeFileSync(process.argv[2], String(child.pid));
setInterval(() => {}, 1000);
`,
      },
    ]);
    const started = Date.now();
    const result = await run(root, "claude-code", claude.preToolUse());
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1500);
    expect(elapsed).toBeLessThan(5000);
    expect(specific(result.response)).toEqual({ hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "hook `hang` failed" });
    expect(result.response?.["systemMessage"]).toMatch(/^hook `hang`: hook_handler_timeout \(/);
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(await gone(pid)).toBe(true);
  });

  it("does not wait for a leftover child once the handler has exited", async () => {
    const root = await source([
      {
        id: "spawner",
        timeout_ms: 5000,
        script: `
import { spawn } from "node:child_process";
spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: ["ignore", "inherit", "ignore"] });
process.stdout.write(JSON.stringify({ kind: "allow" }));
process.exit(0);
`,
      },
    ]);
    const started = Date.now();
    const result = await run(root, "codex", codex.preToolUse());
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.response).toEqual({});
  });
});

/** Whether a process no longer runs (gone, or a zombie nobody reaped yet). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
    if (/^\d+ \(.*\) Z/.test(stat)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe("handler I/O robustness", () => {
  it("copes with a handler that exits without reading a large event", async () => {
    const root = await source([{ id: "early", out: { kind: "deny", reason: "early" } }]);
    const big = claude.preToolUse({ tool_input: { command: "echo", padding: "x".repeat(3 * 1024 * 1024) } });
    const result = await run(root, "claude-code", big);
    expect(specific(result.response)?.["permissionDecisionReason"]).toBe("early");
  });

  it("drains a chatty stderr and never copies it anywhere", async () => {
    const root = await source([
      {
        id: "chatty",
        script: `process.stderr.write("LEAK-MARKER ".repeat(200000)); process.stdout.write(JSON.stringify({ kind: "deny", reason: "done" }));`,
      },
      {
        id: "loud-fail",
        effect: "add_context",
        failure_policy: "report",
        script: `process.stderr.write("LEAK-MARKER failing"); process.stdout.write("LEAK-MARKER stdout"); process.exit(3);`,
      },
    ]);
    const result = await run(root, "claude-code", claude.preToolUse());
    expect(specific(result.response)?.["permissionDecisionReason"]).toBe("done");
    expect(result.response?.["systemMessage"]).toBe("hook `loud-fail`: hook_handler_failed (exit code 3)");
    expect(result.stdout).not.toContain("LEAK-MARKER");
    expect(result.stderr).not.toContain("LEAK-MARKER");
  });
});
