// Dispatching the real payloads recorded from the pinned harnesses (recordings/, SPEC chapter 7):
// every binding a package can declare for an event must be present and usable in what the
// harness really sends, and each event must come back in its native shape.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitPath } from "../../runner/shared/kit-root.js";
import { makeSource, run, type HookDef } from "./dispatch-fixtures.js";
import { removeTree } from "./fixtures.js";

interface Recording {
  origin: string;
  provider: string;
  event: string;
  payload: Record<string, unknown>;
}

function recordingFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "scenarios" ? [] : recordingFiles(path);
    return entry.name.endsWith(".json") ? [path] : [];
  });
}

const recordingsDir = kitPath("recordings");
const recordings = recordingFiles(recordingsDir)
  .map((file) => ({ id: relative(recordingsDir, file), recording: JSON.parse(readFileSync(file, "utf8")) as Recording }))
  .filter(({ recording }) => recording.origin === "recorded" && (recording.provider === "claude-code" || recording.provider === "codex"));

const input = (name: string, type = "string") => ({ name, type });
const bind = (pairs: [string, string][]) => ({
  inputs: pairs.map(([name, field]) =>
    input(name, field === "session.cwd" || field === "transcript.path" ? "path" : field === "workflow.already_continued" ? "boolean" : "string"),
  ),
  bindings: pairs.map(([name, field]) => ({ input: name, field })),
  argv: pairs.map(([name]) => `\${input.${name}}`),
});
const args = "const a = process.argv.slice(2);";

// Every hook binds every field its subject/phase offers that the pinned harnesses always send;
// all inputs are required, so a field missing from a real payload shows up as a denial or a failure.
const HOOKS: HookDef[] = [
  {
    id: "gate",
    tool_names: ["Bash"],
    ...bind([
      ["sid", "session.id"],
      ["cwd", "session.cwd"],
      ["mode", "session.permission_mode"],
      ["kind", "actor.kind"],
      ["call", "tool.call_id"],
      ["tool", "tool.name"],
    ]),
    script: `${args} process.stdout.write(JSON.stringify({ kind: "deny", reason: a[3] + ":" + a[5] }));`,
  },
  {
    id: "prompt",
    subject: "user_prompt",
    effect: "add_context",
    failure_policy: "report",
    ...bind([
      ["sid", "session.id"],
      ["cwd", "session.cwd"],
      ["mode", "session.permission_mode"],
      ["text", "prompt.text"],
    ]),
    script: `${args} process.stdout.write(JSON.stringify({ kind: "add_context", context: "prompt: " + a[3] }));`,
  },
  {
    id: "after",
    phase: "after",
    effect: "add_context",
    failure_policy: "report",
    ...bind([
      ["sid", "session.id"],
      ["cwd", "session.cwd"],
      ["call", "tool.call_id"],
      ["tool", "tool.name"],
    ]),
    script: `${args} process.stdout.write(JSON.stringify({ kind: "add_context", context: "after " + a[3] }));`,
  },
  {
    id: "stop",
    subject: "workflow",
    phase: "completion_attempt",
    effect: "continue_workflow",
    failure_policy: "fail_closed",
    ...bind([
      ["sid", "session.id"],
      ["transcript", "transcript.path"],
      ["again", "workflow.already_continued"],
      ["last", "workflow.last_message"],
    ]),
    script: `${args} process.stdout.write(JSON.stringify(a[2] === "true" ? { kind: "abstain" } : { kind: "continue_workflow", reason: "again" }));`,
  },
  {
    id: "end",
    subject: "session",
    phase: "end",
    effect: "observe",
    failure_policy: "report",
    ...bind([
      ["sid", "session.id"],
      ["cwd", "session.cwd"],
      ["transcript", "transcript.path"],
      ["why", "session.end_reason"],
    ]),
    script: `process.stdout.write(JSON.stringify({ kind: "observe" }));`,
  },
];

let root = "";
beforeAll(async () => {
  root = await makeSource(HOOKS);
});
afterAll(async () => {
  await removeTree(root);
});

function expected(recording: Recording): Record<string, unknown> {
  const p = recording.payload;
  const specific = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: recording.event, ...fields } });
  switch (recording.event) {
    case "PreToolUse":
      if (p["tool_name"] !== "Bash") return {};
      return specific({ permissionDecision: "deny", permissionDecisionReason: `${"agent_id" in p ? "subagent" : "root"}:Bash` });
    case "UserPromptSubmit":
      return specific({ additionalContext: `prompt: ${String(p["prompt"])}` });
    case "PostToolUse":
    case "PostToolUseFailure":
      return specific({ additionalContext: `after ${String(p["tool_name"])}` });
    case "Stop":
      return p["stop_hook_active"] === true ? {} : { decision: "block", reason: "again" };
    default:
      return {}; // SessionEnd succeeds silently; SessionStart and Subagent* map to no hook
  }
}

describe.skipIf(recordings.length === 0)("recorded payloads", () => {
  it.each(recordings.map(({ id, recording }) => [id, recording] as const))("%s", async (_id, recording) => {
    const raw = JSON.stringify(recording.payload);
    const result = await run(root, recording.provider, undefined, { raw });
    expect(result.stderr).toBe("");
    expect(result.exit).toBe(0);
    expect(result.response).toEqual(expected(recording));
  });
});
