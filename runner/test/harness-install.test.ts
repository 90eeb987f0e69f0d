// `papc harness install`: pins from recordings/pins.yaml, the cache layout, idempotence, and a
// clear failure (exit 1, the package, npm's output) when the registry cannot be reached.
// Requirements: KIT-HARNESS-PINS (SPEC.md; listed in cases/EXCLUSIONS.yaml with this file).

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { binaryPath, packageDir } from "../src/harness/cache.js";
import { HarnessInstallError, installedVersion, installHarness } from "../src/harness/install.js";
import { loadPins } from "../src/harness/pins.js";
import { HarnessMissingError, resolveHarness } from "../src/harness/resolve.js";
import type { HarnessPin } from "../src/types/recording.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

const RECORDINGS = join(KIT_ROOT, "recordings");
const UNREACHABLE = { npm_config_registry: "http://127.0.0.1:9/", npm_config_fetch_retries: "0" };

describe("harness pins", () => {
  it("pin Claude Code 2.1.233 and Codex 0.147.0 with the --version text they print", async () => {
    expect(await loadPins(RECORDINGS)).toEqual([
      { provider: "claude-code", package: "@anthropic-ai/claude-code", version: "2.1.233", binary: "claude", version_output: "2.1.233 (Claude Code)" },
      { provider: "codex", package: "@openai/codex", version: "0.147.0", binary: "codex", version_output: "codex-cli 0.147.0" },
    ]);
  });

  it("install into <cache>/<package with / as +>@<version>, binary under node_modules/.bin", () => {
    const pin: HarnessPin = { provider: "codex", package: "@openai/codex", version: "0.147.0", binary: "codex", version_output: "codex-cli 0.147.0" };
    expect(packageDir(pin, "/c")).toBe("/c/@openai+codex@0.147.0");
    expect(binaryPath(pin, "/c")).toBe("/c/@openai+codex@0.147.0/node_modules/.bin/codex");
  });
});

describe("papc harness install", () => {
  it("fails with the package and npm's output when the registry is unreachable (function and CLI)", async () => {
    const cache = await tmpDir({ unsafeCleanup: true });
    const [claude] = await loadPins(RECORDINGS);
    const err = await installHarness(claude!, { cacheRoot: cache.path, env: UNREACHABLE, timeoutMs: 60_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HarnessInstallError);
    expect((err as HarnessInstallError).message).toMatch(/^@anthropic-ai\/claude-code@2\.1\.233 \(claude-code\): npm install failed \(exit 1\); is the npm registry reachable\?/);
    expect((err as HarnessInstallError).npmTail).toMatch(/ECONNREFUSED/);
    expect(await readFile(join(packageDir(claude!, cache.path), "install.log"), "utf8")).toMatch(
      /^\$ npm install --engine-strict=false --no-audit --no-fund --no-save --loglevel=warn @anthropic-ai\/claude-code@2\.1\.233\n/,
    );
    await expect(resolveHarness("claude-code", RECORDINGS, cache.path)).rejects.toThrow(HarnessMissingError);

    const run = await execa("node", [PAPC, "harness", "install", "--provider", "codex"], { reject: false, env: { PAPC_HARNESS_CACHE: cache.path, ...UNREACHABLE } });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/^papc: cannot install @openai\/codex@0\.147\.0 \(codex\): npm install failed/);
    expect(run.stderr).toContain("--- npm output (tail) ---");
    expect(run.stderr).toMatch(/npm error/);
    await cache.cleanup();
  }, 120_000);

  it("refuses an unknown provider as a usage error", async () => {
    const run = await execa("node", [PAPC, "harness", "install", "--provider", "cursor"], { reject: false });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe("papc: unknown provider cursor (have: claude-code, codex)");
  });

  it("skips a pin whose binary already prints the pinned --version (when installed here)", async (ctx) => {
    const pins = await loadPins(RECORDINGS);
    const installed = await Promise.all(pins.map((p) => installedVersion(p)));
    if (installed.some((v, i) => v !== pins[i]!.version_output)) ctx.skip("the pinned harnesses are not installed in the default cache; the live test installs them");
    const started = Date.now();
    const run = await execa("node", [PAPC, "harness", "install"], { reject: false, env: UNREACHABLE });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^present {3}@anthropic-ai\/claude-code@2\.1\.233 \(claude-code\) \S+\/node_modules\/\.bin\/claude\npresent {3}@openai\/codex@0\.147\.0 \(codex\) /);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
