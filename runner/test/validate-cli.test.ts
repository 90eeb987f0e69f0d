// The validate-cli operation (KIT-OP-VALIDATE-CLI, SPEC 1.3): the source word of a command line,
// the exec mapping of exit code, stdout and stderr, the comparison of stderr with a value
// matcher, and the lint of a case without a command line.

import { describe, expect, it } from "vitest";
import { loadCaseFile, type CaseSet } from "../src/cases/load-cases.js";
import { withSource } from "../src/operations/validate-cli/args.js";
import { mapExecResult } from "../src/protocol/exec-client.js";
import { judge } from "../src/run/result-check.js";
import type { LoadedCase } from "../src/types/case.js";

function load(text: string): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, "cases/cli/f.yaml", "cli", set);
  return set;
}

const caseText = (args: string, expect = "{ exit: 2, stderr: { $string: { min_bytes: 1 } } }"): string =>
  ["operation: validate-cli", "cases:", "  - id: cli/x", "    title: x", "    spec: [PAP-CLI-EXIT-USAGE]", `    given: { args: ${args} }`, `    expect: ${expect}`, ""].join("\n");

const report = {
  schema_version: 1,
  profile: "portable-agent-packages/0.1",
  source_path: "/s",
  valid: true,
  package_contract: { valid: true, diagnostics: [] },
  members: [],
  dependencies: [],
  providers: [],
  execution_authorization: { status: "never_granted", check: "not_applicable", detail: "" },
  packages: [],
  diagnostics: [],
};

describe("validate-cli", () => {
  it("puts the source path in place of each whole word {source}, and nowhere else", () => {
    expect(withSource(["--json", "plugin", "validate", "{source}", "{source}/x", "{source}"], "/tmp/s")).toEqual([
      "--json",
      "plugin",
      "validate",
      "/tmp/s",
      "{source}/x",
      "/tmp/s",
    ]);
  });

  it("maps a one-shot CLI's exit code, stdout and stderr onto the result", () => {
    expect(mapExecResult("validate-cli", 2, "", "unknown option\n")).toEqual({ kind: "result", result: { exit: 2, stderr: "unknown option\n" } });
    expect(mapExecResult("validate-cli", 0, JSON.stringify(report), "")).toEqual({ kind: "result", result: { exit: 0, report, stderr: "" } });
    const notJson = mapExecResult("validate-cli", 2, "Usage: validator …\n", "");
    expect(notJson.kind).toBe("protocol-error");
  });

  it("compares stderr by its matcher and leaves the report unobserved when stdout was empty", async () => {
    const { cases } = load(caseText('{ argv: [--json, plugin, validate, "{source}", --x] }', "{ exit: 2, valid: false, stderr: { $string: { min_bytes: 1 } } }"));
    const c = cases[0] as LoadedCase;
    const explained = await judge(c, { exit: 2, stderr: "error: unknown option '--x'\n" }, { root: "/nowhere", args: {} });
    expect(explained).toEqual({ ok: true, diff: [], unobserved: ["report valid"] });
    const quiet = await judge(c, { exit: 2, stderr: "" }, { root: "/nowhere", args: {} });
    expect(quiet.ok && quiet.diff.map((d) => d.path)).toContain("stderr");
    const accepted = await judge(c, { exit: 0, report, stderr: "" }, { root: "/nowhere", args: {} });
    expect(accepted.ok && accepted.diff.map((d) => d.path)).toEqual(expect.arrayContaining(["exit", "valid", "stderr"]));
    const shapeless = await judge(c, { exit: 2 }, { root: "/nowhere", args: {} });
    expect(shapeless.ok).toBe(false);
  });

  it("finds a case without a command line at its line", () => {
    const set = load(caseText("{ source_id: company }"));
    expect(set.cases).toEqual([]);
    expect(set.problems.map((p) => [p.code, p.file, p.line])).toEqual([["validate-cli-args", "cases/cli/f.yaml", 6]]);
  });
});
