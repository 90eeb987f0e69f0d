// One command of a harness: run with an environment of the adapter's making and a timeout, never
// throwing for a non-zero exit or a timeout; and the failure of a command the observation needs.

import { execa } from "execa";

export interface CommandRun {
  argv: string[];
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

export async function runCommand(binary: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<CommandRun> {
  const started = Date.now();
  const r = await execa(binary, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    reject: false,
    stdin: "ignore",
    timeout: options.timeoutMs,
    forceKillAfterDelay: 1000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { argv: args, exitCode: r.exitCode, stdout: String(r.stdout ?? ""), stderr: String(r.stderr ?? ""), timedOut: r.timedOut, ms: Date.now() - started };
}

/** A command whose failure leaves nothing to observe: the case's reply is `errored`. */
export class CommandFailed extends Error {
  constructor(
    message: string,
    readonly run: CommandRun,
  ) {
    super(message);
  }
}

/** `run`, if it succeeded; `summary` says in a line why it did not. */
export function needOk(run: CommandRun, what: string, summary: (run: CommandRun) => string): CommandRun {
  if (run.timedOut) throw new CommandFailed(`${what} timed out`, run);
  if (run.exitCode !== 0) throw new CommandFailed(`${what} exited ${run.exitCode ?? "?"}: ${summary(run)}`, run);
  return run;
}
