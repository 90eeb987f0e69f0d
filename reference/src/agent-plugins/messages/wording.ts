// What every area's message table of the loader is made of. The modules that find a problem
// build a typed finding (its code, its kind and the values it is about) and say which file it is
// in; index.ts turns it into the diagnostic's message and JSON Pointer. No case compares a
// message or a pointer (SPEC KIT-EXPECT-DIAGNOSTICS, 4.2), so this folder is not mutation-tested
// (runner/mutation/stryker.config.mjs); a finding's code and kind are, where they are built.

import type { Rendered, Wordings } from "../../wording.js";

export { phrase, quote, type Rendered, type Wordings, wordBy } from "../../wording.js";

/** The file a finding is about, relative to the plugin root (POSIX); some messages name it. */
export interface Place {
  path: string;
}

/** One renderer per kind of an area's findings, each given exactly its own arguments and its place. */
export type Messages<F extends { kind: string }> = Wordings<F & Place, "kind", Rendered>;
