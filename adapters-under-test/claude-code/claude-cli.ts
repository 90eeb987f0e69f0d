// Runs Claude Code commands in an isolated home: HOME in a temp folder, an environment built from
// nothing (no API key, no user settings), every HTTP(S) request routed to a proxy on 127.0.0.1
// that refuses it, the model API pointed at a closed port (a session then makes no first-party
// calls at all, and the adapter never sends a prompt), and a timeout per command.

import { runCommand, type CommandRun } from "../shared/command-run.js";

export interface ClaudeEnv {
  binary: string;
  /** The temp HOME. */
  home: string;
  /** The refusing proxy's URL (http://127.0.0.1:PORT). */
  proxy: string;
}

export function claudeEnvironment(env: ClaudeEnv): Record<string, string> {
  return {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: env.home,
    TMPDIR: `${env.home}/tmp`,
    LANG: "C.UTF-8",
    // as root, Claude Code refuses some modes unless it is told it runs in a sandbox
    IS_SANDBOX: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    // with the default API URL a session retries policy and settings fetches for ~20 s first
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
    HTTPS_PROXY: env.proxy,
    HTTP_PROXY: env.proxy,
    https_proxy: env.proxy,
    http_proxy: env.proxy,
    NO_PROXY: "",
    no_proxy: "",
    NO_COLOR: "1",
  };
}

/** One `claude …` command; never throws for a non-zero exit or a timeout. */
export function runClaude(env: ClaudeEnv, args: string[], cwd: string, timeoutMs: number): Promise<CommandRun> {
  return runCommand(env.binary, args, { cwd, env: claudeEnvironment(env), timeoutMs });
}

/** The useful lines of a command's output, on one line. */
export function outputSummary(text: string, max = 6): string {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .slice(0, max)
    .join(" | ");
}
