// How the recorder starts one harness for one scenario run.

import type { HarnessPin } from "../types/recording.js";
import type { LoadedScenario } from "../types/scenario.js";
import type { CaptureHook } from "./capture-hook.js";

export interface RunFolders {
  /** The run's own temporary folder (settings, hook, capture file). */
  dir: string;
  /** The harness's working directory (empty at start). */
  work: string;
  /** The harness's HOME. */
  home: string;
}

export interface InvocationContext {
  pin: HarnessPin;
  binary: string;
  scenario: LoadedScenario;
  folders: RunFolders;
  /** The scripted model server, http://127.0.0.1:<port>. */
  modelOrigin: string;
  hook: CaptureHook;
}

export interface Invocation {
  argv: string[];
  /** The complete environment (nothing of the caller's leaks in but PATH). */
  env: Record<string, string>;
  /** argv as stored in recordings: binary by name, run-specific paths as <placeholders>. */
  display: string[];
}

/** The environment every harness run starts from. */
export function baseEnv(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", HOME: home, LANG: "C.UTF-8", TZ: "UTC" };
}
