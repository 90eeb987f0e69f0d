// Work-around for @stryker-mutator/vitest-runner 9.5.1 on vitest >= 4.1
// (stryker-mutator/stryker-js#5928, fixed in vitest-runner 9.6.1).
//
// The runner's own setup file reports per-test coverage (dry run) and the mutant hit count
// (mutant runs) from an `afterAll(({ meta }) => ...)` hook. Vitest 4.1 no longer passes the
// suite as a suite hook's first argument, so that hook fails ("FixtureAccessError") after the
// tests ran and Stryker sees no coverage at all: every mutant is then run against all ~2000
// cases (about two minutes per mutant) and never reported as NoCoverage. This setup file,
// listed after Stryker's, publishes the same data with vitest 4.1's hook signature. The
// runner's hook still fails after the tests, which Stryker ignores (the tests' own results
// decide a mutant's fate). Harmless with a fixed runner: it writes the same values again.
// Does nothing outside Stryker (no globalNamespace provided).

import { afterAll, inject } from "vitest";

type StrykerNamespace = { mutantCoverage?: unknown; hitCount?: number };

const provided = inject as unknown as (key: string) => unknown;
const globalNamespace = provided("globalNamespace") as string | undefined;

if (globalNamespace !== undefined) {
  const mode = provided("mode");
  const ns = () => ((globalThis as Record<string, unknown>)[globalNamespace] ?? {}) as StrykerNamespace;
  // vitest 4.1 suite hooks: (fixtures, suite); the empty pattern is required by vitest.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    const meta = suite.meta as Record<string, unknown>;
    if (mode === "mutant") meta["hitCount"] = ns().hitCount;
    else meta["mutantCoverage"] = ns().mutantCoverage;
  });
}
