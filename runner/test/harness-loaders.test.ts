// Checks KIT-AP-MATRIX (SPEC.md): the published Agent Plugins reports of reports/published/
// agent-plugins/ (the reference, Codex's installer and loader, Claude Code's installer and loader)
// still hold, and docs/agent-plugins-compatibility.md is what they say.
// - Offline, for every consumer: its report covers exactly the current Agent Plugins cases (same
//   ids, same hashes), every case is a pass, a skip with its reason or a known failure, the known
//   failures are exactly the adapter's baseline with the same reasons, the Markdown beside it is
//   its rendering, and it was made with the adapter code of today (sources.json) and the pinned
//   harness version.
// - With the pinned harnesses installed: a sample of each consumer's cases (the seed fixtures,
//   some known failures, some skips, some passes) re-run in the real harness gives the published
//   outcomes, field by field. Without the harnesses that part skips loudly (a failure under CI=true).
// Re-publish after a change with `npm run publish-loaders [-- --adapter NAME]` (runs the whole suite).

import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCases } from "../src/cases/load-cases.js";
import { loadPins } from "../src/harness/pins.js";
import { loaderMatrixFor } from "../src/loader-matrix/command.js";
import { ADAPTER_SHARED_FILES, LOADER_ADAPTERS, MATRIX_FILE, publishedReports, readSources, sourcesFingerprint, type PublishedReport } from "../src/loader-matrix/published.js";
import { readReport } from "../src/report/jsonl.js";
import { renderMarkdown } from "../src/report/markdown.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import type { CaseRecord, RunReport } from "../src/types/run-report.js";
import { KIT_ROOT } from "./helpers.js";
import { installPinnedHarnesses, requireHarnesses } from "./live-helpers.js";

const REPUBLISH = (adapter: string): string => `re-publish it: npm run publish-loaders -- --adapter ${adapter}`;
const HARNESS_OF: Record<string, string> = { "codex-install": "codex", "codex-loader": "codex", "claude-code-install": "claude-code", "claude-code-loader": "claude-code" };

let suite: LoadedCase[] = [];
let published: PublishedReport[] = [];
const reports = new Map<string, RunReport>();

beforeAll(async () => {
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  suite = cases.filter((c) => c.id.startsWith("agent-plugins/"));
  published = await publishedReports(KIT_ROOT);
  for (const p of published) reports.set(p.adapter, await readReport(join(KIT_ROOT, p.jsonl)));
});

/** What a re-run must reproduce of a record: its outcome and the fields its diff names. */
function verdict(r: CaseRecord | undefined): string {
  return r === undefined ? "missing" : `${r.outcome} ${[...new Set((r.diff ?? []).map((d) => d.path))].sort().join(",")}`;
}

describe("the published reports of the Agent Plugins consumers", () => {
  // (runner/src/harness/, which the adapters also import to find the harness binaries, is the kit's and is not fingerprinted)
  it("fingerprint the files of runner/shared/ the adapters import, and what those import", async () => {
    const imported = new Set<string>();
    const importsOf = async (file: string): Promise<string[]> =>
      [...(await readFile(join(KIT_ROOT, file), "utf8")).matchAll(/from "([^"]+)"/g)].map((m) => m[1]!).filter((s) => s.startsWith("."));
    const folders = [...new Set(Object.values(LOADER_ADAPTERS).flat())].filter((f) => f.startsWith("adapters-under-test/"));
    for (const folder of folders) {
      for (const entry of await readdir(join(KIT_ROOT, folder), { recursive: true })) {
        if (!/\.(ts|mts|mjs|js)$/.test(entry)) continue;
        const file = join(folder, entry);
        for (const spec of await importsOf(file)) {
          const target = relative(KIT_ROOT, resolve(KIT_ROOT, dirname(file), spec)).replace(/\.js$/, ".ts");
          if (target.startsWith("runner/shared/")) imported.add(target);
        }
      }
    }
    // and what those files import in turn
    for (const file of [...imported]) for (const spec of await importsOf(file)) imported.add(relative(KIT_ROOT, resolve(KIT_ROOT, dirname(file), spec)).replace(/\.js$/, ".ts"));
    expect([...imported].sort()).toEqual([...ADAPTER_SHARED_FILES].sort());
  });

  it("exist for every consumer", () => {
    expect(published.map((p) => p.adapter)).toEqual(Object.keys(LOADER_ADAPTERS));
  });

  for (const adapter of Object.keys(LOADER_ADAPTERS)) {
    it(`${adapter}: covers today's cases, agrees with its baseline and was made with today's adapter code`, async () => {
      const report = reports.get(adapter);
      expect(report, `no published report for ${adapter}; ${REPUBLISH(adapter)}`).toBeDefined();
      if (!report) return;
      const file = published.find((p) => p.adapter === adapter)!;
      expect(report.header.adapter.name).toBe(adapter);
      const current = new Map(suite.map((c) => [c.id, c.hash]));
      const stale = report.cases.filter((c) => current.get(c.id) !== c.hash).map((c) => c.id);
      const missing = suite.filter((c) => !report.cases.some((r) => r.id === c.id)).map((c) => c.id);
      expect({ stale, missing }, `the cases changed since ${file.jsonl}; ${REPUBLISH(adapter)}`).toEqual({ stale: [], missing: [] });
      expect(report.footer.exit_code).toBe(0);
      expect(report.cases.filter((c) => !["pass", "skip", "expected-fail"].includes(c.outcome) || c.stale_baseline).map((c) => c.id)).toEqual([]);
      for (const c of report.cases.filter((r) => r.outcome === "skip")) expect(c.message, c.id).toBeTruthy();
      const baseline = (await resolveAdapter(adapter, KIT_ROOT)).baseline ?? {};
      const known = Object.fromEntries(report.cases.filter((c) => c.outcome === "expected-fail").map((c) => [c.id, c.baseline]));
      expect(known, `the baseline of ${adapter} changed since ${file.jsonl}; ${REPUBLISH(adapter)}`).toEqual(baseline);
      expect(await readFile(join(KIT_ROOT, file.markdown), "utf8"), `${file.markdown} is not the rendering of ${file.jsonl}`).toBe(renderMarkdown(report));
      const folders = LOADER_ADAPTERS[adapter] ?? [];
      if (folders.length > 0) {
        expect((await readSources(KIT_ROOT))[adapter], `the code of ${adapter} changed since ${file.jsonl}; ${REPUBLISH(adapter)}`).toBe(
          await sourcesFingerprint(KIT_ROOT, folders),
        );
        const pin = (await loadPins(join(KIT_ROOT, "recordings"))).find((p) => p.provider === HARNESS_OF[adapter]);
        expect(report.header.implementation?.implementation.version, `${file.jsonl} was not made with the pinned ${HARNESS_OF[adapter]}`).toBe(pin?.version);
      }
    });
  }

  it(`${MATRIX_FILE} is what the published reports say`, async () => {
    const committed = await readFile(join(KIT_ROOT, MATRIX_FILE), "utf8");
    const fresh = await loaderMatrixFor(
      KIT_ROOT,
      published.map((p) => join(KIT_ROOT, p.jsonl)),
      join(KIT_ROOT, "docs"),
    );
    expect(committed, `regenerate it: npx papc compat-loaders ${published.map((p) => p.jsonl).join(" ")} --out ${MATRIX_FILE}`).toBe(fresh);
  });

  it("reference: a fresh run gives the published outcomes", async () => {
    const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter: await resolveAdapter("reference", KIT_ROOT), cases: suite, jobs: 2 });
    const was = new Map(reports.get("reference")?.cases.map((c) => [c.id, verdict(c)]));
    expect(report.cases.filter((c) => verdict(c) !== was.get(c.id)).map((c) => `${c.id}: ${verdict(c)}, published ${was.get(c.id)}`)).toEqual([]);
  }, 120_000);
});

describe("a sample re-run in the real harnesses gives the published outcomes", () => {
  let unavailable: string | undefined;
  beforeAll(async () => {
    unavailable = await installPinnedHarnesses();
  }, 900_000);

  for (const adapter of Object.keys(HARNESS_OF)) {
    it(adapter, async (ctx) => {
      requireHarnesses(ctx, unavailable, `the ${adapter} sample`);
      const report = reports.get(adapter);
      if (!report) throw new Error(`no published report for ${adapter}; ${REPUBLISH(adapter)}`);
      // the seed fixtures, then the first few of each outcome in suite order
      const byOutcome = (outcome: string, n: number): string[] =>
        report.cases
          .filter((c) => c.outcome === outcome && !c.id.startsWith("agent-plugins/seed/"))
          .slice(0, n)
          .map((c) => c.id);
      const ids = new Set([
        ...suite.filter((c) => c.id.startsWith("agent-plugins/seed/")).map((c) => c.id),
        ...byOutcome("expected-fail", 2),
        ...byOutcome("skip", 1),
        ...byOutcome("pass", 1),
      ]);
      const rerun = await runSuite({
        kitRoot: KIT_ROOT,
        kit: { name: "papc", version: "test" },
        adapter: await resolveAdapter(adapter, KIT_ROOT),
        cases: suite.filter((c) => ids.has(c.id)),
        jobs: 2,
      });
      const was = new Map(report.cases.map((c) => [c.id, verdict(c)]));
      const differ = rerun.cases.filter((c) => verdict(c) !== was.get(c.id)).map((c) => `${c.id}: now ${verdict(c)} ${c.message ?? ""}, published ${was.get(c.id)}`);
      expect(differ, `${adapter} no longer gives its published verdicts; ${REPUBLISH(adapter)}`).toEqual([]);
    }, 600_000);
  }
});
