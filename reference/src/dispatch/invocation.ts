// What to start for a hook's tool: the program, its arguments, cwd and environment
// (SPEC 5.3). Nothing here starts a process.

import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import type { ToolSpec } from "./package-load.js";
import type { Failure } from "./types.js";

export interface Invocation {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** `name` on a PATH value, as an absolute path to an executable regular file. */
export function findOnPath(name: string, path: string | undefined): string | undefined {
  // Stryker disable next-line StringLiteral: a missing PATH and a PATH without python3 both end in not found; the replacement is a relative entry, skipped
  for (const dir of (path ?? "").split(delimiter)) {
    if (!isAbsolute(dir)) continue; // relative (and empty) PATH entries would depend on our cwd
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      continue;
    }
  }
  return undefined;
}

/** Exactly the tool's allow-listed names that are set in `environment`; nothing else (not even PATH). */
export function handlerEnv(allowed: readonly string[], environment: Environment): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of allowed) {
    const value = environment[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export type InvocationResult = { ok: true; invocation: Invocation } | { ok: false; failure: Failure };

export function invocationFor(tool: ToolSpec, toolRoot: string, argv: string[], environment: Environment): InvocationResult {
  const entry = join(toolRoot, tool.entry);
  const env = handlerEnv(tool.env, environment);
  switch (tool.runtime) {
    case "node":
      // The Node that runs the dispatcher: the one runtime the reference knows is present.
      return { ok: true, invocation: { command: process.execPath, args: [entry, ...argv], cwd: toolRoot, env } };
    case "python": {
      // Resolved on the dispatcher's PATH because the handler's own environment has no PATH.
      const python = findOnPath("python3", environment["PATH"]);
      if (python === undefined) return { ok: false, failure: { code: "hook_handler_failed", kind: "handler-python-missing" } };
      return { ok: true, invocation: { command: python, args: [entry, ...argv], cwd: toolRoot, env } };
    }
    case "executable":
      return { ok: true, invocation: { command: entry, args: argv, cwd: toolRoot, env } };
  }
}
