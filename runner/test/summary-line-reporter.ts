// A vitest reporter that ends the output with the plain line `N passed, N failed[, N skipped]`,
// which CI reads (vitest's own summary is not recognised there). Unhandled errors count as failed.

import type { Reporter, TestModule } from "vitest/node";

export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of modules) {
      // A file that failed to load, or whose beforeAll failed (its tests are then skipped), is a
      // failure all the same: a failed module with no failed test counts once.
      const tests = [...module.children.allTests()];
      if (module.state() === "failed" && !tests.some((t) => t.result().state === "failed")) failed++;
      for (const test of tests) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}\n`);
  }
}
