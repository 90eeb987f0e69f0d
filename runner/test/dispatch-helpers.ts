// Shared by the dispatch tests: documented payloads in a temporary recordings directory, and
// dispatch cases loaded from YAML text against it.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { loadCaseFile, type CaseSet } from "../src/cases/load-cases.js";
import { RecordingStore } from "../src/dispatch/recording-store.js";
import type { LoadedCase } from "../src/types/case.js";

const common = { session_id: "s-1", transcript_path: "/tmp/t.jsonl", cwd: "/tmp/work", permission_mode: "default" };

/** Hand-written payloads (origin: documented), keyed by recording id. */
export const PAYLOADS: Record<string, Record<string, unknown>> = {
  "claude-code/2.1.233/PreToolUse/t": { ...common, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "echo hi" }, tool_use_id: "toolu_1" },
  "claude-code/2.1.233/PostToolUse/t": {
    ...common,
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: "echo hi" },
    tool_response: { stdout: "hi" },
    tool_use_id: "toolu_1",
  },
  "claude-code/2.1.233/UserPromptSubmit/t": { ...common, hook_event_name: "UserPromptSubmit", prompt: "hello" },
  "claude-code/2.1.233/Stop/t": { ...common, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "done" },
  "claude-code/2.1.233/SessionEnd/t": { ...common, hook_event_name: "SessionEnd", reason: "other" },
  "claude-code/2.1.233/SessionStart/t": { ...common, hook_event_name: "SessionStart", source: "startup" },
  "codex/0.147.0/PreToolUse/t": { ...common, hook_event_name: "PreToolUse", tool_name: "shell", tool_input: { command: ["echo", "hi"] }, tool_use_id: "call_1" },
};

/** A temporary recordings root holding PAYLOADS (plus `extra`), in the recording file shape. */
export async function recordingsDir(extra: Record<string, unknown> = {}): Promise<string> {
  const root = (await tmpDir({ unsafeCleanup: true })).path;
  for (const [id, payload] of Object.entries({ ...PAYLOADS, ...extra })) {
    const [provider, version, event, scenario] = id.split("/");
    const file = join(root, `${id}.json`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ recording: 1, origin: "documented", provider, version, event, scenario, payload }));
  }
  return root;
}

export function loadText(text: string, recordings: string, file = "cases/hooks/x/f.yaml", folder = "hooks/x"): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, file, folder, set, new RecordingStore(recordings));
  return set;
}

/** One dispatch case from YAML text; throws with the findings when it does not load. */
export function loadOne(text: string, recordings: string): LoadedCase {
  const set = loadText(text, recordings);
  if (set.problems.length > 0 || set.cases.length !== 1) throw new Error(JSON.stringify(set.problems, null, 2));
  return set.cases[0]!;
}

/** A dispatch case's YAML: header lines plus `given` and `expect` bodies (already indented). */
export function dispatchCase(given: string, expect = "  exit: 0", id = "hooks/x/c"): string {
  return `id: ${id}\ntitle: t\nspec: [KIT-A]\noperation: dispatch\ngiven:\n${given}\nexpect:\n${expect}\n`;
}
