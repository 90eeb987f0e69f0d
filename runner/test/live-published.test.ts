// The published live run (reports/published/live/, KIT-LIVE-MATRIX, KIT-LIVE-PROVES): the
// committed docs/compatibility.md is what `papc compat` gives for it, every cell it cites is
// claimed by its case and was exercised in that run, and the run holds every live case as it is
// written now (same hash, passing). Needs no harness; the live suite checks that a fresh run
// gives the same matrix (live-suite.test.ts).
// Requirements: KIT-LIVE-MATRIX, KIT-LIVE-PROVES (SPEC.md; listed in cases/EXCLUSIONS.yaml with this file).

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { matrixFor } from "../src/live-publish/compat-command.js";
import { LIVE_MATRIX_FILE, publishedLiveReport } from "../src/live-publish/published-live.js";
import { readReport } from "../src/report/jsonl.js";
import { KIT_ROOT } from "./helpers.js";

describe("the published live run", async () => {
  const published = await publishedLiveReport(KIT_ROOT);
  const report = published === undefined ? undefined : await readReport(join(KIT_ROOT, published));

  it("is committed, and the matrix is generated from it with every cited cell proved", async () => {
    expect(published, "no reports/published/live/reference-live-<date>.jsonl: run npm run publish-live").toBeDefined();
    if (!report || !published) return;
    const matrix = await matrixFor(KIT_ROOT, report, { source: published });
    expect(matrix.unproven).toEqual([]);
    expect(await readFile(join(KIT_ROOT, LIVE_MATRIX_FILE), "utf8")).toBe(matrix.text);
  });

  it("holds every live case as written now, each passing (else: npm run publish-live)", async () => {
    if (!report) return;
    const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
    const now = new Map(cases.filter((c) => c.live !== undefined).map((c) => [c.id, c.hash]));
    const ran = new Map(report.cases.map((c) => [c.id, c]));
    const stale = [...now].filter(([id, hash]) => ran.get(id)?.hash !== hash).map(([id]) => id);
    expect(stale, "live cases changed or added since the published run").toEqual([]);
    expect(
      [...ran.keys()].filter((id) => !now.has(id)),
      "cases of the published run that no longer exist",
    ).toEqual([]);
    expect(report.cases.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.outcome}`)).toEqual([]);
  });

  it("cites a case only for a cell it claims: deny-pretooluse proves the denial, not the context its denial dropped", async () => {
    if (!report || !published) return;
    const { text } = await matrixFor(KIT_ROOT, report, { source: published });
    const addContext = text.split("\n").filter((l) => l.startsWith("| PreToolUse | add_context |"));
    expect(addContext).toHaveLength(1);
    expect(addContext[0]).not.toContain("deny-pretooluse");
    expect(text).toMatch(/\| PreToolUse \| allow_deny \(deny\) \|.*deny-pretooluse/);
  });
});
