// pap-reference exit codes and output, in process, plus one run of the built bin.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitPath } from "../../runner/shared/kit-root.js";
import { cli, makeTree, manifest, removeTree } from "./fixtures.js";

let valid = "";
let invalid = "";
beforeAll(async () => {
  valid = await makeTree({ "plugins/demo/PLUGIN.toml": manifest() });
  invalid = await makeTree({ "plugins/demo/PLUGIN.toml": "schema_version = 2\n" });
});
afterAll(async () => {
  await removeTree(valid);
  await removeTree(invalid);
});

describe("pap-reference CLI", () => {
  it("exits 0 for a valid source and prints one JSON report with --json", async () => {
    const run = await cli("--json", "plugin", "validate", valid, "--source-id", "company");
    expect(run.code).toBe(0);
    expect(run.stdout.endsWith("\n")).toBe(true);
    expect(run.stdout.trimEnd().split("\n")).toHaveLength(1);
    const report = JSON.parse(run.stdout) as { valid: boolean; packages: { source_ref: string }[] };
    expect(report.valid).toBe(true);
    expect(report.packages[0]?.source_ref).toBe("company:demo");
  });

  it("exits 1 for an invalid source and lists diagnostics as path: code: message", async () => {
    const run = await cli("plugin", "validate", invalid);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^plugins\/demo\/PLUGIN\.toml: error invalid_plugin_package: /m);
  });

  it("exits 2 for a missing source directory", async () => {
    const run = await cli("--json", "plugin", "validate", join(valid, "missing"));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("must be an existing directory");
  });

  it.each([
    [[]],
    [["plugin", "validate"]],
    [["plugin", "validate", "a", "b"]],
    [["plugin", "validate", "a", "--bogus"]],
    [["plugin", "frobnicate", "a"]],
    [["plugin", "validate", "a", "--source-id", "no/slash"]],
  ])("exits 2 for bad usage %j", async (argv) => {
    expect((await cli(...argv)).code).toBe(2);
  });

  it("exits 0 for --help", async () => {
    const run = await cli("--help");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: pap-reference");
  });

  it("runs as a built bin", async () => {
    const bin = kitPath("dist", "reference", "src", "cli.js");
    expect(existsSync(bin), `${bin} missing: build first (npx tsc -p tsconfig.json)`).toBe(true);
    const ok = await execa("node", [bin, "--json", "plugin", "validate", valid], { reject: false });
    expect(ok.exitCode).toBe(0);
    expect((JSON.parse(ok.stdout) as { valid: boolean }).valid).toBe(true);
    const usage = await execa("node", [bin, "plugin"], { reject: false });
    expect(usage.exitCode).toBe(2);
  });
});
