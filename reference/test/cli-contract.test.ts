// The parts of the validator contract (SPEC.md 3.1 and chapter 4) that the validate operation
// cannot show, so cases/EXCLUSIONS.yaml points here: command-line syntax, stderr on usage
// errors, text mode, source_path as given, reading reports tolerantly, and discovery locations
// that cannot be read (permission bits do not stop root, so root runs the check as nobody).

import { chmod } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it, type TestContext } from "vitest";
import { compareValidate } from "../../runner/src/operations/validate/compare.js";
import { check } from "../../runner/src/schemas/registry.js";
import type { ValidateResult } from "../../runner/shared/protocol.js";
import type { ValidationReport } from "../../runner/shared/validation-report.js";
import { validate } from "../src/validate/validate.js";
import { callAsNobody, cli, type CliRun, makeTree, manifest, removeTree, skill, type TreeEntry } from "./fixtures.js";

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

async function tree(files: Record<string, TreeEntry>): Promise<string> {
  const root = await makeTree(files);
  roots.push(root);
  return root;
}

const VALID = {
  "plugins/demo/PLUGIN.toml": manifest("demo", '[[plugin.members]]\nref = "skill:company:review"\nrequirement = "optional"\n'),
  "skills/review/SKILL.md": skill("review"),
};
const INVALID = { "plugins/demo/PLUGIN.toml": manifest("other") };

function report(run: CliRun): ValidationReport {
  expect(run.stdout.endsWith("\n")).toBe(true);
  expect(run.stdout.trimEnd().split("\n")).toHaveLength(1);
  return JSON.parse(run.stdout) as ValidationReport;
}

describe("PAP-CLI-COMMAND: [--json] plugin validate <source> [--source-id ID]", () => {
  it("accepts --json before plugin, after validate and after the source, and --source-id before or after the source", async () => {
    const root = await tree(VALID);
    for (const argv of [
      ["--json", "plugin", "validate", root, "--source-id", "company"],
      ["plugin", "validate", "--json", root, "--source-id", "company"],
      ["plugin", "validate", root, "--source-id", "company", "--json"],
      ["--json", "plugin", "validate", "--source-id", "company", root],
      ["--json", "plugin", "validate", root, "--source-id=company"],
    ]) {
      const run = await cli(...argv);
      expect(run.code, argv.join(" ")).toBe(0);
      const parsed = report(run);
      expect(parsed.packages.map((p) => p.source_ref)).toEqual(["company:demo"]);
      expect(parsed.members.map((m) => m.status)).toEqual(["resolved"]);
    }
  });

  it("uses the source identity validation without --source-id", async () => {
    const root = await tree(VALID);
    const parsed = report(await cli("--json", "plugin", "validate", root));
    expect(parsed.packages[0]?.source_id).toBe("validation");
    expect(parsed.members.map((m) => m.status)).toEqual(["unavailable_external"]);
  });

  it.each([
    [["plugin", "validate"]],
    [["plugin", "validate", "a", "b"]],
    [["plugin", "validate", "a", "--bogus"]],
    [["--bogus", "plugin", "validate", "a"]],
    [["plugin", "frobnicate", "a"]],
    [["validate", "a"]],
    [[]],
  ])("exits 2 for %j", async (argv) => {
    expect((await cli(...argv)).code).toBe(2);
  });
});

describe("PAP-CLI-USAGE-STDERR: exit 2 explains itself on stderr", () => {
  it.each([
    ["a missing argument", ["--json", "plugin", "validate"]],
    ["an extra argument", ["--json", "plugin", "validate", "a", "b"]],
    ["an unknown option", ["--json", "plugin", "validate", "a", "--bogus"]],
    ["an unknown command", ["--json", "plugin", "frobnicate", "a"]],
    ["--source-id without a value", ["--json", "plugin", "validate", "a", "--source-id"]],
  ])("for %s", async (_what, argv) => {
    const run = await cli(...argv);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).not.toBe("");
  });

  it("for a missing source, a source that is a file and an invalid --source-id (with --json the report still goes to stdout)", async () => {
    const root = await tree({ "source.txt": "x\n", ...VALID });
    for (const argv of [
      ["--json", "plugin", "validate", join(root, "missing")],
      ["--json", "plugin", "validate", join(root, "source.txt")],
      ["--json", "plugin", "validate", root, "--source-id", ".."],
    ]) {
      const run = await cli(...argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr.trim(), argv.join(" ")).not.toBe("");
      expect(report(run).valid).toBe(false);
    }
  });
});

describe("PAP-CLI-TEXT-MODE: without --json, stdout is for people", () => {
  it("starts with the source and the verdict, then one line per diagnostic with path, severity and code", async () => {
    const root = await tree({ ...INVALID, "skills/draft/SKILL.md": "# no frontmatter\n" });
    const run = await cli("plugin", "validate", root);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toContain(root);
    expect(lines[0]).toMatch(/invalid/);
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toMatch(/^plugins\/demo\/PLUGIN\.toml: error invalid_plugin_package: \S/);
    expect(lines[2]).toMatch(/^skills\/draft\/SKILL\.md: warning source_malformed_frontmatter: \S/);
    expect(() => JSON.parse(run.stdout) as unknown).toThrow();
  });

  it("names a valid source as valid", async () => {
    const root = await tree(VALID);
    const run = await cli("plugin", "validate", root, "--source-id", "company");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toContain(root);
    expect(run.stdout.split("\n")[0]).toMatch(/\bvalid\b/);
  });

  it("exits with the same codes as --json", async () => {
    const valid = await tree(VALID);
    const invalid = await tree(INVALID);
    for (const argv of [[valid], [invalid], [join(valid, "missing")], [valid, "--source-id", "a/b"], [valid, "--bogus"]]) {
      const text = await cli("plugin", "validate", ...argv);
      const json = await cli("--json", "plugin", "validate", ...argv);
      expect(text.code, argv.join(" ")).toBe(json.code);
    }
  });
});

describe("PAP-REPORT-SOURCE-PATH: source_path is the <source> argument exactly as given", () => {
  it("keeps a relative path, a ./ prefix and a trailing slash as written", async () => {
    const root = await tree(VALID);
    const rel = relative(process.cwd(), root);
    for (const given of [root, `${root}/`, rel, `./${rel}`, `./${rel}/`, `${root}/plugins/..`]) {
      const run = await cli("--json", "plugin", "validate", given);
      expect(run.code, given).toBe(0);
      expect(report(run).source_path).toBe(given);
      expect((await validate(given)).report.source_path).toBe(given);
    }
  });

  it("keeps a missing source path as given in the usage report", async () => {
    const given = "./no/such/source/";
    const run = await cli("--json", "plugin", "validate", given);
    expect(run.code).toBe(2);
    expect(report(run).source_path).toBe(given);
  });
});

describe("PAP-REPORT-READERS-TOLERANT: the kit reads reports tolerantly", () => {
  async function realResult(): Promise<ValidateResult> {
    const root = await tree({ ...VALID, "skills/draft/SKILL.md": "# no frontmatter\n" });
    return validate(root, { sourceId: "company" });
  }

  it("accepts unknown fields, codes, phases, severities, statuses and provider names in a report", async () => {
    const result = await realResult();
    const report = structuredClone(result.report) as unknown as Record<string, unknown> & ValidationReport;
    report["future_field"] = { anything: [1, 2, 3] };
    report.diagnostics.push({ code: "required_member_blocked", phase: "activation", severity: "info", path: "", message: "a code papc does not define" });
    (report.diagnostics[0] as unknown as Record<string, unknown>)["hint"] = "an unknown diagnostic field";
    report.members.push({ plugin: "company:demo", ref: "skill:later", requirement: "someday", status: "deferred", detail: "an unknown status" });
    report.providers.push({ provider: "gemini", baseline: "9.9.9", scope: "tools", status: "experimental", unsupported_hooks: [] });
    (report.packages[0] as unknown as Record<string, unknown>)["contract_hash"] = "abc";
    report.execution_authorization = { ...report.execution_authorization, status: "granted_elsewhere" } as ValidationReport["execution_authorization"];
    expect(check("validation-report.schema.json", report).errors).toEqual([]);
    expect(check("protocol/validate-result.schema.json", { exit: result.exit, report }).errors).toEqual([]);
  });

  it("compares only stated fields, so unknown diagnostics and fields never change a verdict", async () => {
    const result = await realResult();
    const extended = structuredClone(result);
    (extended.report as unknown as Record<string, unknown>)["future_field"] = true;
    extended.report!.diagnostics.push({ code: "missing_plugin", phase: "dependency_resolution", severity: "warning", path: "", message: "an unknown code" });
    const expectation = {
      exit: 0,
      valid: true,
      diagnostics: { includes: [{ code: "source_malformed_frontmatter", path: "skills/draft/SKILL.md" }] },
      report: { packages: [{ slot_name: "demo" }] },
    };
    expect(compareValidate(expectation, result)).toEqual([]);
    expect(compareValidate(expectation, extended)).toEqual([]);
  });
});

/**
 * validate() on `root` as an unprivileged user: directly when not root, else in a child running
 * the built module as nobody (root ignores permission bits). Skips when neither is possible.
 */
async function validateUnprivileged(root: string, context: TestContext): Promise<ValidationReport> {
  if (process.getuid?.() !== 0) return (await validate(root)).report;
  await chmod(root, 0o755); // mkdtemp made it 0700; its parent is the system temp directory
  return callAsNobody<ValidationReport>("validate", `(await m.validate(${JSON.stringify(root)})).report`, context);
}

describe("PAP-SEM-DISCOVERY-UNREADABLE: unreadable discovery locations are unreadable_plugin_path", () => {
  const unreadable: string[] = [];
  afterEach(async () => {
    // Give the modes back so the tree can be removed.
    await Promise.all(unreadable.splice(0).map((path) => chmod(path, 0o755).catch(() => undefined)));
  });

  async function source(files: Record<string, TreeEntry>, locked: string[]): Promise<string> {
    const made = await makeTree(files);
    roots.push(made);
    for (const path of locked) {
      await chmod(join(made, path), 0o000);
      unreadable.push(join(made, path));
    }
    return made;
  }

  const codes = (report: ValidationReport): string[] => report.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path}`);

  it("reports a plugins directory that cannot be listed on plugins, and no empty inventory", async (context) => {
    const root = await source({ "plugins/demo/PLUGIN.toml": manifest() }, ["plugins"]);
    const report = await validateUnprivileged(root, context);
    expect(codes(report)).toEqual(["error unreadable_plugin_path plugins"]);
    expect(report.valid).toBe(false);
    expect(report.package_contract.valid).toBe(false);
  });

  it("reports a manifest that cannot be read on its path, and validates the readable sibling", async (context) => {
    const root = await source({ "plugins/demo/PLUGIN.toml": manifest(), "plugins/good/PLUGIN.toml": manifest("good") }, ["plugins/demo/PLUGIN.toml"]);
    const report = await validateUnprivileged(root, context);
    expect(codes(report)).toEqual(["error unreadable_plugin_path plugins/demo/PLUGIN.toml"]);
    expect(report.packages.map((p) => p.slot_name)).toEqual(["good"]);
  });

  it("reports a package directory that cannot be searched on the manifest path", async (context) => {
    const root = await source({ "plugins/demo/PLUGIN.toml": manifest(), "plugins/good/PLUGIN.toml": manifest("good") }, ["plugins/demo"]);
    const report = await validateUnprivileged(root, context);
    expect(report.diagnostics.filter((d) => d.code === "unreadable_plugin_path").map((d) => d.path)).toContain("plugins/demo/PLUGIN.toml");
    expect(report.packages.map((p) => p.slot_name)).toEqual(["good"]);
  });

  it("reports nothing of the kind for a readable source", async (context) => {
    const root = await source({ "plugins/demo/PLUGIN.toml": manifest() }, []);
    const report = await validateUnprivileged(root, context);
    expect(codes(report)).toEqual([]);
    expect(report.valid).toBe(true);
  });
});
