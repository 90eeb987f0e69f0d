// Two runs never write the same reports at once (KIT-REPORT-LOCK): while a live papc run holds
// <out>/<adapter>.lock, another run of that adapter into that folder is a usage error that writes
// nothing; a lock left by a run that is gone is taken over, and released when the run ends.

import { execa } from "execa";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { KIT_ROOT, PAPC } from "./helpers.js";

const papcRun = (out: string) =>
  execa("node", [PAPC, "run", "--adapter", "reference", "--case", "cli/exit/valid-source", "--out", out, "--quiet"], { cwd: KIT_ROOT, reject: false, env: { NO_COLOR: "1" } });

describe("the report folder lock", () => {
  it("refuses a second run while the first one's process lives, and writes nothing", async () => {
    const out = await tmpDir({ unsafeCleanup: true });
    try {
      await writeFile(join(out.path, "reference.lock"), `${process.pid}\n`);
      const run = await papcRun(out.path);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(`another papc run (pid ${process.pid}) is writing ${join(out.path, "reference")}.*`);
      expect(existsSync(join(out.path, "reference.jsonl"))).toBe(false);
    } finally {
      await out.cleanup();
    }
  }, 60_000);

  it("takes over a lock whose run is gone, and releases it at the end", async () => {
    const out = await tmpDir({ unsafeCleanup: true });
    try {
      const gone = await execa("node", ["-e", "process.stdout.write(String(process.pid))"]);
      await writeFile(join(out.path, "reference.lock"), `${gone.stdout}\n`);
      const run = await papcRun(out.path);
      expect(run.exitCode).toBe(0);
      expect(existsSync(join(out.path, "reference.jsonl"))).toBe(true);
      expect(existsSync(join(out.path, "reference.lock"))).toBe(false);
    } finally {
      await out.cleanup();
    }
  }, 60_000);
});
