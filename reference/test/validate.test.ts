// validate(): discovery, report shape, codes, structural verdict and exit codes.

import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { validate } from "../src/validate/validate.js";
import { makeTree, manifest, removeTree, type TreeEntry } from "./fixtures.js";

const roots: string[] = [];
async function source(files: Record<string, TreeEntry>): Promise<string> {
  const root = await makeTree(files);
  roots.push(root);
  return root;
}
afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

describe("validate", () => {
  it("accepts a valid source and reports its package", async () => {
    const text = manifest("demo", '[providers.claude]\ntoken = "secret"\n');
    const root = await source({ "plugins/demo/PLUGIN.toml": text, "plugins/README.md": "not a package", "plugins/empty/.keep": "" });
    const { exit, report, structural } = await validate(root, { sourceId: "company" });
    expect(exit).toBe(0);
    expect(structural).toBe("accept");
    expect(report).toMatchObject({ schema_version: 1, profile: "portable-agent-packages/0.1", source_path: root, valid: true, diagnostics: [], structural: "accept" });
    expect(report.providers.map((p) => [p.provider, p.baseline, p.status])).toEqual([
      ["claude", "2.1.233", "not_applicable"],
      ["codex", "0.147.0", "not_applicable"],
    ]);
    expect(report.packages).toEqual([
      expect.objectContaining({
        source_id: "company",
        source_ref: "company:demo",
        slot_name: "demo",
        description: "Demo package",
        id: null,
        path: "plugins/demo",
        manifest_file: "plugins/demo/PLUGIN.toml",
        provider_overlays: ["claude"],
        package_hash: createHash("sha256").update(text).digest("hex"),
      }),
    ]);
    expect(JSON.stringify(report)).not.toContain("secret");
  });

  it("rejects a schema violation with code, path and pointer", async () => {
    const root = await source({ "plugins/demo/PLUGIN.toml": manifest("demo", "extra = 1\n") });
    const { exit, report, structural } = await validate(root);
    expect([exit, report.valid, structural]).toEqual([1, false, "reject"]);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: "invalid_plugin_package", phase: "package_contract", severity: "error", path: "plugins/demo/PLUGIN.toml", pointer: "/plugin" }),
    ]);
    expect(report.package_contract.valid).toBe(false);
  });

  it("reports a symlinked package directory as unsafe without following it", async () => {
    const root = await source({ "outside/PLUGIN.toml": manifest("linked"), "plugins/linked": { symlink: "../outside" } });
    const { exit, report, structural } = await validate(root);
    expect([exit, structural]).toEqual([1, "accept"]);
    expect(report.diagnostics.map((d) => [d.code, d.path])).toEqual([["unsafe_plugin_package_entry", "plugins/linked"]]);
    expect(report.packages).toEqual([]);
  });

  it("reports an empty source as no_plugin_packages (exit 1)", async () => {
    const root = await source({ "README.md": "nothing here" });
    const { exit, report } = await validate(root);
    expect(exit).toBe(1);
    expect(report.diagnostics.map((d) => [d.code, d.path])).toEqual([["no_plugin_packages", ""]]);
  });

  it("exits 2 for a missing source directory", async () => {
    const root = await source({});
    expect((await validate(join(root, "missing"))).exit).toBe(2);
  });

  it("sorts diagnostics by path, phase, code, message", async () => {
    const root = await source({
      "plugins/b/PLUGIN.toml": manifest("b", "x = 1\ny = 2\n"),
      "plugins/a/PLUGIN.toml": Buffer.from([0xff]),
    });
    const { report } = await validate(root);
    expect(report.diagnostics.map((d) => d.path)).toEqual(["plugins/a/PLUGIN.toml", "plugins/b/PLUGIN.toml", "plugins/b/PLUGIN.toml"]);
    expect(report.packages).toEqual([]); // only valid packages are listed
  });
});
