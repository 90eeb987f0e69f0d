// StrykerJS configuration for mutation testing of the reference (runner/mutation/README.md).
// `npm run mutation` builds, then runs this from the kit root. See runner/mutation/README.md.
//
// Mutants are killed by the conformance suite (cases/), run in-process against the reference
// by runner/mutation/conformance.mutation.ts (one vitest test per case), never by the
// reference's unit tests (reference/test/), which this configuration does not load.

import { tmpdir } from "node:os";
import { join } from "node:path";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: "npm",
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner", "./runner/mutation/module-summary-reporter.mjs"],
  vitest: {
    configFile: "runner/mutation/vitest.mutation.config.ts",
    // one test file imports everything; vite's related-file search would only add start-up time
    related: false,
  },
  // The modules: the validator (reference/src/validate/ and the modules at reference/src/'s root
  // that every capability shares, without the process entry points),
  // the hook dispatcher and its projection, the Agent Plugins loader, the lifecycle and the
  // composing host (runner/mutation/README.md).
  mutate: [
    "reference/src/*.ts",
    "reference/src/validate/**/*.ts",
    "!reference/src/cli.ts",
    "!reference/src/cli-commands.ts",
    "!reference/src/protocol-server.ts",
    "!reference/src/main-module.ts",
    "reference/src/dispatch/**/*.ts",
    "reference/src/agent-plugins/**/*.ts",
    "reference/src/lifecycle/**/*.ts",
    "reference/src/compose/**/*.ts",
    // wording: messages, details and pointers, never compared (KIT-EXPECT-DIAGNOSTICS, SPEC 4.2);
    // the kind and code of each finding are built, and mutated, where it is found. Last: Stryker
    // applies the patterns in order, so an exclusion must follow what it excludes from.
    "!reference/src/wording.ts",
    "!reference/src/**/messages/**",
  ],
  // Not needed in the sandbox: most built output, reports, other implementations, docs.
  // dist/reference and dist/runner/shared stay: a project case runs the projected commands, which
  // start the built dispatcher from the sandbox (never mutated: Stryker mutates the TypeScript
  // sources vitest loads).
  ignorePatterns: [
    "dist/adapters-under-test",
    "dist/runner/src",
    "dist/runner/test",
    "dist/runner/bench",
    "dist/runner/mutation",
    "reports",
    "adapters-under-test",
    "docs",
    ".stryker-tmp",
    ".ci",
    "reference/test",
    "runner/test",
    "runner/bench",
    ".papc-mutation-fixtures",
    ".papc-mutation-cases.json",
  ],
  coverageAnalysis: "perTest",
  // Mutants only executed while modules load (module-level constants) would need a full
  // reload and the whole suite each; they are reported as Ignored.
  ignoreStatic: true,
  checkers: [],
  // A case spends about half its time waiting for the file system (it writes and removes a
  // fixture tree), so on 2 cores 4 workers test about twice as many mutants as 2 do.
  concurrency: Number(process.env.PAPC_MUTATION_CONCURRENCY ?? 4),
  // On top of twice the covering cases' dry-run time Stryker allows this much before it declares
  // a mutant a timeout (an endless loop, a hung handler); papc's own per-case timeout is 10 s.
  timeoutMS: 10000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 20,
  reporters: ["clear-text", "html", "json", "progress", "module-summary"],
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: false },
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  // Outside the repo: a sandbox under the kit root would be picked up by `npm test`'s vitest.
  tempDirName: process.env.PAPC_STRYKER_TMP ?? join(tmpdir(), "papc-stryker"),
  cleanTempDir: true,
  thresholds: { high: 85, low: 70, break: null },
};
