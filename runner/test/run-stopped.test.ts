// A run whose machine fails it stops once, with the reason (KIT-RUN-STOPPED): no temporary
// directory for the fixtures, or reports that cannot be written (a full disk, simulated with
// /dev/full), end the run early with exit 2, instead of a suite-bug per case or a crash after
// the whole run.

import { existsSync } from "node:fs";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { parseReport } from "../src/report/jsonl.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

const NINE = "manifest/limits/raw-byte-names/*";
const papc = (args: string[], env: Record<string, string> = {}) => execa("node", [PAPC, ...args], { cwd: KIT_ROOT, reject: false, env: { NO_COLOR: "1", ...env } });

describe("a run its machine cannot carry stops once, with the reason", () => {
  it("a temporary directory where no case folder can be made stops the run at the first case, not nine suite-bugs", async () => {
    const out = await tmpDir({ unsafeCleanup: true });
    const notADirectory = join(out.path, "tmp-is-a-file");
    await writeFile(notADirectory, "");
    const run = await papc(["run", "--case", NINE, "--jobs", "1", "--out", join(out.path, "reports")], { PAPC_TMPDIR: notADirectory });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^papc: the run stopped after 0 of 9 cases: cannot make a case folder in the temporary directory ${notADirectory} \\(PAPC_TMPDIR\\): .*ENOTDIR.* \\(at case manifest/limits/raw-byte-names/[a-z-]+\\)$`,
      ),
    );
    const report = parseReport(await readFile(join(out.path, "reports/reference.jsonl"), "utf8"));
    expect(report.cases).toEqual([]);
    expect(report.footer.exit_code).toBe(1);
    expect(report.footer.stopped).toMatch(/^cannot make a case folder/);
    expect(await readFile(join(out.path, "reports/reference.md"), "utf8")).toMatch(/^# papc .*\n\n❌ the run stopped after 0 of 9 cases: cannot make a case folder/);
    expect(await readFile(join(out.path, "reports/reference.xml"), "utf8")).toContain('<testcase classname="papc" name="run stopped"');
    await out.cleanup();
  });

  it.runIf(existsSync("/dev/full"))("a report that cannot be written (a full disk) stops the run early and says which file", async () => {
    const out = await tmpDir({ unsafeCleanup: true });
    const reports = join(out.path, "reports");
    await mkdir(reports);
    await symlink("/dev/full", join(reports, "reference.jsonl"));
    const run = await papc(["run", "--case", NINE, "--jobs", "1", "--out", reports]);
    expect(run.exitCode, run.stderr).toBe(2);
    const [stopped, unwritten] = run.stderr.split("\n");
    expect(stopped).toMatch(new RegExp(`^papc: the run stopped after [0-2] of 9 cases: cannot write ${reports}/reference.jsonl: ENOSPC$`));
    expect(unwritten).toBe(`papc: cannot write ${reports}/reference.jsonl: ENOSPC`);
    expect(run.stderr).not.toMatch(/ERR_STREAM_DESTROYED|at .*\.js:\d+/);
    // the other reports are still written, and say why the run is incomplete
    expect(await readFile(join(reports, "reference.md"), "utf8")).toMatch(/❌ the run stopped after [0-2] of 9 cases: cannot write .*reference\.jsonl: ENOSPC/);
    await out.cleanup();
  });
});
