// Helpers for the dispatcher and projection tests: a source with one package whose hooks each
// run their own small node handler, and native payloads shaped like the pinned harnesses'.

import { stringify } from "smol-toml";
import { dispatch, type DispatchResult } from "../src/dispatch/dispatch.js";
import { afterAll } from "vitest";
import { makeTree, removeTree, type TreeEntry } from "./fixtures.js";

export interface HookDef {
  id: string;
  subject?: string;
  phase?: string;
  effect?: string;
  requirement?: string;
  fallback?: string;
  timeout_ms?: number;
  failure_policy?: string;
  error_visibility?: string;
  tool_names?: string[];
  bindings?: { input: string; field: string }[];
  /** The handler: a node ESM script body (default: print `out`). */
  script?: string;
  /** What the default handler prints on stdout (a JSON value is stringified). */
  out?: unknown;
  inputs?: { name: string; type: string; required?: boolean }[];
  argv?: string[];
  env?: string[];
  runtime?: "node" | "python" | "executable";
  entry?: TreeEntry;
  entryName?: string;
}

export function printScript(out: unknown): string {
  const text = typeof out === "string" ? out : JSON.stringify(out);
  return `process.stdout.write(${JSON.stringify(text)});\n`;
}

/** A source with plugins/<name>/ holding one tool per hook (tool id = hook id). */
export async function makeSource(hooks: HookDef[], name = "demo", extraFiles: Record<string, TreeEntry> = {}): Promise<string> {
  const files: Record<string, TreeEntry> = {};
  const tool: Record<string, unknown>[] = [];
  const hook: Record<string, unknown>[] = [];
  for (const def of hooks) {
    const entryName = def.entryName ?? `${def.id}.mjs`;
    files[`plugins/${name}/${entryName}`] = def.entry ?? def.script ?? printScript(def.out ?? { kind: "abstain" });
    const t: Record<string, unknown> = {
      schema_version: 1,
      id: def.id,
      entry: entryName,
      runtime: def.runtime ?? "node",
      argv: def.argv ?? [],
      cwd: "tool_root",
      availability: "required",
    };
    if (def.inputs) t["inputs"] = def.inputs;
    if (def.env) t["env"] = def.env;
    tool.push(t);
    const h: Record<string, unknown> = {
      schema_version: 1,
      id: def.id,
      tool: def.id,
      subject: def.subject ?? "tool_call",
      phase: def.phase ?? "before",
      effect: def.effect ?? "allow_deny",
      requirement: def.requirement ?? "required",
      timeout_ms: def.timeout_ms ?? 5000,
      failure_policy: def.failure_policy ?? "fail_closed",
      retry: "never",
      error_visibility: def.error_visibility ?? "user",
      blocking_scope: "matched_event",
    };
    if (def.tool_names) h["matcher"] = { tool_names: def.tool_names };
    if (def.bindings) h["bindings"] = def.bindings;
    if (def.fallback) h["fallback"] = def.fallback;
    else if ((def.requirement ?? "required") === "optional") h["fallback"] = "omit";
    hook.push(h);
  }
  const manifest: Record<string, unknown> = { schema_version: 1, plugin: { name, description: "Dispatch test package" } };
  if (tool.length > 0) manifest["tool"] = tool;
  if (hook.length > 0) manifest["hook"] = hook;
  files[`plugins/${name}/PLUGIN.toml`] = stringify(manifest) + "\n";
  return makeTree({ ...files, ...extraFiles });
}

const SESSION = "3f1c7d2e-0000-4000-8000-000000000001";

/** Claude Code 2.1.233 payloads (shapes from pinned-harnesses.md). */
export const claude = {
  preToolUse: (extra: Record<string, unknown> = {}) => ({
    session_id: SESSION,
    transcript_path: `/root/.claude/projects/-work/${SESSION}.jsonl`,
    cwd: "/work/project",
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    effort: { level: "medium" },
    tool_name: "Bash",
    tool_input: { command: "echo hello", description: "Print hello" },
    tool_use_id: "toolu_01ABC",
    ...extra,
  }),
  postToolUse: (extra: Record<string, unknown> = {}) => ({
    session_id: SESSION,
    transcript_path: `/root/.claude/projects/-work/${SESSION}.jsonl`,
    cwd: "/work/project",
    permission_mode: "default",
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: "echo hello", description: "Print hello" },
    tool_response: { stdout: "hello", stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
    tool_use_id: "toolu_01ABC",
    duration_ms: 12,
    ...extra,
  }),
  postToolUseFailure: (extra: Record<string, unknown> = {}) => ({
    session_id: SESSION,
    transcript_path: `/root/.claude/projects/-work/${SESSION}.jsonl`,
    cwd: "/work/project",
    permission_mode: "default",
    hook_event_name: "PostToolUseFailure",
    tool_name: "Bash",
    tool_input: { command: "ls /nonexistent-papc" },
    tool_use_id: "toolu_01DEF",
    error: "Exit code 2",
    ...extra,
  }),
  userPromptSubmit: (extra: Record<string, unknown> = {}) => ({
    session_id: SESSION,
    transcript_path: `/root/.claude/projects/-work/${SESSION}.jsonl`,
    cwd: "/work/project",
    hook_event_name: "UserPromptSubmit",
    prompt_id: "p1",
    permission_mode: "default",
    prompt: "Run echo hello",
    ...extra,
  }),
  stop: (extra: Record<string, unknown> = {}) => ({
    session_id: SESSION,
    transcript_path: `/root/.claude/projects/-work/${SESSION}.jsonl`,
    cwd: "/work/project",
    permission_mode: "default",
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: "Done.",
    background_tasks: [],
    session_crons: [],
    ...extra,
  }),
  sessionEnd: (extra: Record<string, unknown> = {}) => ({
    session_id: SESSION,
    transcript_path: `/root/.claude/projects/-work/${SESSION}.jsonl`,
    cwd: "/work/project",
    hook_event_name: "SessionEnd",
    reason: "other",
    ...extra,
  }),
  sessionStart: () => ({ session_id: SESSION, transcript_path: "/t.jsonl", cwd: "/work/project", hook_event_name: "SessionStart", source: "startup" }),
};

/** Codex 0.147.0 payloads (shapes from pinned-harnesses.md). */
export const codex = {
  common: (event: string) => ({
    session_id: SESSION,
    transcript_path: `/root/.codex/sessions/rollout-${SESSION}.jsonl`,
    cwd: "/work/project",
    hook_event_name: event,
    model: "gpt-test",
    permission_mode: "bypassPermissions",
  }),
  preToolUse: (extra: Record<string, unknown> = {}) => ({
    ...codex.common("PreToolUse"),
    turn_id: "turn-1",
    tool_name: "Bash",
    tool_input: { command: "echo hello" },
    tool_use_id: "call_1",
    ...extra,
  }),
  postToolUse: (extra: Record<string, unknown> = {}) => ({
    ...codex.common("PostToolUse"),
    turn_id: "turn-1",
    tool_name: "Bash",
    tool_input: { command: "echo hello" },
    tool_response: "hello\n",
    tool_use_id: "call_1",
    ...extra,
  }),
  stop: (extra: Record<string, unknown> = {}) => ({ ...codex.common("Stop"), turn_id: "turn-1", stop_hook_active: false, last_assistant_message: "Done.", ...extra }),
  sessionEnd: (extra: Record<string, unknown> = {}) => ({ ...codex.common("SessionEnd"), reason: "exit", ...extra }),
};

export interface Dispatched extends DispatchResult {
  /** stdout parsed as JSON (null when empty). */
  response: Record<string, unknown> | null;
}

export async function run(
  source: string,
  provider: string,
  event: unknown,
  options: { plugin?: string; hooks?: string[]; env?: Record<string, string | undefined>; raw?: Buffer | string } = {},
): Promise<Dispatched> {
  const result = await dispatch({
    source,
    provider,
    plugin: options.plugin ?? "demo",
    ...(options.hooks ? { hooks: options.hooks } : {}),
    event: options.raw ?? JSON.stringify(event),
    env: options.env ?? { PATH: process.env["PATH"] },
  });
  const response = result.stdout.trim() === "" ? null : (JSON.parse(result.stdout) as Record<string, unknown>);
  return { ...result, response };
}

/** The hookSpecificOutput of a response (or undefined). */
export function specific(response: Record<string, unknown> | null): Record<string, unknown> | undefined {
  return response?.["hookSpecificOutput"] as Record<string, unknown> | undefined;
}

/**
 * makeSource for one test file: every source it makes is removed after the file's tests
 * (call at module level; vitest's afterAll registers on the file).
 */
export function tempSources(): typeof makeSource {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await removeTree(root);
  });
  return async (...args) => {
    const root = await makeSource(...args);
    roots.push(root);
    return root;
  };
}
