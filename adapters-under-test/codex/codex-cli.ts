// Runs Codex commands in an isolated home: HOME and CODEX_HOME in a temp folder, an environment
// built from nothing (no API keys, no user config), every HTTP(S) request routed to a proxy on
// 127.0.0.1 that refuses it, and a timeout per command.

import { execa } from "execa";

export interface CodexEnv {
  binary: string;
  /** The temp HOME; CODEX_HOME is `<home>/codex`. */
  home: string;
  codexHome: string;
  /** The refusing proxy's URL (http://127.0.0.1:PORT). */
  proxy: string;
}

export interface CommandRun {
  argv: string[];
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/** Codex's `debug prompt-input` refreshes the model catalog from api.openai.com unless a local provider is configured. */
export const LOCAL_PROVIDER_ARGS = [
  "-c", 'model_provider="papc-offline"',
  "-c", 'model_providers.papc-offline={name="papc-offline",base_url="http://127.0.0.1:9/v1",wire_api="responses",env_key="PAPC_OFFLINE_KEY"}',
  "-c", 'model="gpt-5"',
];

export function codexEnvironment(env: CodexEnv, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
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
export async function runCodex(env: CodexEnv, args: string[], timeoutMs: number): Promise<CommandRun> {
  const started = Date.now();
  const r = await execa(env.binary, args, {
    cwd: env.home,
    env: codexEnvironment(env),
    extendEnv: false,
    reject: false,
    stdin: "ignore",
    timeout: timeoutMs,
    forceKillAfterDelay: 1000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return {
    argv: args,
    exitCode: r.exitCode,
    stdout: String(r.stdout ?? ""),
    stderr: String(r.stderr ?? ""),
    timedOut: r.timedOut,
    ms: Date.now() - started,
  };
}

/** The useful lines of Codex's stderr: no backtrace frames, no PATH-alias warning. */
export function stderrSummary(stderr: string, max = 6): string {
  return stderr
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.includes("could not create PATH aliases") && !/^\s+(\d+:|at )/.test(l) && !l.startsWith("Stack backtrace"))
    .slice(0, max)
    .join(" | ");
}
