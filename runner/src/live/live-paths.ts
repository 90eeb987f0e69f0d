// Where a live case's harness run lives inside the case's fixture (SPEC 1.7): the harness works
// in `work/`, and its HOME (and Codex's CODEX_HOME) are under `.papc/live/`, so everything the
// run leaves behind goes with the fixture.

import { join } from "node:path";

/** The harness's working directory, relative to the fixture root; expect.workdir paths are relative to it. */
export const WORK_DIR = "work";

export interface LiveFolders {
  /** Holds the settings file the runner writes (Claude Code) and the run's own files. */
  dir: string;
  work: string;
  home: string;
}

export function liveFolders(root: string): LiveFolders {
  const dir = join(root, ".papc", "live");
  return { dir, work: join(root, WORK_DIR), home: join(dir, "home") };
}
