// --memory-limit (KIT-CONTAINMENT-MEMORY): an implementation that goes past the bound is killed by
// the kernel (the cgroup memory controller), its case is a crash that says so, and the run goes
// on with a restarted process. Where the machine has no such controller, the option is refused.

import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { containment } from "../shared/process-cell.js";
import { parseMemorySize } from "../shared/memory-limit.js";
import { HOSTILE, KIT_ROOT, outcomes, PAPC, persistentAdapter, runProbe } from "./helpers.js";

const PASSES = { "probe/ok-1": "pass", "probe/ok-2": "pass", "probe/ok-3": "pass", "probe/ok-4": "pass" };
const why = containment().memoryLimitWhy();

describe("--memory-limit", () => {
  it.skipIf(why !== undefined)(`an implementation past the bound is a crash that says so; the others pass${why ? ` (skipped: ${why})` : ""}`, async () => {
    const report = await runProbe(persistentAdapter(["node", join(HOSTILE, "eats-memory.mjs")]), { memoryBytes: 64 * 1024 * 1024, timeoutMs: 30_000 });
    expect(outcomes(report)).toEqual({ ...PASSES, "probe/trigger": "crash" });
    expect(report.cases.find((c) => c.id === "probe/trigger")!.message).toBe("implementation was killed by the kernel for going past --memory-limit (64 MiB)");
    expect(report.header.containment?.memory_limit).toBe(64 * 1024 * 1024);
  });

  it.skipIf(why !== undefined)("without the bound, the same implementation passes every case", async () => {
    const report = await runProbe(persistentAdapter(["node", join(HOSTILE, "eats-memory.mjs")]), { timeoutMs: 30_000 });
    expect(outcomes(report)).toEqual({ ...PASSES, "probe/trigger": "pass" });
  });

  it.runIf(why !== undefined)("is refused, saying why, where the machine has no cgroup memory controller", async () => {
    const out = await tmpDir({ unsafeCleanup: true });
    const run = await execa("node", [PAPC, "run", "--memory-limit", "256M", "--case", "manifest/limits/raw-byte-names/*", "--out", out.path], { cwd: KIT_ROOT, reject: false });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("--memory-limit needs the cgroup memory controller");
    await out.cleanup();
  });

  it("a size papc cannot read is a usage error", async () => {
    const run = await execa("node", [PAPC, "run", "--memory-limit", "lots", "--case", "manifest/limits/raw-byte-names/*"], { cwd: KIT_ROOT, reject: false });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("--memory-limit must be a size such as 512M, 1G or 268435456 (bytes)");
  });

  it("reads sizes as people write them, and refuses others", () => {
    expect([parseMemorySize("512M"), parseMemorySize("1G"), parseMemorySize("256MiB"), parseMemorySize("1000")]).toEqual([512 * 1024 ** 2, 1024 ** 3, 256 * 1024 ** 2, 1000]);
    expect([parseMemorySize("lots"), parseMemorySize("0"), parseMemorySize("-1M"), parseMemorySize("1.5G")]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
