// Why the dispatcher cannot use a package (../package-load.ts): the source is not one, or the
// package does not validate or is not there. The text is written as the dispatcher's error, as
// the projection's error, and in the detail of a hook the package no longer lets run.

import { type Wordings, quote, wordBy } from "../../wording.js";
import { bounded } from "../bounded.js";

export type LoadProblem =
  /** The validator refused the source itself; `why` is its first message, when it gave one. */
  | { kind: "load-source-unusable"; why: string | undefined }
  /** The first error the validator reported on the package's own paths. */
  | { kind: "load-package-invalid"; plugin: string; code: string; message: string }
  | { kind: "load-package-missing"; plugin: string };

export const LOAD_WORDING: Wordings<LoadProblem, "kind"> = {
  "load-source-unusable": (p) => `cannot load source: ${p.why ?? "not a source directory"}`,
  "load-package-invalid": (p) => `package ${quote(p.plugin)} does not validate (${p.code}: ${p.message})`,
  "load-package-missing": (p) => `source has no package ${quote(p.plugin)} (plugins/<name>/PLUGIN.toml)`,
};

/** The text of a load problem, one bounded line wherever it is written: it quotes the validator, whose messages may be long. */
export function loadText(problem: LoadProblem): string {
  return bounded(wordBy(LOAD_WORDING, problem, "kind"));
}
