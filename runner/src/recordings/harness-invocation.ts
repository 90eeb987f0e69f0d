// How papc starts one pinned harness for one scripted run: the recorder (capturing hooks) and
// the live suite (an implementation's projected hooks) both describe the run with an
// InvocationContext and start it with runHarness (harness-run.ts).

import type { HarnessPin } from "../types/recording.js";
import type { CodexSandbox, ScenarioTurn } from "../types/scenario.js";

export interface RunFolders {
  /** The run's own folder (settings file, CODEX_HOME, capture files). */
  dir: string;
  /** The harness's working directory. */
  work: string;
  /** The harness's HOME. */
  home: string;
}

/**
 * The native configuration the harness runs with. Claude Code: the whole settings file (its
 * `hooks` key holds the hooks). Codex: keys of config.toml (its `hooks` table holds the hooks);
 * papc's own keys (model, model provider, approval policy, sandbox mode) are set over it.
 */
export type NativeConfig = Record<string, unknown>;

export interface InvocationContext {
  pin: HarnessPin;
  binary: string;
  /** The user prompt. */
  prompt: string;
  /** The scripted model's turns, for this harness (Claude Code's allowed tools are derived from them). */
  turns: readonly ScenarioTurn[];
  folders: RunFolders;
  /** The scripted model server, http://127.0.0.1:<port>. */
  modelOrigin: string;
  native: NativeConfig;
  /**
   * Claude Code's --output-format: `json` (one result object) or `stream-json` (every message,
   * with --verbose; hook system messages included). Default json.
   */
  claudeOutput?: "json" | "stream-json";
  /** Variables set over the sealed base environment (a live case's given.environment). */
  env?: Record<string, string>;
  /** Codex's sandbox_mode (default danger-full-access: the tool call's effect is the hooks' alone). */
  codexSandbox?: CodexSandbox;
}

export interface Invocation {
  argv: string[];
  /** The complete environment (nothing of the caller's leaks in but PATH). */
  env: Record<string, string>;
  /** argv as stored in recordings: binary by name, run-specific paths as <placeholders>. */
  display: string[];
}

/** The environment every harness run starts from. */
export function baseEnv(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", HOME: home, LANG: "C.UTF-8", TZ: "UTC" };
}
