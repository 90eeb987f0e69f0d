// The dispatcher's wording, by area: why a hook failed (failures.ts), why a package cannot be
// used (load.ts), and what ends a dispatch or projection before any hook runs (errors.ts).
// The dispatcher's modules build typed values (a code where SPEC.md gives one, a kind and the
// values it is about) and these files turn them into text where it is written out. Nothing here
// is mutation-tested (runner/mutation/stryker.config.mjs): no case compares a detail or message.

import { INTERNAL_WORDING, REQUEST_WORDING } from "./errors.js";
import { FAILURE_DETAILS } from "./failures.js";
import { LOAD_WORDING } from "./load.js";

/** Each area's table, for the check that every kind is worded once (reference/test/dispatch-messages.test.ts). */
export const AREAS: Readonly<Record<string, object>> = {
  failures: FAILURE_DETAILS,
  load: LOAD_WORDING,
  requests: REQUEST_WORDING,
  internal: INTERNAL_WORDING,
};
