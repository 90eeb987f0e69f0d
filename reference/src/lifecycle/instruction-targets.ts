// Where an activation's instructions go (SPEC 11.4): the project file the user selected, or
// the provider's user file, located from the environment in the arguments (never this
// process's own): Codex $CODEX_HOME/AGENTS.md, Claude $CLAUDE_CONFIG_DIR/CLAUDE.md, each
// falling back to the provider's default directory under $HOME.

import { isAbsolute, join } from "node:path";
import type { InstructionTarget } from "../../../runner/shared/protocol.js";
import type { Harness } from "../dispatch/types.js";
import type { TargetProblem } from "./messages/index.js";

const USER_FILES: Record<Harness, { variable: string; homeDir: string; file: string }> = {
  codex: { variable: "CODEX_HOME", homeDir: ".codex", file: "AGENTS.md" },
  "claude-code": { variable: "CLAUDE_CONFIG_DIR", homeDir: ".claude", file: "CLAUDE.md" },
};

/** The absolute target file, or why it cannot be located. */
export function targetFile(provider: Harness, target: InstructionTarget, environment: Record<string, string>): { file: string } | { problem: TargetProblem } {
  if (target.scope === "project") return { file: target.file };
  const user = USER_FILES[provider];
  const configured = environment[user.variable];
  if (configured !== undefined && configured !== "") {
    return isAbsolute(configured) ? { file: join(configured, user.file) } : { problem: { kind: "lifecycle-target-relative", variable: user.variable } };
  }
  const home = environment["HOME"];
  if (home !== undefined && isAbsolute(home)) return { file: join(home, user.homeDir, user.file) };
  return { problem: { kind: "lifecycle-target-unlocated", provider, variable: user.variable } };
}
