// What every area's message table is made of. The wording of a finding lives only in this
// folder: the modules that find problems build typed findings (code, kind, arguments), and
// index.ts turns one into a report diagnostic's message and pointer. No case compares a message
// or a pointer (SPEC KIT-EXPECT-DIAGNOSTICS, 4.2), so this folder is not mutation-tested
// (runner/mutation/stryker.config.mjs); a finding's code and kind are, where they are built.

import type { ComponentReference } from "../references.js";
import type { Rendered, Wordings } from "../../wording.js";

export { phrase, quote, type Rendered, type Wordings, wordBy } from "../../wording.js";

/** One renderer per kind of an area's findings, each given exactly its own arguments. */
export type Messages<P extends { kind: string }> = Wordings<P, "kind", Rendered>;

/** A component reference as written in a manifest: `<kind>:<selector>` or `<kind>:<source>:<selector>`. */
export function formatReference(reference: ComponentReference): string {
  return reference.source === undefined ? `${reference.kind}:${reference.selector}` : `${reference.kind}:${reference.source}:${reference.selector}`;
}
