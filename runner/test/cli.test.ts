// papc end to end, as CI and implementers use it. Checks KIT-EXIT-CODES, KIT-REPORT-JSONL,
// KIT-REPORT-RENDER, KIT-REPORT-COMPARE, KIT-BASELINE, KIT-PROTOCOL-EXEC, KIT-OP-VALIDATE-RESULT,
// KIT-OUTCOME-DISTINCT.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it } from "vitest";
import { NOT_CERTIFICATION } from "../src/report/headline.js";
import { parseReport } from "../src/report/jsonl.js";
import type { RunReport } from "../src/types/run-report.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

const MUTANT = "node runner/test/mutants/accepts-timeout-99.mjs";
const papc = (args: string[]) => execa("node", [PAPC, ...args], { cwd: KIT_ROOT, reject: false, stripFinalNewline: false, env: { NO_COLOR: "1" } });

let out: string;
let reference: RunReport;
let referenceRun: Awaited<ReturnType<typeof papc>>;

beforeAll(async () => {
  out = (await tmpDir({ unsafeCleanup: true })).path;
  referenceRun = await papc(["run", "--adapter", "reference", "--out", join(out, "reference-run")]);
  reference = parseReport(await readFile(join(out, "reference-run/reference.jsonl"), "utf8"));
  // the whole suite, live cases in the real harnesses included: minutes on two busy cores
}, 900_000);

describe("papc run against the reference", () => {
  it("passes every case and exits 0", () => {
    expect(referenceRun.exitCode, referenceRun.stdout.slice(-3000)).toBe(0);
    const notPassing = reference.cases.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""}`);
    expect(notPassing).toEqual([]);
    expect(reference.cases.length).toBeGreaterThan(100);
    expect(referenceRun.stdout).toMatch(/\d+ pass — OK/);
    // Adversarial inputs are answered in bounded time: no case takes the reference 2 s.
    expect(reference.cases.filter((c) => c.duration_ms > 2000).map((c) => `${c.id}: ${c.duration_ms} ms`)).toEqual([]);
  });

  it("writes a JSON Lines report whose every line validates, with consistent totals", () => {
    // parseReport checks each line against runner/schemas/run-report.schema.json
    expect(reference.footer.totals.pass).toBe(reference.cases.length);
    expect(reference.header.suite.cases).toBe(reference.cases.length);
    expect(reference.header.implementation?.implementation.name).toBe("pap-reference");
    expect(new Set(reference.cases.map((c) => c.id)).size).toBe(reference.cases.length);
    for (const c of reference.cases) expect(c.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes JUnit XML and Markdown next to it", async () => {
    const xml = await readFile(join(out, "reference-run/reference.xml"), "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="papc [^"]+ against pap-reference/);
    expect(xml.match(/<testcase /g)).toHaveLength(reference.cases.length);
    expect(xml).not.toMatch(/<failure|<error/);
    const md = await readFile(join(out, "reference-run/reference.md"), "utf8");
    expect(md).toContain(`✅ conforming on this suite.\n\n${NOT_CERTIFICATION}\n\n100% of`);
  });
});

describe("a reference made wrong on purpose (accepts timeout_ms = 99)", () => {
  let run: Awaited<ReturnType<typeof papc>>;
  let report: RunReport;
  beforeAll(async () => {
    // every area but live: the mutant only changes validation, and the live cases run real harnesses
    run = await papc(["run", "--command", MUTANT, "--case", "manifest/**", "--case", "cli/**", "--case", "hooks/**", "--out", join(out, "mutant-run")]);
    report = parseReport(await readFile(join(out, "mutant-run/command.jsonl"), "utf8"));
  }, 600_000);

  it("makes papc run exit 1 and shows that case as a diff", () => {
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain("✗ manifest/structural/hook/timeout-99 — fail");
    expect(run.stdout).toMatch(/structural:\n\s+- expected "reject"\n\s+\+ actual\s+"accept"/);
    const failing = report.cases.filter((c) => c.outcome !== "pass");
    expect(failing.map((c) => [c.id, c.outcome])).toEqual([["manifest/structural/hook/timeout-99", "fail"]]);
    expect(failing[0]!.diff?.map((d) => d.path)).toContain("exit");
  });

  it("appears as a JUnit failure and in the Markdown failures", async () => {
    const xml = await readFile(join(out, "mutant-run/command.xml"), "utf8");
    expect(xml).toMatch(/<testcase classname="manifest\/structural\/hook" name="manifest\/structural\/hook\/timeout-99" time="[\d.]+"><failure message="result differs from expectation" type="fail">/);
    const md = await readFile(join(out, "mutant-run/command.md"), "utf8");
    expect(md).toContain("### `manifest/structural/hook/timeout-99` — fail");
  });

  it("report compare lists it as a regression and exits 1; the reverse is a fix", async () => {
    const a = join(out, "reference-run/reference.jsonl");
    const b = join(out, "mutant-run/command.jsonl");
    const forward = await papc(["report", "compare", a, b]);
    expect(forward.exitCode).toBe(1);
    expect(forward.stdout).toContain("regressions (1):\n  manifest/structural/hook/timeout-99: pass → fail");
    const backward = await papc(["report", "compare", b, a]);
    expect(backward.exitCode).toBe(0);
    expect(backward.stdout).toContain("fixes (1):\n  manifest/structural/hook/timeout-99: fail → pass");
  });

  it("report render reproduces the renderings from the JSON Lines file", async () => {
    const jsonl = join(out, "mutant-run/command.jsonl");
    const junit = await papc(["report", "render", jsonl, "--format", "junit"]);
    expect(junit.stdout).toBe(await readFile(join(out, "mutant-run/command.xml"), "utf8"));
    const terminal = await papc(["report", "render", jsonl]);
    expect(terminal.exitCode).toBe(1);
    expect(terminal.stdout).toContain("- expected 1\n    + actual   0");
  });
});

describe("baselines", () => {
  async function adapterWith(baseline: Record<string, string>): Promise<string> {
    const dir = join(out, `adapter-${Object.keys(baseline).length}-${Math.random().toString(36).slice(2)}`);
    await mkdir(dir, { recursive: true });
    const lines = Object.entries(baseline).map(([id, why]) => `  ${id}: ${JSON.stringify(why)}`);
    await writeFile(
      join(dir, "adapter.yaml"),
      `name: mutant\ndescription: accepts timeout 99\nmode: persistent\ncommand: [node, "{kit}/runner/test/mutants/accepts-timeout-99.mjs"]\nbaseline:\n${lines.join("\n")}\n`,
    );
    return dir;
  }

  it("a baselined failure is expected-fail and the run exits 0", async () => {
    const dir = await adapterWith({ "manifest/structural/hook/timeout-99": "known off-by-one" });
    const run = await papc(["run", "--adapter", dir, "--case", "manifest/structural/hook/timeout-*", "--out", join(out, "baseline-ok")]);
    expect(run.exitCode, run.stdout).toBe(0);
    const report = parseReport(await readFile(join(out, "baseline-ok/mutant.jsonl"), "utf8"));
    expect(report.cases.find((c) => c.id.endsWith("timeout-99"))).toMatchObject({ outcome: "expected-fail", baseline: "known off-by-one" });
  });

  it("a baselined case that passes is a stale baseline and the run exits 1", async () => {
    const dir = await adapterWith({ "manifest/structural/hook/timeout-99": "known", "manifest/structural/hook/timeout-100": "no longer true" });
    const run = await papc(["run", "--adapter", dir, "--case", "manifest/structural/hook/timeout-*", "--out", join(out, "baseline-stale")]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain("manifest/structural/hook/timeout-100 — stale baseline");
    const report = parseReport(await readFile(join(out, "baseline-stale/mutant.jsonl"), "utf8"));
    expect(report.footer.stale_baselines).toEqual(["manifest/structural/hook/timeout-100"]);
  });
});

describe("exec mode", () => {
  // Validation and dispatch, the two operations the exec adapter declares; one process per case
  // costs about half a second, so a sample of each rather than whole folders.
  it("runs the reference CLI once per case with the verdicts of the persistent reference", async () => {
    const run = await papc(["run", "--adapter", "reference-exec", "--case", "manifest/structural/hook/timeout-*", "--case", "hooks/env/**", "--out", join(out, "exec")]);
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(0);
    const report = parseReport(await readFile(join(out, "exec/reference-exec.jsonl"), "utf8"));
    expect(report.header.adapter.mode).toBe("exec");
    expect(new Set(report.cases.map((c) => c.id.split("/")[0]))).toEqual(new Set(["manifest", "hooks"]));
    expect(report.cases.length).toBeGreaterThan(15);
    const persistent = new Map(reference.cases.map((c) => [c.id, c.outcome]));
    expect(report.cases.map((c) => [c.id, c.outcome])).toEqual(report.cases.map((c) => [c.id, persistent.get(c.id)]));
    expect(report.cases.every((c) => c.outcome === "pass")).toBe(true);
  }, 300_000);
});

describe("usage errors exit 2", () => {
  it.each([
    [["run", "--jobs", "0"], /--jobs must be a positive integer/],
    [["run", "--adapter", "no-such-adapter"], /no adapter "no-such-adapter"; known adapters: claude-code-install, claude-code-loader, codex-install, codex-loader, dalo-cli, plugin-host, python-minimal, reference, reference-exec/],
    [["run", "--case", "nothing/**"], /no case matches case nothing\/\*\*/],
    [["run", "--adapter", "reference", "--command", "x"], /cannot be used with option/],
    [["report", "render", "/nonexistent.jsonl"], /cannot read \/nonexistent.jsonl/],
    [["frobnicate"], /unknown command/],
    [["run", "--case", "manifest/structural/hook/timeout-100", "--out", "/dev/null/reports"], /cannot create the report directory \/dev\/null\/reports: ENOTDIR/],
  ])("papc %j", async (args, message) => {
    const run = await papc(args as string[]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr + run.stdout).toMatch(message);
  });

  it("an exec adapter with an unknown placeholder is refused before anything runs", async () => {
    const dir = join(out, "typo-adapter");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "adapter.yaml"), "name: typo\ndescription: typo\nmode: exec\nimplementation: { name: x, version: '1' }\noperations:\n  validate:\n    argv: [node, x.js, '{sourc}']\n");
    const run = await papc(["run", "--adapter", dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/adapter.yaml:7: unknown placeholder \{sourc\} in operations.validate.argv/);
  });

  it("--help works for every command", async () => {
    for (const args of [["--help"], ["run", "--help"], ["lint", "--help"], ["list", "--help"], ["coverage", "--help"], ["report", "render", "--help"], ["report", "compare", "--help"], ["report", "badge", "--help"], ["smoke", "--help"], ["new", "case", "--help"], ["compat", "--help"], ["compat-loaders", "--help"]]) {
      const run = await papc(args);
      expect(run.exitCode, args.join(" ")).toBe(0);
      expect(run.stdout).toMatch(/^Usage: papc/);
    }
  });

  it("papc lint passes on the suite and papc coverage has nothing missing", async () => {
    expect((await papc(["lint"])).stdout).toMatch(/^lint OK: \d+ cases, \d+ requirements/);
    const coverage = await papc(["coverage", "--missing", "--one-sided"]);
    expect(coverage.exitCode, coverage.stdout).toBe(0);
    expect(coverage.stdout).toMatch(/ 0 without a case or exclusion, 0 one-sided/);
  });
});
