// validate(): discovery, report shape, codes, structural verdict and exit codes.

import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sourceIdProblem, validate } from "../src/validate/validate.js";
import { CHECK_TOOL, makeTree, manifest, removeTree, RUN_SH, type TreeEntry } from "./fixtures.js";

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
      {
        code: "invalid_plugin_package",
        phase: "package_contract",
        severity: "error",
        path: "plugins/demo/PLUGIN.toml",
        pointer: "/plugin",
        message: 'schema keyword additionalProperties failed at /plugin: must NOT have additional properties (unexpected key "extra")',
      },
    ]);
    expect(report.package_contract.valid).toBe(false);
  });

  it("reports a descriptor schema_version it does not support as unsupported_active_component_schema", async () => {
    const tool = CHECK_TOOL.replace("schema_version = 1", "schema_version = 2");
    const root = await source({ "plugins/demo/PLUGIN.toml": manifest("demo", tool), "plugins/demo/run.sh": RUN_SH });
    const { report } = await validate(root);
    expect(report.diagnostics.map((d) => [d.code, d.pointer, d.message])).toEqual([
      ["unsupported_active_component_schema", "/tool/0/schema_version", "schema keyword const failed at /tool/0/schema_version: must be equal to constant (expected: 1)"],
    ]);
  });

  it("reports a plugin id two packages share on both manifests", async () => {
    const root = await source({
      "plugins/a/PLUGIN.toml": manifest("a").replace("[plugin]\n", '[plugin]\nid = "same"\n'),
      "plugins/b/PLUGIN.toml": manifest("b").replace("[plugin]\n", '[plugin]\nid = "same"\n'),
    });
    const { report } = await validate(root, { sourceId: "company" });
    expect(report.diagnostics.map((d) => [d.code, d.path, d.pointer, d.message])).toEqual(
      ["a", "b"].map((slot) => ["duplicate_plugin_stable_id", `plugins/${slot}/PLUGIN.toml`, "/plugin/id", "source `company` contains multiple plugins with stable ID `same`"]),
    );
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
    expect(report.diagnostics.map((d) => [d.code, d.path, d.message])).toEqual([["no_plugin_packages", "", "source contains no plugins/<name>/PLUGIN.toml package"]]);
  });

  it("exits 2 for a missing source directory", async () => {
    const root = await source({});
    const missing = join(root, "missing");
    const { exit, report } = await validate(missing);
    expect(exit).toBe(2);
    expect(report.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["invalid_source_path", `source path ${JSON.stringify(missing)} must be an existing directory (not a symlink)`],
    ]);
  });

  it("exits 2 for a source id outside [A-Za-z0-9._-]{1,128} or a dot segment", async () => {
    expect(sourceIdProblem("company.v2_x-y")).toBeUndefined();
    expect(sourceIdProblem("")).toMatchObject({ code: "invalid_source_id", kind: "source-id-length" });
    expect(sourceIdProblem("..")).toMatchObject({ kind: "source-id-length" });
    expect(sourceIdProblem("x".repeat(129))).toMatchObject({ kind: "source-id-length" });
    expect(sourceIdProblem("a/b")).toEqual({ code: "invalid_source_id", kind: "source-id-characters", sourceId: "a/b" });
    const root = await source({});
    const { exit, report } = await validate(root, { sourceId: "." });
    expect(exit).toBe(2);
    expect(report.diagnostics.map((d) => [d.code, d.message])).toEqual([["invalid_source_id", '--source-id ".": source id must be 1-128 characters and not "." or ".."']]);
    const characters = await validate(root, { sourceId: "a b" });
    expect(characters.report.diagnostics.map((d) => d.message)).toEqual(["--source-id \"a b\": source id may contain only ASCII letters, digits, '.', '_' and '-'"]);
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
