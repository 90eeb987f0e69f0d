// Vitest configuration used only by mutation testing (runner/mutation/stryker.config.mjs):
// it runs the conformance suite in-process against the reference, one test per case.
// `npm test` never loads this file, and its default include (**/*.{test,spec}.*) does not
// match conformance.mutation.ts, so the suite is not run twice there.

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const KIT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig({
  root: KIT_ROOT,
  test: {
    include: ["runner/mutation/conformance.mutation.ts"],
    exclude: ["dist/**", "node_modules/**"],
    // A case's own timeout is papc's (CASE_TIMEOUT_MS in the test file); this only bounds a hung test.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
