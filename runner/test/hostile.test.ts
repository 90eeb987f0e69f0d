// Hostile implementations (runner/test/hostile/): each misbehaves in one way; the runner
// must give the misbehaving case the right outcome and still run every other case.
// Checks KIT-PROTOCOL-FRAMING, KIT-PROTOCOL-HELLO, KIT-PROTOCOL-SEQ, KIT-PROTOCOL-VALIDATED,
// KIT-PROTOCOL-TIMEOUT, KIT-PROTOCOL-RESTART, KIT-PROTOCOL-BOUNDED, KIT-PROTOCOL-STDERR,
// KIT-PROTOCOL-NOT-ANNOUNCED, KIT-OUTCOME-DISTINCT, KIT-OUTCOME-SUITE-BUG, KIT-EXPECT-FIXTURE,
// KIT-JUDGE-TIMEOUT.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { file as tmpFile } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { problem } from "../src/common/problems.js";
import { check } from "../src/schemas/registry.js";
import { HOSTILE, outcomes, persistentAdapter, runProbe } from "./helpers.js";

/** True once the process no longer exists or is a zombie (killed, not yet reaped by init). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    try {
      if (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z")) return true;
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const hostile = (script: string) => persistentAdapter(["node", join(HOSTILE, script)]);
const AFTER_TRIGGER_PASSES = { "probe/ok-1": "pass", "probe/ok-2": "pass", "probe/ok-3": "pass", "probe/ok-4": "pass" };

describe("hostile implementations", () => {
  it("a hang on one case is a timeout; the process is killed and restarted for the rest", async () => {
    const report = await runProbe(hostile("hangs.mjs"), { timeoutMs: 1500 });
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "timeout" });
    expect(report.footer.exit_code).toBe(1);
  });

  it("a timeout kills the whole process tree, including what a wrapper shell started", async () => {
    const pids = await tmpFile();
    process.env.PAPC_HOSTILE_PID_FILE = pids.path;
    try {
      const wrapped = persistentAdapter(["sh", "-c", `node ${join(HOSTILE, "hangs.mjs")}; echo unreachable`]);
      const report = await runProbe(wrapped, { timeoutMs: 1500 });
      expect(outcomes(report)["probe/trigger"]).toBe("timeout");
    } finally {
      delete process.env.PAPC_HOSTILE_PID_FILE;
    }
    const started = readFileSync(pids.path, "utf8").trim().split("\n").map(Number);
    expect(started).toHaveLength(2); // the first process, and the restart after the timeout
    for (const pid of started) expect(await gone(pid)).toBe(true);
    await pids.cleanup();
  });

  it("a crash mid-reply is a crash, with its stderr attributed to that case", async () => {
    const report = await runProbe(hostile("crashes-mid-run.mjs"));
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "crash" });
    const trigger = report.cases.find((c) => c.id === "probe/trigger")!;
    expect(trigger.message).toMatch(/exited with code 3/);
    expect(trigger.stderr).toContain("about to crash");
  });

  it("a reply that is not JSON is a protocol error", async () => {
    const report = await runProbe(hostile("prints-non-json.mjs"));
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "error" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toMatch(/not JSON/);
  });

  it("a reply that is JSON but not an object (null) is a protocol error, not a papc crash", async () => {
    const report = await runProbe(hostile("replies-null.mjs"));
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "error" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toMatch(/not a JSON object/);
  });

  it("a crash is seen at once even when a leftover child holds stdout open, and the child is killed", async () => {
    const started = performance.now();
    const report = await runProbe(hostile("crash-leaves-child.mjs"), { timeoutMs: 5000 });
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "crash" });
    expect(performance.now() - started).toBeLessThan(4000); // not the 5 s timeout
  });

  it("a reply with the wrong seq is a protocol error", async () => {
    const report = await runProbe(hostile("wrong-seq.mjs"));
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "error" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toMatch(/seq 4 does not match request seq 3/);
  });

  it("a reply written twice is the protocol error of the case it answered, not of the next one", async () => {
    const report = await runProbe(hostile("replies-twice.mjs"));
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "error" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toMatch(/^protocol error: unexpected output while no request was pending after the reply to seq \d+: "\{/);
    expect(report.footer.exit_code).toBe(1);
  });

  it("a reply after the last case fails that case and the run, instead of being dropped", async () => {
    const report = await runProbe(hostile("replies-after-last.mjs"));
    const last = report.cases.at(-1)!;
    expect(last.outcome).toBe("error");
    expect(last.message).toMatch(/no request was pending after the reply to seq 5/);
    expect(report.cases.filter((c) => c.outcome === "pass")).toHaveLength(4);
    expect(report.footer.exit_code).toBe(1);
  });

  it("100 MB on stdout is cut off at the line limit, with the runner's memory bounded", async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const report = await runProbe(hostile("floods-stdout.mjs"), { timeoutMs: 5000 });
    const grown = process.memoryUsage().rss - before;
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "error" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toMatch(/exceeded 8388608 bytes/);
    // The flood is 100 MB; the runner keeps at most one 8 MiB line of it.
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it("an implementation that only writes stderr times out on every case, and the run completes", async () => {
    const report = await runProbe(hostile("only-stderr.mjs"), { timeoutMs: 1000 });
    expect(new Set(Object.values(outcomes(report)))).toEqual(new Set(["timeout"]));
    expect(report.cases).toHaveLength(5);
    expect(report.cases[0]!.stderr).toContain("will not answer");
    // after three failed starts it is not restarted again, and says so
    expect(report.cases[4]!.message).toMatch(/not restarted after 3 failed starts/);
  });

  it("an implementation that exits on hello crashes every case, and the run completes", async () => {
    const report = await runProbe(hostile("exits-on-hello.mjs"));
    expect(new Set(Object.values(outcomes(report)))).toEqual(new Set(["crash"]));
    expect(report.cases[0]!.message).toMatch(/hello failed: implementation exited with code 4/);
    expect(report.footer.exit_code).toBe(1);
  });

  it("a result that does not match the operation's result schema is an error", async () => {
    const report = await runProbe(hostile("bad-result.mjs"));
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "error" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toMatch(/result does not match the validate result schema: \/ must have required property 'report'/);
  });

  it("an implementation that writes into its fixture fails expect.fixture, with the changes as a diff", async () => {
    const report = await runProbe(hostile("writes-into-fixture.mjs"));
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "fail" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.diff).toEqual([
      { type: "add", path: "fixture.absent", expected: "RAN absent", actual: "RAN exists" },
      {
        type: "modify",
        path: "fixture.unchanged",
        expected: expect.stringMatching(/^plugins\/demo\/PLUGIN.toml: file 644 [0-9a-f]{64}$/),
        actual: expect.stringMatching(/^plugins\/demo\/PLUGIN.toml: file 600 /),
      },
      { type: "add", path: "fixture.unchanged", expected: "RAN: (absent)", actual: expect.stringMatching(/^RAN: file 644 /) },
    ]);
  });

  it("judging has its own time bound: a fixture filled with 20,000 files is an error, and the run goes on", async () => {
    // Margins both ways on a loaded CI machine: the exchange gets room to write 20,000 files, so
    // only judging is timed; the result schema is compiled before the run, so judging an ordinary
    // case (a few files) takes milliseconds, while reading 20,000 files takes seconds.
    check("protocol/validate-result.schema.json", {});
    const report = await runProbe(hostile("fills-its-fixture.mjs"), { timeoutMs: 60_000, judgeTimeoutMs: 500 });
    expect(outcomes(report)).toEqual({ ...AFTER_TRIGGER_PASSES, "probe/trigger": "error" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toBe("judging what the implementation left took longer than 500 ms; papc stopped reading it");
  }, 120_000);

  it("cases of an operation the implementation did not announce are not-applicable and never sent", async () => {
    const report = await runProbe(hostile("announces-nothing.mjs"));
    expect(new Set(Object.values(outcomes(report)))).toEqual(new Set(["not-applicable"]));
    expect(report.footer.exit_code).toBe(0);
  });

  it("a case that cannot be loaded is a suite-bug and the other cases still run", async () => {
    const broken = [
      {
        id: "probe/broken",
        file: "cases/probe/x.yaml",
        line: 3,
        area: "probe",
        spec: ["KIT-PROBE"],
        problems: [problem("case-schema", "cases/probe/x.yaml", 3, "/ must have required property 'title'", "probe/broken")],
      },
    ];
    const report = await runProbe(persistentAdapter(["node", join(HOSTILE, "hangs.mjs")]), { broken });
    expect(outcomes(report)).toMatchObject({ "probe/broken": "suite-bug", "probe/ok-1": "pass", "probe/ok-4": "pass" });
    expect(report.cases.find((c) => c.id === "probe/broken")!.message).toBe("cases/probe/x.yaml:3: case-schema: / must have required property 'title'");
    expect(report.footer.exit_code).toBe(1);
  }, 20_000);

  it("a command that cannot be started is a crash, not a runner failure", async () => {
    const report = await runProbe(persistentAdapter(["/nonexistent/papc-implementation"]));
    expect(new Set(Object.values(outcomes(report)))).toEqual(new Set(["crash"]));
  });
});
