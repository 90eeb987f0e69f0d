// Checks KIT-CLI-JSON (SPEC.md).
// `--json` on the commands that print data, and the quiet/verbose run modes: what a script or a CI
// step reads must be one parseable JSON document on stdout, with the same exit codes as text mode.

import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it } from "vitest";
import { KIT_ROOT, PAPC } from "./helpers.js";

const MUTANT = "node runner/test/mutants/accepts-timeout-99.mjs";
const CASES = "manifest/structural/hook/timeout*";
const papc = (args: string[], env: Record<string, string> = {}) => execa("node", [PAPC, ...args], { cwd: KIT_ROOT, reject: false, env: { NO_COLOR: "1", ...env } });

let out: string;
beforeAll(async () => {
  out = (await tmpDir({ unsafeCleanup: true })).path;
});

describe("--json", () => {
  it("list: one object per selected case", async () => {
    const r = await papc(["list", "--case", CASES, "--json"]);
    expect(r.exitCode).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; operation: string; spec: string[]; file: string; line: number }[];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.find((c) => c.id === "manifest/structural/hook/timeout-99")).toMatchObject({
      operation: "validate",
      file: expect.stringMatching(/^cases\/manifest\/structural\/hook/),
    });
  });

  it("coverage --missing: nothing missing, as data", async () => {
    const r = await papc(["coverage", "--missing", "--json"]);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ requirements: [], missing: 0, total: expect.any(Number) });
    const all = JSON.parse((await papc(["coverage", "--prefix", "PAP-SEM-", "--json"])).stdout) as { requirements: { id: string; accepting: number }[] };
    expect(all.requirements.length).toBeGreaterThan(0);
    expect(all.requirements.every((q) => q.id.startsWith("PAP-SEM-"))).toBe(true);
  });

  it("lint: ok with counts", async () => {
    const r = await papc(["lint", "--json"]);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, problems: [], cases: expect.any(Number) });
  });

  it("run and report compare: the failing case as data, exit 1 on the regression", async () => {
    const good = await papc(["run", "--adapter", "reference", "--case", CASES, "--out", join(out, "good"), "--json"]);
    expect(good.exitCode).toBe(0);
    const goodJson = JSON.parse(good.stdout) as { exit_code: number; problems: unknown[]; reports: { jsonl: string } };
    expect(goodJson).toMatchObject({ exit_code: 0, problems: [] });
    const bad = await papc(["run", "--command", MUTANT, "--case", CASES, "--out", join(out, "bad"), "--json"]);
    expect(bad.exitCode).toBe(1);
    const badJson = JSON.parse(bad.stdout) as { problems: { id: string; outcome: string }[]; reports: { jsonl: string } };
    expect(badJson.problems).toEqual([expect.objectContaining({ id: "manifest/structural/hook/timeout-99", outcome: "fail" })]);
    const cmp = await papc(["report", "compare", goodJson.reports.jsonl, badJson.reports.jsonl, "--json"]);
    expect(cmp.exitCode).toBe(1);
    expect(JSON.parse(cmp.stdout)).toMatchObject({ regressions: [{ id: "manifest/structural/hook/timeout-99", before: "pass", after: "fail" }], same_suite: true });
  });
});

describe("run modes", () => {
  it("--quiet prints only the problems and the totals, uncoloured into a pipe; --verbose a line per case", async () => {
    // into a pipe without NO_COLOR: still no colour codes
    const quiet = await execa("node", [PAPC, "run", "--command", MUTANT, "--case", CASES, "--out", join(out, "quiet"), "--quiet"], { cwd: KIT_ROOT, reject: false });
    expect(quiet.exitCode).toBe(1);
    expect(quiet.stdout).not.toContain("\u001b[");
    expect(quiet.stdout).not.toContain("cases against");
    expect(quiet.stdout).not.toMatch(/^\[\d+\/\d+\]/m);
    expect(quiet.stdout).toContain("✗ manifest/structural/hook/timeout-99  fail");
    const verbose = await papc(["run", "--adapter", "reference", "--case", CASES, "--out", join(out, "verbose"), "--verbose"]);
    expect(verbose.stdout).toMatch(/^✓ manifest\/structural\/hook\/timeout-99 {2}pass {2}\d+ ms$/m);
    expect((await papc(["run", "--quiet", "--verbose", "--case", CASES])).exitCode).toBe(2);
  });
});
