// Containment (KIT-CONTAINMENT-CELL, KIT-CONTAINMENT-REPORT, KIT-CONTAINMENT-INTERRUPT,
// KIT-CONTAINMENT-DEAD-RUN): implementations that leave processes outside the process group
// papc kills (a setsid daemon, a double fork, a grandchild holding stdout). Each affected case gets
// its outcome as before, the others are unaffected, the leftover is named in the report's footer
// (pid, command line, case) and nothing of it runs after the run. Both mechanisms: cgroups where
// this machine gives them, and the environment marker (PAPC_CGROUPS=off).

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { containment, ownCgroup, runToken } from "../shared/process-cell.js";
import { parseReport } from "../src/report/jsonl.js";
import { runHarness } from "../src/recordings/harness-run.js";
import type { Adapter } from "../src/types/adapter.js";
import { smokeCommand } from "../src/smoke/smoke-command.js";
import type { SmokeResult } from "../src/smoke/smoke.js";
import { HOSTILE, KIT_ROOT, outcomes, PAPC, persistentAdapter, runProbe } from "./helpers.js";

const hostile = (script: string) => persistentAdapter(["node", join(HOSTILE, script)]);
const PASSES = { "probe/ok-1": "pass", "probe/ok-2": "pass", "probe/ok-3": "pass", "probe/ok-4": "pass" };

/** Processes whose command line holds `token`, by ps (never by name: the token is this test's own). */
function running(token: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" });
  return out.split("\n").filter((l) => l.includes(token) && !/^\s*\d+\s+Z/.test(l));
}

async function noneRunning(token: string): Promise<string[]> {
  for (let i = 0; i < 40 && running(token).length > 0; i++) await new Promise((r) => setTimeout(r, 25));
  return running(token);
}

for (const mechanism of ["cgroup", "marker"] as const) {
  describe(`leftovers, found by ${mechanism}`, () => {
    let token: string;
    beforeEach((ctx) => {
      if (mechanism === "marker") process.env.PAPC_CGROUPS = "off";
      if (containment().mechanism !== mechanism) ctx.skip(`this machine gives no cgroups: ${containment().why}`);
      token = `papc-test-${randomBytes(6).toString("hex")}`;
      process.env.PAPC_HOSTILE_TOKEN = token;
    });
    afterEach(() => {
      delete process.env.PAPC_CGROUPS;
      delete process.env.PAPC_HOSTILE_TOKEN;
    });

    it("a setsid daemon left by a crash is killed, named, and charged to the case that crashed", async () => {
      const report = await runProbe(hostile("setsid-daemon.mjs"));
      expect(outcomes(report)).toEqual({ ...PASSES, "probe/trigger": "crash" });
      expect(report.footer.leftovers).toEqual([{ pid: expect.any(Number), command: expect.stringContaining(token), case: "probe/trigger" }]);
      expect(report.header.containment?.mechanism).toBe(mechanism);
      expect(await noneRunning(token)).toEqual([]);
    });

    it("a double-forked grandchild of a process that keeps serving is killed at the end of the run and named", async () => {
      const report = await runProbe(hostile("double-forks.mjs"));
      expect(outcomes(report)).toEqual({ ...PASSES, "probe/trigger": "pass" });
      // a cgroup is looked at after each case, so the case that started it is known; a marker scan is
      // too costly per case, so it is charged to the case answered last
      const charged = mechanism === "cgroup" ? "probe/trigger" : report.cases.at(-1)!.id;
      expect(report.footer.leftovers).toEqual([{ pid: expect.any(Number), command: expect.stringContaining("papc-hostile-grandchild"), case: charged }]);
      expect(await noneRunning(token)).toEqual([]);
    });

    it("a grandchild in its own session holding stdout and writing to it does not delay the crash, and is killed", async () => {
      const started = performance.now();
      const report = await runProbe(hostile("setsid-holds-stdout.mjs"), { timeoutMs: 5000 });
      expect(outcomes(report)).toEqual({ ...PASSES, "probe/trigger": "crash" });
      expect(performance.now() - started).toBeLessThan(4000); // not the 5 s timeout
      expect(report.footer.leftovers?.map((l) => [l.case, l.command.includes("papc-hostile-writer")])).toEqual([["probe/trigger", true]]);
      expect(await noneRunning(token)).toEqual([]);
    });

    it("in exec mode, a daemon one case's process leaves is killed and charged to that case; the other cases are unaffected", async () => {
      const adapter: Adapter = {
        name: "exec-leaves-daemon",
        description: "an exec validator that leaves a daemon on the trigger case",
        mode: "exec",
        implementation: { name: "exec-leaves-daemon", version: "0" },
        operations: { validate: { argv: ["node", join(HOSTILE, "exec-leaves-daemon.mjs"), "{case_id}"] } },
        baseline: {},
        dir: KIT_ROOT,
      };
      const report = await runProbe(adapter);
      const seen = outcomes(report);
      expect(new Set(Object.values(seen)).size).toBe(1); // the trigger case ends as every other
      expect(report.footer.leftovers).toEqual([{ pid: expect.any(Number), command: expect.stringContaining(token), case: "probe/trigger" }]);
      expect(await noneRunning(token)).toEqual([]);
    });

    it("an implementation that leaves nothing has no leftovers in its report", async () => {
      const report = await runProbe(hostile("crash-leaves-child.mjs"));
      expect(outcomes(report)["probe/trigger"]).toBe("crash");
      expect(report.footer.leftovers).toBeUndefined();
    });
  });
}

describe("papc smoke", () => {
  it("calls an adapter that leaves a process running broken, naming it, and kills it", async () => {
    const token = `papc-test-${randomBytes(6).toString("hex")}`;
    process.env.PAPC_HOSTILE_TOKEN = token;
    try {
      let json = "";
      const code = await smokeCommand(
        { root: KIT_ROOT, timeoutMs: 5000, command: `node ${join(HOSTILE, "slow-with-daemon.mjs")}`, json: true },
        { out: (t) => void (json += t), err: () => undefined },
      );
      const result = JSON.parse(json) as SmokeResult;
      expect(code).toBe(1);
      expect(result.verdict).toBe("broken");
      expect(result.reason).toMatch(
        new RegExp(`it left 1 process running after its own process ended, outside its process group \\(papc killed them\\): pid \\d+ \`[^\`]*${token}`),
      );
      expect(result.leftovers).toHaveLength(1);
    } finally {
      delete process.env.PAPC_HOSTILE_TOKEN;
    }
    expect(await noneRunning(token)).toEqual([]);
  }, 60_000);
});

/** `papc run` of the validate cases under manifest/ against slow-with-daemon.mjs, as a child process. */
function startRun(out: string, tmp: string, token: string, env: Record<string, string>) {
  const command = `node ${join(HOSTILE, "slow-with-daemon.mjs")}`;
  return execa("node", [PAPC, "run", "--command", command, "--case", "manifest/**", "--jobs", "2", "--out", out], {
    cwd: KIT_ROOT,
    reject: false,
    env: { NO_COLOR: "1", PAPC_TMPDIR: tmp, PAPC_HOSTILE_TOKEN: token, ...env },
  });
}

/** A run of slow-with-daemon.mjs into fresh report and case folders, once it has written 3 cases. */
async function runUnderWay(env: Record<string, string>) {
  const token = `papc-test-${randomBytes(6).toString("hex")}`;
  const out = await tmpDir({ unsafeCleanup: true });
  const tmp = await tmpDir({ unsafeCleanup: true });
  const run = startRun(join(out.path, "reports"), tmp.path, token, env);
  await casesWritten(join(out.path, "reports/command.jsonl"), 3).catch((err: Error) => {
    run.kill("SIGKILL");
    throw err;
  });
  return { token, out, tmp, run };
}

/** Waits until the report has `n` case lines (the run is under way). */
async function casesWritten(file: string, n: number): Promise<void> {
  // generous: the first run of a test file loads the suite with a cold case cache, on a loaded CI machine
  for (let i = 0; i < 2400; i++) {
    const text = await readFile(file, "utf8").catch(() => "");
    if (text.split("\n").filter((l) => l.startsWith('{"type":"case"')).length >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${n} cases in ${file} after 60 s`);
}

for (const env of [{}, { PAPC_CGROUPS: "off" }] as Record<string, string>[]) {
  const label = env.PAPC_CGROUPS ? "markers" : "cgroups where there are";
  describe(`papc run interrupted (${label})`, () => {
    it("SIGTERM mid-run: the cases finished so far in a report marked incomplete, nothing left running, no case folder left", async () => {
      const { token, out, tmp, run } = await runUnderWay(env);
      run.kill("SIGTERM");
      const ended = await run;
      expect(ended.exitCode, ended.stderr).toBe(143);
      expect(ended.stderr).toContain("papc: SIGTERM: stopping");
      const report = parseReport(await readFile(join(out.path, "reports/command.jsonl"), "utf8"));
      expect(report.footer.stopped).toBe("interrupted by SIGTERM");
      expect(report.cases.length).toBeGreaterThanOrEqual(3);
      expect(report.cases.length).toBeLessThan(report.header.suite.cases);
      // every kept case was answered (none is the crash of a case cut short)
      expect(report.cases.filter((c) => c.outcome === "crash")).toEqual([]);
      // one daemon per implementation process (two jobs, and any restart), each named
      expect(report.footer.leftovers?.length).toBeGreaterThanOrEqual(1);
      expect(report.footer.leftovers?.every((l) => l.command.includes(token) && l.case !== undefined)).toBe(true);
      expect(await noneRunning(token)).toEqual([]);
      expect(await readdir(tmp.path)).toEqual([]);
      await out.cleanup();
      await tmp.cleanup();
    });

    it("SIGKILL mid-run: the next run kills what the dead one left, removes its case folders, and says so", async () => {
      const { token, out, tmp, run } = await runUnderWay(env);
      run.kill("SIGKILL");
      await run;
      // the implementation ends with its stdin; its daemon does not
      const left = running(token);
      expect(left.length).toBeGreaterThanOrEqual(1);
      const next = await execa("node", [PAPC, "run", "--case", "manifest/limits/raw-byte-names/*", "--out", join(out.path, "next")], {
        cwd: KIT_ROOT,
        reject: false,
        env: { NO_COLOR: "1", PAPC_TMPDIR: tmp.path, ...env },
      });
      expect(next.exitCode, next.stderr).toBe(0);
      expect(next.stderr).toMatch(new RegExp(`^papc: run \\S+ died without cleaning up: killed what it left running: pid \\d+ \`.*${token}`, "m"));
      const report = parseReport(await readFile(join(out.path, "next/reference.jsonl"), "utf8"));
      expect(report.header.containment?.reaped?.processes.map((p) => p.command.includes(token))).toEqual(left.map(() => true));
      expect(report.header.containment?.reaped?.folders.length).toBeGreaterThanOrEqual(1);
      expect(await noneRunning(token)).toEqual([]);
      expect(await readdir(tmp.path)).toEqual([]);
      await out.cleanup();
      await tmp.cleanup();
    });
  });
}

describe("a harness run", () => {
  it("ends with nothing of the harness left: what it left outside its process group is killed and named", async () => {
    const token = `papc-test-${randomBytes(6).toString("hex")}`;
    const dir = await tmpDir({ unsafeCleanup: true });
    // a stand-in for the harness binary: starts an "MCP server" in a session of its own, and exits
    const fake = join(dir.path, "fake-claude.mjs");
    await writeFile(
      fake,
      `#!${process.execPath}\nimport { spawn } from "node:child_process";\nspawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "papc-fake-mcp", ${JSON.stringify(token)}], { detached: true, stdio: "ignore" }).unref();\n`,
    );
    await chmod(fake, 0o755);
    const folders = { dir: dir.path, work: join(dir.path, "work"), home: join(dir.path, "home") };
    await mkdir(folders.work);
    await mkdir(folders.home);
    const pin = { provider: "claude-code" as const, package: "fake", version: "0", binary: "claude", version_output: "0" };
    const r = await runHarness({ harness: { pin, binary: fake }, prompt: "hi", turns: [], folders, native: {}, timeoutMs: 20_000 });
    expect(r.exitCode).toBe(0);
    expect(r.leftovers.map((l) => l.command.includes(token))).toEqual([true]);
    expect(await noneRunning(token)).toEqual([]);
    await dir.cleanup();
  });
});

describe("the run cgroups of dead runs of other scopes", () => {
  it("an empty one is removed; one of a live run, or one still holding a process, is left to its own scope", async (ctx) => {
    const own = ownCgroup();
    const c = containment();
    if (!("dir" in own) || c.mechanism !== "cgroup") {
      ctx.skip(`no writable cgroup v2 folder on this machine (${"why" in own ? own.why : c.why}): the marker mechanism makes no folders`);
      return;
    }
    const otherScope = c.scope === "000000" ? "111111" : "000000";
    // a token whose process cannot run (pid zzzz in base 36 started at time 1), and this process's own
    const dead = join(own.dir, `papc-run-${otherScope}.zzzz.1.${randomBytes(2).toString("hex")}`);
    const live = join(own.dir, `papc-run-${otherScope}.${runToken()}`);
    await mkdir(dead);
    await mkdir(live);
    try {
      await c.reapDeadRuns();
      await expect(readdir(dead)).rejects.toThrow(/ENOENT/);
      expect((await readdir(live)).length).toBeGreaterThan(0);
    } finally {
      for (const d of [dead, live]) await rmdir(d).catch(() => undefined);
    }
  });
});
