// Harness versions other than the pins (KIT-HARNESS-VERSIONS): the `--harness` flag, `latest`
// through the registry (a fake one here, and an unreachable real one), another version's pin,
// and `papc recordings diff` over recordings written where other versions go.

import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { loadPins } from "../src/harness/pins.js";
import { HarnessVersionError, parseHarnessFlag, pinAtVersion, requestedPins, type Registry } from "../src/harness/versions.js";
import { renderHtml } from "../src/report/html.js";
import { renderMarkdown } from "../src/report/markdown.js";
import { footerFor } from "../src/run/tally.js";
import { KIT_ROOT, PAPC } from "./helpers.js";
import { HEADER } from "./report-header.js";
import { installPinnedHarnesses, requireHarnesses } from "./live-helpers.js";
import { parseReport } from "../src/report/jsonl.js";

const papc = (args: string[], env: Record<string, string> = {}) => execa("node", [PAPC, ...args], { cwd: KIT_ROOT, reject: false, env: { NO_COLOR: "1", ...env } });
const fakeRegistry: Registry = { latest: async (pkg) => (pkg === "@openai/codex" ? "0.171.0" : "2.1.332"), versions: async () => [] };

describe("--harness <provider>@<version|latest>", () => {
  it("parses a provider and its versions, and says what is wrong otherwise", () => {
    expect(parseHarnessFlag("codex@0.171.0")).toEqual({ provider: "codex", versions: ["0.171.0"] });
    expect(parseHarnessFlag("claude-code@2.1.233,2.1.300,latest")).toEqual({ provider: "claude-code", versions: ["2.1.233", "2.1.300", "latest"] });
    expect(() => parseHarnessFlag("gemini@1.0.0")).toThrow(/provider one of claude-code, codex/);
    expect(() => parseHarnessFlag("codex")).toThrow(HarnessVersionError);
    expect(() => parseHarnessFlag("codex@newest")).toThrow(/"newest" is not a version/);
  });

  it("another version is the pin's package at that version, checked by the pin's --version line with its number", async () => {
    const pins = await loadPins(join(KIT_ROOT, "recordings"));
    const codex = pins.find((p) => p.provider === "codex")!;
    expect(pinAtVersion(codex, "0.171.0")).toEqual({ ...codex, version: "0.171.0", version_output: "codex-cli 0.171.0" });
    expect(pinAtVersion(codex, codex.version)).toBe(codex);
    const chosen = await requestedPins(pins, [parseHarnessFlag("codex@latest"), parseHarnessFlag("claude-code@2.1.233,latest")], fakeRegistry);
    expect(chosen.map((p) => `${p.provider}@${p.version} ${p.version_output}`)).toEqual([
      "codex@0.171.0 codex-cli 0.171.0",
      "claude-code@2.1.233 2.1.233 (Claude Code)",
      "claude-code@2.1.332 2.1.332 (Claude Code)",
    ]);
  });

  it("`latest` without a reachable registry fails with exit 2 and says so, installing nothing", async () => {
    const cache = await tmpDir({ unsafeCleanup: true });
    const run = await papc(["harness", "install", "--harness", "codex@latest"], {
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_fetch_retries: "0",
      PAPC_HARNESS_CACHE: cache.path,
    });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^papc: cannot ask the npm registry for @openai\/codex version: `npm view` failed \(exit \d+\); is the registry reachable\?/);
    expect(await readdir(cache.path)).toEqual([]);
    await cache.cleanup();
  }, 120_000);
});

describe("papc recordings diff", () => {
  it("compares the pin's recordings with another version's, field by field, and exits 1 on drift", async () => {
    const out = await tmpDir({ unsafeCleanup: true });
    // a "later version" made from copies of the real Codex recordings, one field removed
    const later = join(out.path, "codex/0.999.0");
    await cp(join(KIT_ROOT, "recordings/codex/0.147.0"), later, { recursive: true });
    for (const rel of await readdir(later, { recursive: true })) {
      if (!rel.endsWith(".json")) continue;
      const copy = JSON.parse(await readFile(join(later, rel), "utf8")) as { version: string };
      await writeFile(join(later, rel), JSON.stringify({ ...copy, version: "0.999.0" }));
    }
    const same = await papc(["recordings", "diff", "codex@0.147.0", "codex@0.999.0", "--out", out.path]);
    expect(same.stdout).toMatch(/^codex 0\.147\.0 → 0\.999\.0: no drift \(\d+ recording\(s\) compared outside volatile fields\)$/);
    expect(same.exitCode).toBe(0);

    // verify checks another version's recordings against its own pin, and no case needs them
    const verified = await papc(["recordings", "verify", "--harness", "codex@0.999.0", "--out", out.path]);
    expect(verified.stdout).toMatch(/^recordings OK: \d+ file\(s\)$/);
    expect(verified.exitCode).toBe(0);

    const file = join(later, "PreToolUse/bash-echo.json");
    const recording = JSON.parse(await readFile(file, "utf8")) as { version: string; payload: Record<string, unknown> };
    delete recording.payload.permission_mode;
    await writeFile(file, JSON.stringify(recording));
    const drifted = await papc(["recordings", "diff", "codex@0.147.0", "codex@0.999.0", "--out", out.path, "--json"]);
    expect(drifted.exitCode).toBe(1);
    expect(JSON.parse(drifted.stdout)).toMatchObject({
      provider: "codex",
      from: "0.147.0",
      to: "0.999.0",
      events: [{ id: "PreToolUse/bash-echo", kind: "changed", fields: [{ pointer: "/permission_mode", kind: "removed" }] }],
    });

    const tampered = await papc(["recordings", "verify", "--harness", "codex@0.999.0", "--out", out.path]);
    expect(tampered.exitCode).toBe(1);
    expect(tampered.stdout).toContain("codex/0.999.0/PreToolUse/bash-echo.json: sha256 ");

    const none = await papc(["recordings", "diff", "codex@0.147.0", "codex@0.998.0", "--out", out.path]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("papc: no recordings of codex 0.998.0 under ");
    expect(none.stderr).toContain("make them with `papc recordings record --harness codex@0.998.0`");
    await out.cleanup();
  });
});

describe("a report names the harness binaries it ran (KIT-HARNESS-PROVENANCE)", () => {
  it("Markdown and HTML say which package and version, what --version printed, and whether it is the pin", () => {
    const header = {
      ...HEADER,
      harnesses: [
        { provider: "claude-code", package: "@anthropic-ai/claude-code", version: "2.1.233", version_output: "2.1.233 (Claude Code)", pinned: true },
        { provider: "codex", package: "@openai/codex", version: "0.171.0", version_output: "codex-cli 0.171.0", pinned: false },
      ],
    };
    const report = { header, cases: [], footer: footerFor([], performance.now()) };
    expect(renderMarkdown(report)).toContain(
      "Harnesses: @anthropic-ai/claude-code@2.1.233 (`--version`: 2.1.233 (Claude Code), the pin); @openai/codex@0.171.0 (`--version`: codex-cli 0.171.0, not the pin: a compatibility observation).",
    );
    expect(renderHtml([report], { sources: ["r.jsonl"] })).toContain("@openai/codex@0.171.0 (codex-cli 0.171.0, not the pin)");
    expect(renderMarkdown({ header: HEADER, cases: [], footer: report.footer })).not.toContain("Harnesses");
  });
});

describe("papc run --harness", () => {
  it("runs the live cases on the version named (here the pin, named explicitly) and the report says which binary ran", async (ctx) => {
    requireHarnesses(ctx, await installPinnedHarnesses(), "papc run --harness");
    const out = await tmpDir({ unsafeCleanup: true });
    const run = await papc(["run", "--harness", "codex@0.147.0", "--case", "live/codex/deny-pretooluse", "--out", out.path]);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const report = parseReport(await readFile(join(out.path, "reference.jsonl"), "utf8"));
    expect(report.header.harnesses).toEqual([{ provider: "codex", package: "@openai/codex", version: "0.147.0", version_output: "codex-cli 0.147.0", pinned: true }]);
    expect(report.cases.map((c) => [c.id, c.outcome, c.harness])).toEqual([["live/codex/deny-pretooluse", "pass", { provider: "codex", version: "0.147.0" }]]);
    expect(await readFile(join(out.path, "reference.md"), "utf8")).toContain("Harnesses: @openai/codex@0.147.0 (`--version`: codex-cli 0.147.0, the pin).");
    const twice = await papc(["run", "--harness", "codex@0.147.0,0.148.0", "--out", out.path]);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toContain("papc run takes one version per provider; codex is named twice");
    await out.cleanup();
  }, 300_000);
});
