// KIT-SHARD, KIT-REPORT-MERGE. Shards and jobs change nothing a case observes: the same selection run at 1 job with the case
// cache cold, at 4 jobs with it warm, and as 3 shards merged back (`papc report merge`) gives every
// case the same outcome. Merging refuses reports that are not the shards of one run, naming the
// field that differs.

import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MergeError, mergeReports, type NamedReport } from "../src/run/merge-reports.js";
import { planRun, runPlanned } from "../src/run/run-selected.js";
import { inShard, parseShard, shardOf } from "../src/run/shard.js";
import type { RunReport } from "../src/types/run-report.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

// every operation of the reference, slow fixtures (4097 entries) and handler processes included
const SELECTION = [
  "manifest/structural/hook/**",
  "manifest/limits/package-entries/**",
  "hooks/failures/matrix/**",
  "hooks/effects/pre-tool-use/**",
  "lifecycle/trust/**",
  "composition/decision/**",
  "agent-plugins/mcp/**",
  "cli/report/**",
];

const outcomes = (r: RunReport): Record<string, string> => Object.fromEntries(r.cases.map((c) => [c.id, `${c.outcome} ${c.hash}`]));

async function run(jobs: number, shard?: { index: number; count: number }): Promise<RunReport> {
  const plan = await planRun({ root: KIT_ROOT, caseGlobs: SELECTION, ...(shard ? { shard } : {}) });
  return runPlanned(plan, { jobs });
}

describe("shards", () => {
  it("parses i/n and refuses anything else", () => {
    expect(parseShard("2/4")).toEqual({ index: 2, count: 4 });
    for (const bad of ["0/4", "5/4", "2", "2/0", "a/b", "1/4/2", " 1/4"]) expect(typeof parseShard(bad), bad).toBe("string");
  });

  it("puts every id in exactly one shard, by its id alone", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `area/sub/case-${i}`);
    for (const count of [1, 2, 3, 7]) {
      for (const id of ids) expect(Array.from({ length: count }, (_, i) => inShard(id, { index: i + 1, count })).filter(Boolean).length).toBe(1);
    }
    const sizes = [1, 2, 3, 4].map((index) => ids.filter((id) => inShard(id, { index, count: 4 })).length);
    expect(Math.min(...sizes)).toBeGreaterThan(80); // spread, not all in one
    expect(shardOf("area/sub/case-1", 4)).toBe(shardOf("area/sub/case-1", 4));
  });
});

describe("one selection at 1 job (cache cold), 4 jobs (cache warm) and in 3 shards merged", () => {
  let cache: { path: string; cleanup: () => Promise<void> };
  const saved = process.env["PAPC_CACHE_DIR"];
  let one: RunReport;
  let four: RunReport;
  let shards: NamedReport[];

  beforeAll(async () => {
    cache = await tmpDir({ unsafeCleanup: true });
    process.env["PAPC_CACHE_DIR"] = cache.path;
    one = await run(1);
    four = await run(4);
    shards = [];
    for (const index of [1, 2, 3]) shards.push({ file: `shard-${index}.jsonl`, report: await run(2, { index, count: 3 }) });
  }, 600_000);
  afterAll(async () => {
    process.env["PAPC_CACHE_DIR"] = saved;
    await cache.cleanup();
  });

  it("gives every case the same outcome", () => {
    expect(one.cases.length).toBeGreaterThan(300);
    expect(one.footer.totals).toEqual({ pass: one.cases.length });
    expect(outcomes(four)).toEqual(outcomes(one));
    const merged = mergeReports(shards);
    expect(outcomes(merged)).toEqual(outcomes(one));
    expect(merged.header.suite).toEqual(one.header.suite);
    expect(merged.footer.totals).toEqual(one.footer.totals);
    expect(merged.footer.by_requirement).toEqual(one.footer.by_requirement);
    expect(shards.map((s) => s.report.cases.length).every((n) => n > 0 && n < one.cases.length)).toBe(true);
  });

  const tampered = (index: number, change: (r: RunReport) => void): NamedReport[] =>
    shards.map((s, i) => {
      if (i !== index) return s;
      const copy = structuredClone(s.report);
      change(copy);
      return { ...s, report: copy };
    });
  const refusal = (reports: NamedReport[]): string => {
    try {
      mergeReports(reports);
    } catch (err) {
      if (err instanceof MergeError) return err.message;
      throw err;
    }
    return "merged";
  };

  it.each([
    ["header.kit.version", (r: RunReport) => void (r.header.kit.version = "9.9.9")],
    ["header.implementation", (r: RunReport) => void (r.header.implementation!.implementation.version = "0.0.0-other")],
    ["header.adapter.name", (r: RunReport) => void (r.header.adapter.name = "other")],
    ["header.suite.filter", (r: RunReport) => void (r.header.suite.filter = "case other/**")],
    ["header.suite.shard.count", (r: RunReport) => void (r.header.suite.shard!.count = 4)],
    ["header.suite.shard.of.hash", (r: RunReport) => void (r.header.suite.shard!.of.hash = "0".repeat(64))],
    ["header.environment.node", (r: RunReport) => void (r.header.environment.node = "v0.0.0")],
  ])("refuses shards whose %s differs, naming it", (field, change) => {
    expect(refusal(tampered(2, change))).toContain(`${field} differs`);
  });

  it("refuses a missing shard, a shard given twice, a report of no shard, a case twice and cases of another suite", () => {
    expect(refusal(shards.slice(0, 2))).toMatch(/shard 3 of 3 missing/);
    expect(refusal([shards[0]!, shards[0]!, shards[1]!])).toMatch(/are both shard 1\/3/);
    expect(refusal(tampered(0, (r) => void delete r.header.suite.shard))).toMatch(/is not the report of a shard/);
    expect(refusal(tampered(1, (r) => r.cases.push(shards[0]!.report.cases[0]!)))).toMatch(/is in both/);
    expect(refusal(tampered(1, (r) => void (r.cases[0]!.hash = "f".repeat(64))))).toMatch(/not the selection their headers name/);
  });
});

describe("papc run --shard and papc report merge", () => {
  it("write the shards' reports and merge them into the run's four reports; a bad --shard is a usage error", async () => {
    const out = await tmpDir({ unsafeCleanup: true });
    try {
      const papc = (args: string[]) => execa("node", [PAPC, ...args], { reject: false, cwd: out.path });
      const sel = ["--case", "manifest/structural/toml/**", "--quiet"];
      for (const i of [1, 2]) expect((await papc(["run", ...sel, "--shard", `${i}/2`, "--out", `s${i}`])).exitCode).toBe(0);
      // a shard run refuses to replace another shard's report in the same folder
      const clash = await papc(["run", ...sel, "--shard", "2/2", "--out", "s1"]);
      expect(clash.exitCode).toBe(2);
      expect(clash.stderr).toContain("shard 1/2");
      const merged = await papc(["report", "merge", "s1/reference.jsonl", "s2/reference.jsonl", "--out", "merged", "--json"]);
      expect(merged.exitCode, merged.stderr).toBe(0);
      const summary = JSON.parse(merged.stdout) as { reports: Record<string, string>; totals: Record<string, number>; shards: number };
      expect(Object.keys(summary.reports).sort()).toEqual(["html", "jsonl", "junit", "markdown"]);
      expect(summary.shards).toBe(2);
      const missing = await papc(["report", "merge", "s1/reference.jsonl", "--out", "m2"]);
      expect(missing.exitCode).toBe(2);
      expect(missing.stderr).toContain("shard 2 of 2 missing");
      const bad = await papc(["run", ...sel, "--shard", "3/2"]);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toContain("at most the number of shards");
    } finally {
      await out.cleanup();
    }
  }, 120_000);
});
