#!/usr/bin/env node
// The dalo-cli adapter's launcher, started by the runner once per validate case (exec mode):
//   node launch.js <source> [--source-id ID]      (validate)
//   node launch.js --words <word>…               (validate-cli: the case's own words)
// It starts `<PAPC_VALIDATOR_COMMAND> --json plugin validate <source> [--source-id ID]` without
// a shell (default command: the kit's reference CLI), with stdin, stdout and stderr passed
// straight through, and ends the way the validator ended: the same exit code, or the same
// signal. The runner maps that exit code and stdout onto the validate result (SPEC.md 1.3).
//
// When the validator cannot be started (not found, not executable, a command string that does
// not split) the launcher says so on stderr and, as one line of text that is not JSON, on
// stdout, and exits 127 (not found) or 126 (anything else): codes the draft's CLI contract never
// uses. The runner then records the case as `error` with that line in its message
// (`exit 127, stdout is not one JSON document: "dalo-cli adapter: cannot start …"`).

import { spawn } from "node:child_process";
import { constants } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { COMMAND_VARIABLE, CommandLineError, commandWords, parseLaunchArgs, validatorArgv } from "./command-line.js";

/** dist/adapters-under-test/dalo-cli/launch.js → the kit root. */
const KIT_ROOT = resolve(fileURLToPath(import.meta.url), "../../../..");
const EXIT_NOT_FOUND = 127;
const EXIT_CANNOT_START = 126;
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/** Reports a validator that could not be started; `hint` goes to stderr only. */
function giveUp(code: number, message: string, hint = ""): void {
  const line = `dalo-cli adapter: ${message}`;
  process.stderr.write(`${line}${hint ? `\n${hint}` : ""}\n`);
  process.stdout.write(line); // one line, not JSON: the runner's message quotes it
  process.exitCode = code;
}

/** Ends this process the way the validator ended: by the same signal, else 128 + its number. */
function endBySignal(signal: NodeJS.Signals): void {
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  // Reached only for a signal Node ignores by default (e.g. SIGPIPE).
  process.exitCode = 128 + (constants.signals[signal] ?? 0);
}

function main(): void {
  const raw = process.env[COMMAND_VARIABLE];
  let argv: string[];
  try {
    const args = parseLaunchArgs(process.argv.slice(2));
    argv = validatorArgv(commandWords(raw, KIT_ROOT), args);
  } catch (err) {
    if (!(err instanceof CommandLineError)) throw err;
    const what = raw === undefined || raw === "" ? "launcher arguments" : `${COMMAND_VARIABLE}='${raw}'`;
    giveUp(EXIT_CANNOT_START, `cannot start the validator: ${what} ${err.message}`);
    return;
  }
  const [file, ...rest] = argv as [string, ...string[]];
  const origin = raw === undefined || raw === "" ? "the default command, the kit's reference CLI" : `${COMMAND_VARIABLE}='${raw}'`;
  let failed = false;
  const child = spawn(file, rest, { stdio: "inherit" });
  // The runner ends a timed-out case with SIGKILL to the whole process group; a polite signal
  // to this launcher alone (e.g. the runner exiting) is passed on so no validator is left behind.
  for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
  child.on("error", (err: NodeJS.ErrnoException) => {
    failed = true;
    const notFound = err.code === "ENOENT";
    giveUp(
      notFound ? EXIT_NOT_FOUND : EXIT_CANNOT_START,
      `cannot start the validator command '${file}' (${origin}): ${err.message}`,
      notFound ? `'${file}' was not found: give an absolute path, a command on PATH, or {kit}/…; relative paths start from ${process.cwd()}` : "",
    );
  });
  child.on("exit", (code, signal) => {
    if (failed) return;
    if (signal) endBySignal(signal);
    else process.exitCode = code ?? EXIT_CANNOT_START;
  });
}

main();
