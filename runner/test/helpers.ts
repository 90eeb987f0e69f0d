// Shared by the runner's tests: paths, loading the probe suite, running against a command.

import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite, type RunOptions } from "../src/run/run-suite.js";
import type { Adapter } from "../src/types/adapter.js";
import type { RunReport } from "../src/types/run-report.js";

export const KIT_ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
export const PROBE_SUITE = join(KIT_ROOT, "runner/test/fixtures/probe-suite");
export const HOSTILE = join(KIT_ROOT, "runner/test/hostile");
export const PAPC = join(KIT_ROOT, "dist/runner/src/cli.js");

export function persistentAdapter(command: string[], baseline: Record<string, string> = {}): Adapter {
  return { name: "under-test", description: "test", mode: "persistent", command, baseline, dir: KIT_ROOT };
}

/** Runs one area of the probe suite: "probe" (validate cases for the hostile implementations) or "dispatch". */
export async function runProbe(adapter: Adapter, extra: Partial<RunOptions> = {}, area = "probe"): Promise<RunReport> {
  const set = await loadCases(join(PROBE_SUITE, "cases"), PROBE_SUITE);
  if (set.problems.length > 0) throw new Error(JSON.stringify(set.problems));
  const cases = set.cases.filter((c) => c.area === area);
  return runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases, jobs: 1, timeoutMs: 5000, ...extra });
}

export function outcomes(report: RunReport): Record<string, string> {
  return Object.fromEntries(report.cases.map((c) => [c.id, c.outcome]));
}
