// The provider name of the validator report for a harness: the projection (project.ts) and the
// lifecycle's activation status ask the validator which hooks a harness cannot carry, in the
// report's names. Its own file so that it is mutated with the project cases, which reach it.

import type { Provider } from "../validate/hook-combinations.js";
import type { Harness } from "./types.js";

/** The validator report (chapter 3) calls Claude Code `claude`. */
export function reportProvider(harness: Harness): Provider {
  return harness === "claude-code" ? "claude" : "codex";
}
