// The paths of a multi-step case that reach the file system other than as fixture entries
// (KIT-FIXTURE-CONTAINED): an activation's `instructions.file`, the user's home directories in
// `given.environment`, and the files an edit appends to or replaces in, which must not be
// symlinks that lead out of the fixture. Each escaping path is a finding at its line; the runner
// refuses the same paths when it builds a step (step-args.ts, apply-edit.ts).

import type { CaseSpec, FixtureEntry } from "../types/case.js";
import type { LintCode } from "../common/problems.js";
import { lexicalProblem, symlinkLeavesRoot } from "../fixtures/fixture-paths.js";
import type { YamlPath } from "../common/yaml-locate.js";

/** Variables naming the user's directories, where a consumer writes user-scope instructions (SPEC 11.4). */
export const USER_DIRECTORY_VARIABLES = ["HOME", "CODEX_HOME", "CLAUDE_CONFIG_DIR"] as const;

export interface EscapeFinding {
  code: LintCode;
  path: YamlPath;
  message: string;
}

/** Why a user directory value is refused: empty means unset-or-empty to the consumer; else a fixture path. */
export function userDirectoryProblem(value: string): string | undefined {
  return value === "" ? undefined : lexicalProblem(value);
}

export function escapeFindings(c: CaseSpec): EscapeFinding[] {
  if (c.steps === undefined) return [];
  const findings: EscapeFinding[] = [];
  const add = (path: YamlPath, message: string): void => void findings.push({ code: "fixture-path-escapes", path, message });
  for (const name of USER_DIRECTORY_VARIABLES) {
    const value = c.given?.environment?.[name];
    const problem = value === undefined ? undefined : userDirectoryProblem(value);
    if (problem) add(["given", "environment", name], `${name} "${value}" ${problem}: a user directory is a fixture path (papc makes it absolute) or empty`);
  }
  // symlink entries as the fixture has them before each step: given.files, then each edit's files
  const links = new Map<string, string>();
  const record = (files: Record<string, FixtureEntry> | undefined): void => {
    for (const [path, entry] of Object.entries(files ?? {})) {
      if (typeof entry === "object" && entry !== null && "symlink" in entry) links.set(path, entry.symlink);
      else links.delete(path);
    }
  };
  record(c.given?.files);
  c.steps.forEach((step, i) => {
    const file = (step.args?.["instructions"] as { file?: unknown } | undefined)?.file;
    const problem = typeof file === "string" ? lexicalProblem(file) : undefined;
    if (problem) add(["steps", i, "args", "instructions", "file"], `step ${i + 1}: instructions.file "${String(file)}" ${problem}`);
    const edit = step.edit;
    if (!edit) return;
    for (const kind of ["append", "replace"] as const) {
      for (const path of Object.keys(edit[kind] ?? {})) {
        const target = links.get(path);
        if (target !== undefined && symlinkLeavesRoot(path, target)) {
          add(["steps", i, "edit", kind, path], `step ${i + 1}: edit ${kind} "${path}" is a symlink to "${target}", outside the fixture root`);
        }
      }
    }
    record(edit.files);
  });
  return findings;
}
