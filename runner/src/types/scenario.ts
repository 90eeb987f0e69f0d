// Scenarios: what the scripted model does in one harness run, and which hook events the
// recorder captures. Files: recordings/scenarios/<name>.yaml; schema:
// runner/src/schemas/scenario-schema.ts.

import type { Provider } from "./recording.js";

/**
 * Tools by neutral name; each model server maps them onto its harness's native tool:
 * shell → Claude `Bash` / Codex `exec_command`; apply_patch → Codex's freeform `apply_patch`;
 * subagent → Claude `Agent` / Codex `spawn_agent`; subagent_wait → Codex `wait_agent` on the
 * agent the last spawn created (Claude's Agent call already waits).
 */
export type NeutralTool = "shell" | "apply_patch" | "subagent" | "subagent_wait";

/** Which agent's model requests a turn answers: the root session or a subagent it spawned. */
export type Agent = "root" | "subagent";

export interface ToolCallTurn {
  tool: NeutralTool;
  /** shell: {command}; apply_patch: {patch}; subagent: {prompt, description?}; subagent_wait: {}. */
  arguments?: Record<string, unknown>;
  agent?: Agent;
  /** Only for these harnesses (default: every harness the scenario runs in). */
  providers?: Provider[];
}

export interface TextTurn {
  text: string;
  agent?: Agent;
  providers?: Provider[];
}

export type ScenarioTurn = ToolCallTurn | TextTurn;

/** One hook event the recorder captures (a plain string = just the event name). */
export interface CaptureSpec {
  event: string;
  /** Keep only payloads of this agent (`agent_id` present = subagent); default both. */
  actor?: Agent;
  /** The capturing hook prints this JSON object the first time the event fires, then nothing. */
  reply_once?: Record<string, unknown>;
  /** Not every run fires it: no error when it never fired. */
  optional?: boolean;
  /** Only in these harnesses (default: every harness the scenario runs in). */
  providers?: Provider[];
}

export interface Scenario {
  /** File name without .yaml; part of every recording id it produces. */
  name: string;
  description: string;
  /** Harnesses the scenario runs in. */
  providers: Provider[];
  /** The user prompt given to the harness. */
  prompt: string;
  /** The model's answers, in order, per agent; an exhausted list answers with plain text. */
  turns: ScenarioTurn[];
  /** Hook events to capture (a capturing command hook is installed on each). */
  capture: (string | CaptureSpec)[];
}

/** A scenario as loaded: captures normalized, and where it was written. */
export interface LoadedScenario extends Omit<Scenario, "capture"> {
  capture: CaptureSpec[];
  file: string;
}

/** Codex's `sandbox_mode` values, for a live run that sets one (LiveScenario.codex_sandbox). */
export type CodexSandbox = "read-only" | "workspace-write" | "danger-full-access";
