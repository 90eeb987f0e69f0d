// The Agent Plugins suite against the real pinned Codex 0.147.0 (adapters-under-test/codex): the
// run completes with every case classified and no adapter error, the adapter's baseline is
// exactly the set of cases Codex fails (a stale entry fails the run), and what Codex cannot show
// is a skip with a reason. The committed report in reports/published/ comes from such a run:
// npx papc run --adapter codex --case 'agent-plugins/**' --jobs 2 --out reports/published-run
// npx papc report render reports/published-run/codex.jsonl --format markdown > reports/published/codex-0.147.0-agent-plugins-<date>.md

import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import { KIT_ROOT } from "./helpers.js";
import { installPinnedHarnesses, requireHarnesses } from "./live-helpers.js";

let unavailable: string | undefined;
let suite: LoadedCase[] = [];

beforeAll(async () => {
  unavailable = await installPinnedHarnesses();
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  suite = cases.filter((c) => c.operation === "load-agent-plugin");
}, 900_000);

describe("the Agent Plugins suite against Codex 0.147.0", () => {
  it("classifies every case with no adapter error, and the baseline is exactly what Codex fails", async (ctx) => {
    requireHarnesses(ctx, unavailable, "the Codex Agent Plugins run");
    const adapter = await resolveAdapter("codex", KIT_ROOT);
    const started = Date.now();
    const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases: suite, jobs: 2, timeoutMs: 60_000 });
    const totals = report.footer.totals;
    console.info(`codex agent-plugins: ${suite.length} cases in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(totals)}`);
    const unclassified = report.cases.filter((c) => !["pass", "expected-fail", "skip"].includes(c.outcome) || c.stale_baseline);
    expect(unclassified.map((c) => `${c.id}: ${c.outcome}${c.stale_baseline ? " (stale baseline)" : ""} ${c.message ?? ""} ${JSON.stringify(c.diff ?? [])}`)).toEqual([]);
    expect(report.footer.exit_code).toBe(0);
    for (const c of report.cases.filter((r) => r.outcome === "skip")) expect(c.message, c.id).toBeTruthy();
    // the baseline names only cases that exist
    expect(Object.keys(adapter.baseline ?? {}).filter((id) => !suite.some((c) => c.id === id))).toEqual([]);
  }, 600_000);
});
