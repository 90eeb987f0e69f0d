// The dalo-cli adapter's command line: which validator to start (PAPC_VALIDATOR_COMMAND, split
// into words without a shell) and the draft 0.1 contract's arguments after it:
//   <command> --json plugin validate <source> [--source-id ID]
// or, for a validate-cli case, the case's own words after it: <command> <word>…
// Pure functions, so the runner's tests check them without starting anything.

import { join } from "node:path";

/** The environment variable naming the validator command. */
export const COMMAND_VARIABLE = "PAPC_VALIDATOR_COMMAND";

/** A command string that cannot be split (unclosed quote, trailing backslash, no words). */
export class CommandLineError extends Error {}

const BLANK = /[ \t\r\n]/;

/**
 * Splits a command string into words, without a shell: words are separated by blanks (space,
 * tab, newline); `'…'` keeps everything inside literally; `"…"` too, except that `\"` and `\\`
 * stand for `"` and `\`; outside quotes a backslash keeps the next character literally (so
 * `a\ b` is one word, as with `papc run --command`). Quotes may touch other text (`--x="a b"`
 * is the one word `--x=a b`) and `""` is an empty word. Nothing else is interpreted: no
 * variables, globs, pipes or redirections. Then `{kit}` in a word becomes `kitRoot`.
 */
export function splitCommand(command: string, kitRoot: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (BLANK.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (ch === "\\") {
      if (i + 1 >= command.length) throw new CommandLineError("ends with a backslash that escapes nothing");
      word += command[++i];
    } else if (ch === "'" || ch === '"') {
      const close = closingQuote(command, i);
      if (close < 0) throw new CommandLineError(`has an unclosed ${ch} quote at character ${i + 1}`);
      const inside = command.slice(i + 1, close);
      word += ch === '"' ? inside.replace(/\\(["\\])/g, "$1") : inside;
      i = close;
    } else {
      word += ch;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new CommandLineError("has no words");
  return words.map((w) => w.replaceAll("{kit}", kitRoot));
}

/** Index of the quote closing the one at `open`, or -1; inside `"…"`, `\"` and `\\` are escapes. */
function closingQuote(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === "\\" && (text[i + 1] === '"' || text[i + 1] === "\\")) i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/** The kit's own validator CLI (pap-reference), run with the Node that runs the launcher. */
export function defaultCommand(kitRoot: string, node = process.execPath): string[] {
  return [node, join(kitRoot, "dist/reference/src/cli.js")];
}

/** The command words: from the variable, or the kit's reference CLI when it is unset or empty. */
export function commandWords(value: string | undefined, kitRoot: string): string[] {
  return value === undefined || value === "" ? defaultCommand(kitRoot) : splitCommand(value, kitRoot);
}

/**
 * The launcher's own arguments, as adapter.yaml passes them: `<source> [--source-id ID]` for a
 * validate case, `--words <word>…` for a validate-cli case (the words given to the validator as
 * they are, usage errors included).
 */
export type LaunchArgs = { source: string; sourceId?: string } | { words: string[] };

export function parseLaunchArgs(args: readonly string[]): LaunchArgs {
  if (args[0] === "--words") return { words: args.slice(1) };
  if (args.length === 1 && args[0] !== undefined) return { source: args[0] };
  if (args.length === 3 && args[0] !== undefined && args[1] === "--source-id" && args[2] !== undefined) {
    return { source: args[0], sourceId: args[2] };
  }
  throw new CommandLineError(`expected <source> [--source-id ID] or --words <word>…, got ${JSON.stringify(args)}`);
}

/** The full argv of one validation: the command, then the contract's arguments (or the case's words). */
export function validatorArgv(command: readonly string[], args: LaunchArgs): string[] {
  if ("words" in args) return [...command, ...args.words];
  const { source, sourceId } = args;
  return [...command, "--json", "plugin", "validate", source, ...(sourceId === undefined ? [] : ["--source-id", sourceId])];
}
