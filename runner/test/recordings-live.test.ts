// The live check: `papc recordings record --check` re-captures every scenario from the pinned
// harness binaries (installed on first use) and finds no drift from the committed recordings;
// a committed recording changed outside its volatile fields is reported as drift with a diff.
// When a harness cannot be installed (registry unreachable) the test is skipped loudly, and in
// CI (CI=true) that is a failure.
// Requirements: KIT-RECORDING-CHECK, KIT-LIVE-SKIP-LOUD (SPEC.md; listed in cases/EXCLUSIONS.yaml with this file).

import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { canonicalJson, sha256 } from "../src/common/canonical.js";
import { installHarness } from "../src/harness/install.js";
import { loadPins } from "../src/harness/pins.js";
import type { LoggedRequest } from "../src/recordings/model-server/server.js";
import type { Recording } from "../src/types/recording.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

const RECORDINGS = join(KIT_ROOT, "recordings");
let unavailable: string | undefined;

beforeAll(async () => {
  const problems: string[] = [];
  for (const pin of await loadPins(RECORDINGS)) {
    try {
      await installHarness(pin);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (problems.length > 0) unavailable = problems.join("\n");
}, 900_000);

function requireHarnesses(ctx: TestContext): void {
  if (!unavailable) return;
  const why = `the pinned harnesses could not be installed, so the live recording check did not run:\n${unavailable}`;
  if (process.env.CI === "true") throw new Error(`CI: ${why}`);
  console.warn(`\n⚠️  SKIPPED (live recordings): ${why}\n`);
  ctx.skip(why.split("\n")[0]);
}

const papc = (args: string[]) => execa("node", [PAPC, ...args], { cwd: KIT_ROOT, reject: false, env: { NO_COLOR: "1" }, timeout: 180_000 });

describe("papc recordings record --check (live, pinned binaries)", () => {
  it("re-captures every scenario in both harnesses without drift, and the hooks' replies reach the model", async (ctx) => {
    requireHarnesses(ctx);
    const logs = await tmpDir({ unsafeCleanup: true });
    const started = Date.now();
    const run = await papc(["recordings", "record", "--check", "--log-dir", logs.path]);
    const seconds = (Date.now() - started) / 1000;
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/no drift: \d+ recording\(s\) re-captured match the committed ones/);
    console.info(`live re-capture of both harnesses: ${seconds.toFixed(1)} s`);

    // The Stop hook's block reason is what the harness sends the model next.
    for (const provider of ["claude-code", "codex"]) {
      const log = JSON.parse(await readFile(join(logs.path, `${provider}.stop-continue-once.requests.json`), "utf8")) as LoggedRequest[];
      const main = log.filter((r) => r.kind === "main");
      expect(main).toHaveLength(2);
      expect(JSON.stringify(main[0]!.body)).not.toContain("Check your answer once more");
      expect(JSON.stringify(main[1]!.body)).toContain("Check your answer once more before you stop.");
    }
    await logs.cleanup();
  }, 180_000);

  it("reports a committed recording changed outside its volatile fields as drift (exit 1, with a diff)", async (ctx) => {
    requireHarnesses(ctx);
    const tmp = await tmpDir({ unsafeCleanup: true });
    const root = join(tmp.path, "recordings");
    await cp(RECORDINGS, root, { recursive: true });
    const file = join(root, "codex/0.147.0/PostToolUse/bash-echo.json");
    const r = JSON.parse(await readFile(file, "utf8")) as Recording;
    r.payload.tool_response = "goodbye\n";
    r.payload.session_id = "a-volatile-value-changes-nothing";
    r.sha256 = sha256(canonicalJson(r.payload));
    await writeFile(file, JSON.stringify(r, null, 2));
    const run = await papc(["recordings", "record", "--check", "--recordings", root, "--provider", "codex", "--scenario", "bash-echo"]);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toContain("✗ codex/0.147.0/PostToolUse/bash-echo — changed: differs outside its volatile fields");
    expect(run.stdout).toMatch(/- .*"tool_response": "goodbye\\n"/);
    expect(run.stdout).toMatch(/\+ .*"tool_response": "hello\\n"/);
    expect(run.stdout).not.toContain("a-volatile-value-changes-nothing");
    expect(run.stdout).toContain("1 recording(s) drifted (6 re-captured, 6 committed)");
    await tmp.cleanup();
  }, 120_000);
});
