// What one step of a multi-step case sends (SPEC 1.11): the operation's `case.args`, built from
// the case's `given` and the step's own `args`, with the consumer's state directory and the
// user's home laid out inside the fixture root.

import { join } from "node:path";
import { USER_DIRECTORY_VARIABLES, userDirectoryProblem } from "../cases/escape-findings.js";
import { lexicalProblem } from "../fixtures/fixture-paths.js";
import { FixtureError } from "../fixtures/materialize.js";
import type { CaseStep, LoadedCase } from "../types/case.js";
import { operationNamed } from "../registry/operations.js";

/** Relative to the fixture root: the consumer's own directory for the case. papc never touches it. */
export const STATE_DIR = "consumer-state";
/** Relative to the fixture root: the user's home, with the providers' user directories in it. */
export const HOME_DIR = "home";

/** The user's environment: HOME and the providers' configuration directories, then the case's variables. */
export function userEnvironment(root: string, given: Record<string, string> = {}): Record<string, string> {
  const home = join(root, HOME_DIR);
  const own = { ...given };
  // a user directory the case names is a fixture path, never one outside the fixture (KIT-FIXTURE-CONTAINED)
  for (const name of USER_DIRECTORY_VARIABLES) {
    const value = own[name];
    if (value === undefined || value === "") continue;
    const problem = userDirectoryProblem(value);
    if (problem) throw new FixtureError(`given.environment.${name} "${value}" ${problem}`);
    own[name] = join(root, value);
  }
  return { HOME: home, CLAUDE_CONFIG_DIR: join(home, ".claude"), CODEX_HOME: join(home, ".codex"), ...own };
}

/** The provider of a multi-step case: given.provider, else the one of its event. */
export function stepProvider(c: LoadedCase): string | undefined {
  return c.given?.provider ?? c.dispatch?.provider;
}

export function stepArgs(c: LoadedCase, step: CaseStep, root: string): Record<string, unknown> {
  const own = absolutePaths(step.args ?? {}, root);
  const build = operationNamed(step.operation)?.stepArgs;
  if (!build) return own;
  const base = {
    own,
    source: join(root, c.given?.source ?? "."),
    stateDir: join(root, STATE_DIR),
    provider: stepProvider(c),
    environment: () => userEnvironment(root, c.given?.environment),
  };
  return build(c, base);
}

/**
 * `instructions.file` is written relative to the fixture root; the implementation gets it
 * absolute. A path that is absolute or leaves the root is refused (KIT-FIXTURE-CONTAINED).
 */
function absolutePaths(args: Record<string, unknown>, root: string): Record<string, unknown> {
  const target = args.instructions;
  if (typeof target !== "object" || target === null || Array.isArray(target)) return args;
  const file = (target as Record<string, unknown>).file;
  if (typeof file !== "string") return args;
  const problem = lexicalProblem(file);
  if (problem) throw new FixtureError(`instructions.file "${file}" ${problem}`);
  return { ...args, instructions: { ...target, file: join(root, file) } };
}
