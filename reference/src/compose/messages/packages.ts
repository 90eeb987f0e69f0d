// Why a package of a compose request is invalid (reference/src/compose/packages.ts): its
// manifest cannot be read or decoded (the validator's own failure, worded by
// reference/src/validate/messages/), or it has no string plugin.name.

import type { DecodeFailure } from "../../validate/manifest-decode.js";
import { render } from "../../validate/messages/index.js";
import type { Wordings } from "../../wording.js";

export type ComposePackageProblem = { kind: "compose-manifest-unusable"; failure: DecodeFailure } | { kind: "compose-plugin-name" };

export const PACKAGE_MESSAGES: Wordings<ComposePackageProblem, "kind"> = {
  "compose-manifest-unusable": (p) => render(p.failure).message,
  "compose-plugin-name": () => "plugin.name is missing or not a string",
};
