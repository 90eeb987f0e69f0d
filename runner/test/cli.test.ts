// papc end to end, as CI and implementers use it. Checks KIT-EXIT-CODES, KIT-REPORT-JSONL,
// KIT-REPORT-RENDER, KIT-REPORT-COMPARE, KIT-BASELINE, KIT-PROTOCOL-EXEC, KIT-OP-VALIDATE-RESULT,
// KIT-OUTCOME-DISTINCT, KIT-BASELINE-UPDATE, KIT-REPRO, KIT-REPORT-SELECTION, KIT-CLI-USAGE, KIT-REPORT-INPUT.

import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
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
    // the cases first, with what differed: the terminal's tail (below) is cut short in a failure
    const notPassing = reference.cases.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""} ${JSON.stringify(c.diff ?? [])}`.slice(0, 2000));
    expect(notPassing).toEqual([]);
    expect(referenceRun.exitCode, referenceRun.stdout.slice(-3000)).toBe(0);
    expect(reference.cases.length).toBeGreaterThan(100);
    expect(referenceRun.stdout).toMatch(/\d+ pass — OK/);
    // Adversarial inputs are answered in bounded time: no case takes the reference half its 10 s
    // timeout (speed itself is measured by npm run bench; on two busy CI cores a 1 s case can take 2).
    expect(reference.cases.filter((c) => c.duration_ms > 5000).map((c) => `${c.id}: ${c.duration_ms} ms`)).toEqual([]);
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
    // beside the failure (KIT-REPORT-INPUT): its title, its file:line, a path-named diff and the fixture it ran on
    const block = run.stdout.slice(run.stdout.indexOf("✗ manifest/structural/hook/timeout-99 — fail"));
    expect(block).toMatch(/^✗ manifest\/structural\/hook\/timeout-99 — fail\n {2}timeout_ms = 99 is rejected\n {2}case: \S*cases\/manifest\/structural\/hook\.yaml:\d+\n/);
    expect(block).toMatch(
      /diagnostics\.includes\[0\] \(missing\):\n\s+- expected \{"code":"invalid_plugin_package","path":"plugins\/demo\/PLUGIN\.toml"\}\n\s+\+ actual\s+\(no diagnostics reported\)/,
    );
    expect(block).toMatch(/fixture:\n {4}plugins\/demo\/PLUGIN\.toml {2}\(\d+ bytes\)\n[\s\S]*│ timeout_ms = 99\n[\s\S]*plugins\/demo\/run\.sh {2}\(\d+ bytes, mode 0755\)/);
    expect(report.cases.find((c) => c.outcome === "fail")?.input).toMatchObject({ title: "timeout_ms = 99 is rejected", file: "cases/manifest/structural/hook.yaml" });
    const failing = report.cases.filter((c) => c.outcome !== "pass");
    expect(failing.map((c) => [c.id, c.outcome])).toEqual([["manifest/structural/hook/timeout-99", "fail"]]);
    expect(failing[0]!.diff?.map((d) => d.path)).toContain("exit");
  });

  it("appears as a JUnit failure and in the Markdown failures", async () => {
    const xml = await readFile(join(out, "mutant-run/command.xml"), "utf8");
    expect(xml).toMatch(
      /<testcase classname="manifest\/structural\/hook" name="manifest\/structural\/hook\/timeout-99" time="[\d.]+"><failure message="result differs from expectation" type="fail">/,
    );
    const md = await readFile(join(out, "mutant-run/command.md"), "utf8");
    expect(md).toContain("### `manifest/structural/hook/timeout-99` — fail");
  });

  it("report compare lists it as a regression and exits 1; the reverse is a fix", async () => {
    const a = join(out, "reference-run/reference.jsonl");
    const b = join(out, "mutant-run/command.jsonl");
    const forward = await papc(["report", "compare", a, b]);
    expect(forward.exitCode).toBe(1);
    // the counts before the lists
    expect(forward.stdout.split("\n")[1]).toMatch(/^1 regression, 0 fixes, 0 other changes, 0 cases whose content changed, \d+ added, \d+ removed$/);
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
    // rendering a failed run succeeds (a publish step goes on); --exit-status gives the run's code
    expect(terminal.exitCode).toBe(0);
    expect(terminal.stdout).toContain("- expected 1\n    + actual   0");
    expect((await papc(["report", "render", jsonl, "--exit-status"])).exitCode).toBe(1);
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

describe("the baseline by command (KIT-BASELINE-UPDATE) and papc lint --adapter", () => {
  const TIMEOUT_CASES = "manifest/structural/hook/timeout-*";
  const commented = (command: string, baseline: string): string =>
    `# my adapter, with comments papc keeps\nname: mine\ndescription: accepts timeout 99\nmode: persistent\ncommand: [node, "{kit}/${command}"]\n${baseline}\n# a known failure is a case id and why\n`;

  it("--update-baseline adds the failures with their message, removes entries that pass, keeps comments and other entries", async () => {
    const dir = join(out, "update-baseline");
    await mkdir(dir, { recursive: true });
    const file = join(dir, "adapter.yaml");
    await writeFile(file, commented("runner/test/mutants/accepts-timeout-99.mjs", 'baseline:\n  some/case/not/selected: "kept: not in this run"'));
    const first = await papc(["run", "--adapter", dir, "--case", TIMEOUT_CASES, "--out", join(dir, "r1"), "--update-baseline"]);
    expect(first.exitCode, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/baseline updated in \S+adapter\.yaml: 1 added, 0 removed/);
    const written = await readFile(file, "utf8");
    expect(written).toBe(
      commented(
        "runner/test/mutants/accepts-timeout-99.mjs",
        'baseline:\n  some/case/not/selected: "kept: not in this run"\n  manifest/structural/hook/timeout-99: "fail: result differs from expectation (exit, structural, valid, diagnostics.includes[0])"',
      ),
    );
    // the failure is now known: the next run passes, with it as expected-fail
    expect((await papc(["run", "--adapter", dir, "--case", TIMEOUT_CASES, "--out", join(dir, "r2")])).exitCode).toBe(0);
    // the implementation is fixed (the reference itself): the entry is stale, and removed
    await writeFile(file, written.replace("runner/test/mutants/accepts-timeout-99.mjs", "dist/reference/src/protocol-server.js"));
    const fixed = await papc(["run", "--adapter", dir, "--case", TIMEOUT_CASES, "--out", join(dir, "r3"), "--update-baseline"]);
    expect(fixed.exitCode).toBe(0);
    expect(fixed.stdout).toMatch(/: 0 added, 1 removed/);
    expect(await readFile(file, "utf8")).toBe(commented("dist/reference/src/protocol-server.js", 'baseline:\n  some/case/not/selected: "kept: not in this run"'));
    // --update-baseline needs a file to write
    const adHoc = await papc(["run", "--command", MUTANT, "--case", TIMEOUT_CASES, "--update-baseline", "--out", join(dir, "r4")]);
    expect(adHoc.exitCode).toBe(2);
    expect(adHoc.stderr).toMatch(/^papc: --update-baseline writes an adapter file's baseline/);
  }, 120_000);

  it("papc lint --adapter reports a baseline entry naming no case at its line, and a folder without adapter.yaml", async () => {
    const dir = join(out, "lint-adapter");
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "adapter.yaml"),
      commented("runner/test/mutants/accepts-timeout-99.mjs", "baseline:\n  manifest/structural/hook/timeout-99: known\n  manifest/structural/hook/timeout-9x: typo"),
    );
    const lint = await papc(["lint", "--adapter", dir]);
    expect(lint.exitCode).toBe(1);
    expect(lint.stdout).toMatch(/adapter\.yaml:8: baseline-unknown-case: baseline names unknown case "manifest\/structural\/hook\/timeout-9x"\n/);
    expect(lint.stdout).toContain("1 problem\n");
    // a run with it warns before it starts
    const run = await papc(["run", "--adapter", dir, "--case", TIMEOUT_CASES, "--out", join(dir, "r")]);
    expect(run.stderr).toMatch(/^papc: warning: the baseline of \S+adapter\.yaml names unknown case "manifest\/structural\/hook\/timeout-9x"/);
    const empty = join(out, "no-adapter-file");
    await mkdir(empty, { recursive: true });
    for (const args of [
      ["lint", "--adapter", empty],
      ["run", "--adapter", empty],
    ]) {
      const r = await papc(args);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toBe(`papc: ${join(empty, "adapter.yaml")} is missing: an adapter folder holds adapter.yaml (IMPLEMENTERS.md §6)\n`);
    }
  }, 120_000);
});

describe("the input beside a failure: papc repro and --keep-fixtures (KIT-REPRO)", () => {
  it("repro writes the fixture, prints the expectation, the requests and an exec adapter's command line", async () => {
    const dir = join(out, "repro");
    const r = await papc(["repro", "manifest/structural/hook/timeout-99", "--adapter", "reference-exec", "--out", dir, "--json"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const repro = JSON.parse(r.stdout) as { root: string; entries: number; expect: unknown; requests: string[]; command: string };
    expect(repro.root).toBe(dir);
    expect(await readFile(join(dir, "plugins/demo/PLUGIN.toml"), "utf8")).toMatch(/^timeout_ms = 99$/m);
    expect(repro.expect).toMatchObject({ exit: 1, structural: "reject" });
    expect(JSON.parse(repro.requests[1]!)).toMatchObject({
      cmd: "run",
      seq: 1,
      case: { id: "manifest/structural/hook/timeout-99", operation: "validate", root: dir, source: dir },
    });
    // the printed command line runs the case by hand: the reference rejects the fixture
    const byHand = await execa("bash", ["-c", repro.command], { reject: false });
    expect(byHand.exitCode).toBe(1);
    expect(JSON.parse(byHand.stdout)).toMatchObject({ valid: false, diagnostics: [{ code: "invalid_plugin_package", path: "plugins/demo/PLUGIN.toml" }] });
    // a folder that is not empty is refused; an unknown id gets the ids that end the same way
    expect((await papc(["repro", "manifest/structural/hook/timeout-99", "--out", dir])).stderr).toMatch(/is not empty: remove it or name another folder with --out/);
    expect((await papc(["repro", "timeout-99"])).stderr).toBe("papc: no case timeout-99; did you mean manifest/structural/hook/timeout-99?\n");
  });

  it("repro prints a multi-step case with edits as segments that re-run by hand; an exec adapter without its operations is refused, leaving nothing", async () => {
    const id = "lifecycle/instructions/edited-block-kept";
    const r = await papc(["repro", id, "--out", join(out, "repro-steps"), "--json"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = (JSON.parse(r.stdout) as { command: string }).command.split("\n");
    const edit = lines.findIndex((l) => l.startsWith("# papc now edits the fixture (apply it by hand, then go on): "));
    expect(edit).toBeGreaterThan(0);
    expect(lines.slice(0, edit).every((l) => l.startsWith("cd ") && / \| env -i (\w+="\$\w+" )*PATH="\$PATH" /.test(l))).toBe(true);
    // the first segment, run by hand, answers hello and each of its runs in order
    const byHand = await execa("bash", ["-c", lines[0]!], { reject: false, timeout: 30_000 });
    const replies = byHand.stdout.split("\n").map((l) => JSON.parse(l) as { seq?: number; result?: unknown });
    expect(replies[0]).toMatchObject({ protocol: 1 });
    expect(replies.slice(1).map((x) => [x.seq, x.result !== undefined])).toEqual(replies.slice(1).map((_, i) => [i + 1, true]));
    const exec = await papc(["repro", id, "--adapter", "reference-exec", "--out", join(out, "repro-exec")]);
    expect(exec.exitCode).toBe(2);
    expect(exec.stderr).toBe(`papc: the adapter reference-exec has no command for activate, remove, which ${id} needs: the case is not-applicable to it\n`);
    expect(existsSync(join(out, "repro-exec"))).toBe(false);
  });

  it("run --keep-fixtures keeps named pipes and names that are not UTF-8, and leaves nothing in TMPDIR", async () => {
    const dir = join(out, "keep-odd");
    const tmp = join(out, "keep-odd-tmp");
    await mkdir(tmp, { recursive: true });
    const accept = `node ${join(KIT_ROOT, "runner/test/mutants/answers-fixed-verdict.mjs")} accept`;
    const run = await execa(
      "node",
      [PAPC, "run", "--command", accept, "--case", "manifest/limits/raw-byte-names/**", "--case", "manifest/limits/special-files/**", "--out", dir, "--keep-fixtures"],
      { cwd: KIT_ROOT, reject: false, env: { NO_COLOR: "1", TMPDIR: tmp } },
    );
    expect(run.exitCode).toBe(1);
    const report = parseReport(await readFile(join(dir, "command.jsonl"), "utf8"));
    const failing = report.cases.filter((c) => c.outcome === "fail");
    expect(failing.length).toBeGreaterThan(3);
    expect(failing.every((c) => c.kept_fixture === join(dir, "command.fixtures", ...c.id.split("/")) && existsSync(c.kept_fixture))).toBe(true);
    expect(run.stderr).not.toContain("could not keep");
    expect(await readdir(tmp)).toEqual([]);
    expect((await readdir(join(dir, "command.fixtures"))).filter((n) => n.startsWith(".case-"))).toEqual([]);
  }, 120_000);

  it("run --keep-fixtures keeps the tree of each failing case, as the implementation left it, and says where", async () => {
    const dir = join(out, "keep");
    const run = await papc(["run", "--command", MUTANT, "--case", "manifest/structural/hook/timeout-*", "--out", dir, "--keep-fixtures"]);
    expect(run.exitCode).toBe(1);
    const kept = join(dir, "command.fixtures/manifest/structural/hook/timeout-99");
    expect(run.stdout).toContain(`fixture kept (as the implementation left it): ${kept}\n`);
    expect(run.stdout).toContain(`fixtures of the 1 case to act on kept in ${join(dir, "command.fixtures")}\n`);
    // the mutant rewrote 99 to 100 before validating: that is the tree it left
    expect(await readFile(join(kept, "plugins/demo/PLUGIN.toml"), "utf8")).toMatch(/^timeout_ms = 100$/m);
    const report = parseReport(await readFile(join(dir, "command.jsonl"), "utf8"));
    expect(report.cases.filter((c) => c.kept_fixture).map((c) => c.id)).toEqual(["manifest/structural/hook/timeout-99"]);
  });
});

describe("a run never replaces the report of another selection (KIT-REPORT-SELECTION)", () => {
  it("refuses with exit 2 and says why; --force replaces; the same selection replaces", async () => {
    const dir = join(out, "selection");
    const one = ["run", "--case", "manifest/structural/hook/timeout-100", "--out", dir];
    expect((await papc(one)).exitCode).toBe(0);
    const other = await papc(["run", "--case", "manifest/structural/hook/timeout-99", "--out", dir]);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toBe(
      `papc: ${join(dir, "reference.jsonl")} holds a run of the selection case manifest/structural/hook/timeout-100; this run selects the selection case manifest/structural/hook/timeout-99: give it another --out, or --force to replace that report\n`,
    );
    expect(parseReport(await readFile(join(dir, "reference.jsonl"), "utf8")).cases.map((c) => c.id)).toEqual(["manifest/structural/hook/timeout-100"]);
    expect((await papc(one)).exitCode).toBe(0);
    expect((await papc(["run", "--case", "manifest/structural/hook/timeout-99", "--out", dir, "--force"])).exitCode).toBe(0);
    expect(parseReport(await readFile(join(dir, "reference.jsonl"), "utf8")).cases.map((c) => c.id)).toEqual(["manifest/structural/hook/timeout-99"]);
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

  it("{node} and a step's state_dir: a case's PATH without node, and dispatch steps under the consumer's grants (KIT-PROTOCOL-EXEC)", async () => {
    // with `node` looked up on the case's PATH the first crashed (spawn node ENOENT); without
    // --state-dir the dispatch steps ran hooks no grant allowed
    const ids = [
      "hooks/handler/mutation-spawn/python-not-on-path-claude",
      "lifecycle/trust-lapsed/never-approved-fail-closed-denies-claude",
      "lifecycle/trust/validated-not-trusted",
    ];
    const run = await papc(["run", "--adapter", "reference-exec", ...ids.flatMap((id) => ["--case", id]), "--out", join(out, "exec-node")]);
    const report = parseReport(await readFile(join(out, "exec-node/reference-exec.jsonl"), "utf8"));
    expect(report.cases.map((c) => [c.id, c.outcome]).sort(), run.stdout.slice(-2000)).toEqual(ids.map((id) => [id, "pass"]).sort());
  }, 120_000);
});

describe("usage errors exit 2", () => {
  it.each([
    [["run", "--jobs", "0"], /--jobs must be a positive integer or auto/],
    [
      ["run", "--adapter", "no-such-adapter"],
      /no adapter "no-such-adapter"; known adapters: claude-code-install, claude-code-loader, codex-install, codex-loader, dalo-cli, plugin-host, python-minimal, reference, reference-exec/,
    ],
    [["run", "--case", "nothing/**"], /no case matches case nothing\/\*\*/],
    [["run", "--adapter", "reference", "--command", "x"], /cannot be used with option/],
    [["report", "render", "/nonexistent.jsonl"], /cannot read \/nonexistent.jsonl/],
    [["frobnicate"], /unknown command/],
    [["run", "--cse", "x"], /^error: unknown option '--cse'\n\(Did you mean --case\?\)\n\(add --help to the command for its options\)\n$/],
    [["run", "--case", "manifest/structural/hook/timeout-100", "--out", "/dev/null/reports"], /cannot create the report directory \/dev\/null\/reports: ENOTDIR/],
  ])("papc %j", async (args, message) => {
    const run = await papc(args as string[]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr + run.stdout).toMatch(message);
  });

  it("a usage error is one line and a pointer to --help, never the whole help; with --json it is one JSON document (KIT-CLI-USAGE)", async () => {
    const plain = await papc(["run", "--jobs", "0"]);
    expect(plain.stderr).toBe("error: option '--jobs <n|auto>' argument '0' is invalid. --jobs must be a positive integer or auto\n(add --help to the command for its options)\n");
    expect(plain.stdout).toBe("");
    for (const args of [
      ["run", "--jobs", "0", "--json"],
      ["run", "--adapter", "no-such-adapter", "--json"],
      ["lint", "--adapter", "/nonexistent", "--json"],
    ]) {
      const r = await papc(args);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toBe("");
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: "usage", exit_code: 2, message: expect.any(String) });
    }
  });

  it("an exec adapter with an unknown placeholder is refused before anything runs", async () => {
    const dir = join(out, "typo-adapter");
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "adapter.yaml"),
      "name: typo\ndescription: typo\nmode: exec\nimplementation: { name: x, version: '1' }\noperations:\n  validate:\n    argv: [node, x.js, '{sourc}']\n",
    );
    const run = await papc(["run", "--adapter", dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/adapter.yaml:7: unknown placeholder \{sourc\} in operations.validate.argv/);
  });

  it("--help works for every command", async () => {
    for (const args of [
      ["--help"],
      ["run", "--help"],
      ["lint", "--help"],
      ["list", "--help"],
      ["coverage", "--help"],
      ["report", "render", "--help"],
      ["report", "compare", "--help"],
      ["report", "badge", "--help"],
      ["smoke", "--help"],
      ["new", "case", "--help"],
      ["compat", "--help"],
      ["compat-loaders", "--help"],
    ]) {
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
