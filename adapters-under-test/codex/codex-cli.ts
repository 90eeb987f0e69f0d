// Runs Codex commands in an isolated home: HOME and CODEX_HOME in a temp folder, an environment
// built from nothing (no API keys, no user config), every HTTP(S) request routed to a proxy on
// 127.0.0.1 that refuses it, and a timeout per command.
//
// PATH is an empty folder. Nothing Codex does to load a plugin runs a program from PATH (a bare
// MCP `command` is reported as written, not looked up), while at startup the app-server runs
// `git ls-remote` (a curated-plugin sync from GitHub) and `lsb_release -a` and waits for them:
// with nothing on PATH those fail at once, which halves its start (about 0.4 s instead of 0.9 s).

import { join } from "node:path";
import { runCommand, type CommandRun } from "../shared/command-run.js";

export interface CodexEnv {
  binary: string;
  /** What the npm wrapper would have set (codex-binary.ts). */
  binaryEnv: Record<string, string>;
  /** The temp HOME; CODEX_HOME is `<home>/codex`. */
  home: string;
  codexHome: string;
  /** The refusing proxy's URL (http://127.0.0.1:PORT). */
  proxy: string;
}

/** Codex's `debug prompt-input` refreshes the model catalog from api.openai.com unless a local provider is configured. */
export const LOCAL_PROVIDER_ARGS = [
  "-c",
  'model_provider="papc-offline"',
  "-c",
  'model_providers.papc-offline={name="papc-offline",base_url="http://127.0.0.1:9/v1",wire_api="responses",env_key="PAPC_OFFLINE_KEY"}',
  "-c",
  'model="gpt-5"',
];

export function codexEnvironment(env: CodexEnv, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...env.binaryEnv,
    PATH: join(env.home, "empty-path"),
    HOME: env.home,
    CODEX_HOME: env.codexHome,
    TMPDIR: `${env.home}/tmp`,
    LANG: "C.UTF-8",
    HTTPS_PROXY: env.proxy,
    HTTP_PROXY: env.proxy,
    ALL_PROXY: env.proxy,
    https_proxy: env.proxy,
    http_proxy: env.proxy,
    all_proxy: env.proxy,
    NO_PROXY: "",
    no_proxy: "",
    GIT_TERMINAL_PROMPT: "0",
    NO_COLOR: "1",
    ...extra,
  };
}

/** One `codex …` command; never throws for a non-zero exit or a timeout. */
export function runCodex(env: CodexEnv, args: string[], timeoutMs: number): Promise<CommandRun> {
  return runCommand(env.binary, args, { cwd: env.home, env: codexEnvironment(env), timeoutMs });
}

/** The useful lines of Codex's stderr: no backtrace frames, no PATH-alias warning. */
export function stderrSummary(stderr: string, max = 6): string {
  return stderr
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.includes("could not create PATH aliases") && !/^\s+(\d+:|at )/.test(l) && !l.startsWith("Stack backtrace"))
    .slice(0, max)
    .join(" | ");
}
