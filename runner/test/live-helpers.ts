// Shared by the tests that run the pinned harnesses for live cases (live-suite, teeth): install
// them on first use; when that is impossible, skip loudly, and under CI=true fail
// (KIT-LIVE-SKIP-LOUD, as runner/test/recordings-live.test.ts does for the recordings).

import { join } from "node:path";
import type { TestContext } from "vitest";
import { installHarness } from "../src/harness/install.js";
import { loadPins } from "../src/harness/pins.js";
import { KIT_ROOT } from "./helpers.js";

/** Installs every pinned harness; resolves to undefined, or to why they are unavailable. */
export async function installPinnedHarnesses(): Promise<string | undefined> {
  const problems: string[] = [];
  for (const pin of await loadPins(join(KIT_ROOT, "recordings"))) {
    try {
      await installHarness(pin);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  return problems.length > 0 ? problems.join("\n") : undefined;
}

/** Skips the test (loudly) or, under CI=true, fails it when the harnesses are unavailable. */
export function requireHarnesses(ctx: TestContext, unavailable: string | undefined, what: string): void {
  if (!unavailable) return;
  const why = `the pinned harnesses could not be installed, so ${what} did not run:\n${unavailable}`;
  if (process.env.CI === "true") throw new Error(`CI: ${why}`);
  console.warn(`\n⚠️  SKIPPED (${what}): ${why}\n`);
  ctx.skip(why.split("\n")[0]);
}
