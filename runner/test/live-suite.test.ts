// The live suite against the real pinned harnesses (SPEC 1.7, chapter 8): every live case
// passes against the reference; the committed compatibility matrix is
// what this run generates; and a projection that drops Codex's allow pairing (a wrong
// implementation, runner/test/mutants/wrong-projection.mjs) makes the Codex rewrite case fail.
// Requirements: KIT-LIVE-RUN, KIT-LIVE-MATRIX, KIT-HARNESS-PROVENANCE (SPEC.md; listed in
// cases/EXCLUSIONS.yaml with this file).

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { loadPins } from "../src/harness/pins.js";
import { matrixFor } from "../src/live-publish/compat-command.js";
import { LIVE_MATRIX_FILE, publishedLiveReport } from "../src/live-publish/published-live.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";
import { installPinnedHarnesses, requireHarnesses } from "./live-helpers.js";

const REFERENCE = ["node", join(KIT_ROOT, "dist/reference/src/protocol-server.js")];
const DROPS_PAIRING = ["node", join(KIT_ROOT, "runner/test/mutants/wrong-projection.mjs"), "drops-allow-pairing"];

let unavailable: string | undefined;
let live: LoadedCase[] = [];

beforeAll(async () => {
  unavailable = await installPinnedHarnesses();
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  // live cases, and multi-step cases with live steps
  live = cases.filter((c) => c.live !== undefined);
}, 900_000);

const run = (command: string[], cases: LoadedCase[]) =>
  runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter: persistentAdapter(command), cases, jobs: 2 });

describe("live cases in the pinned harnesses", () => {
  it("every live case passes against the reference, and docs/compatibility.md is what the run generates", async (ctx) => {
    requireHarnesses(ctx, unavailable, "the live suite");
    expect(live.length).toBeGreaterThanOrEqual(30);
    const started = Date.now();
    const report = await run(REFERENCE, live);
    const seconds = (Date.now() - started) / 1000;
    // Its time is measured by `npm run bench` (runner/bench/bench.ts), not asserted here.
    console.info(`live suite: ${live.length} cases in ${seconds.toFixed(1)} s (jobs 2)`);
    const notPassing = report.cases.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""} ${JSON.stringify(c.diff ?? [])}`);
    expect(notPassing).toEqual([]);
    for (const provider of ["claude-code", "codex"]) expect(report.cases.filter((c) => c.live?.provider === provider).length).toBeGreaterThan(10);
    // provenance: the header names the binaries as they answered --version; each live case its harness
    const pins = await loadPins(join(KIT_ROOT, "recordings"));
    expect(report.header.harnesses).toEqual(pins.map((p) => ({ provider: p.provider, package: p.package, version: p.version, version_output: p.version_output, pinned: true })));
    for (const c of report.cases) expect(c.harness, c.id).toEqual({ provider: c.live?.provider, version: pins.find((p) => p.provider === c.live?.provider)?.version });

    // a fresh run gives the committed matrix (generated from the published run; regenerate: npm run publish-live)
    const committed = await readFile(join(KIT_ROOT, LIVE_MATRIX_FILE), "utf8");
    const published = await publishedLiveReport(KIT_ROOT);
    expect(published).toBeDefined();
    const fresh = await matrixFor(KIT_ROOT, report, { source: published ?? "" });
    expect(fresh.unproven).toEqual([]);
    expect(committed).toBe(fresh.text);
  }, 300_000);

  it("a projection that drops Codex's allow pairing makes the Codex rewrite case fail: the original command runs", async (ctx) => {
    requireHarnesses(ctx, unavailable, "the broken-projection check");
    const rewrite = live.filter((c) => c.id === "live/codex/rewrite-pretooluse");
    expect(rewrite).toHaveLength(1);
    const report = await run(DROPS_PAIRING, rewrite);
    const [record] = report.cases;
    expect(record?.outcome).toBe("fail");
    const diff = JSON.stringify(record?.diff);
    expect(diff).toContain("workdir.present");
    expect(diff).toContain("ran-rewritten");
    expect(diff).toContain("workdir.absent");
    expect(diff).toContain("ran-original");
  }, 120_000);
});
