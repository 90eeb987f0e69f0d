// Comparing a validate result with `expect` (KIT-OP-VALIDATE-RESULT, KIT-EXPECT-DIAGNOSTICS,
// KIT-EXPECT-ONLY-STATED).

import { describe, expect, it } from "vitest";
import { compareValidate } from "../src/operations/validate/compare.js";
import type { ValidateResult } from "../shared/protocol.js";
import type { ReportDiagnostic } from "../shared/validation-report.js";

const diag = (code: string, path: string, message = "whatever"): ReportDiagnostic => ({ code, phase: "package_contract", severity: "error", path, message });

function result(diagnostics: ReportDiagnostic[], valid = false, exit = 1, structural?: "accept" | "reject"): ValidateResult {
  return {
    exit,
    ...(structural ? { structural } : {}),
    report: {
      schema_version: 1,
      profile: "portable-agent-packages/0.1",
      source_path: "/s",
      valid,
      package_contract: { valid, diagnostics },
      members: [],
      dependencies: [],
      providers: [],
      execution_authorization: { status: "never_granted", check: "not_applicable", detail: "" },
      packages: [],
      diagnostics,
    },
  };
}

describe("compareValidate", () => {
  const r = result([diag("invalid_plugin_package", "plugins/demo/PLUGIN.toml"), diag("unresolved_member", "plugins/demo/PLUGIN.toml")], false, 1, "reject");

  it("compares only what is stated", () => {
    expect(compareValidate({ exit: 1 }, r)).toEqual([]);
    expect(compareValidate({ valid: false, structural: "reject" }, r)).toEqual([]);
    expect(compareValidate({ report: { package_contract: { valid: false } } }, r)).toEqual([]);
  });

  it("matches diagnostics by the named fields, never by message", () => {
    expect(compareValidate({ diagnostics: { includes: [{ code: "invalid_plugin_package", path: "plugins/demo/PLUGIN.toml" }] } }, r)).toEqual([]);
    expect(compareValidate({ diagnostics: { includes: [{ code: "unresolved_member", severity: "error", phase: "package_contract" }] } }, r)).toEqual([]);
    expect(compareValidate({ diagnostics: { includes: [{ code: "invalid_plugin_package", path: "plugins/other/PLUGIN.toml" }] } }, r)).not.toEqual([]);
    expect(compareValidate({ diagnostics: { excludes: [{ code: "no_plugin_packages" }] } }, r)).toEqual([]);
    expect(compareValidate({ diagnostics: { excludes: [{ code: "unresolved_member" }] } }, r)).not.toEqual([]);
    expect(compareValidate({ diagnostics: { count: 2 } }, r)).toEqual([]);
    expect(compareValidate({ diagnostics: { count: 1 } }, r)).not.toEqual([]);
  });

  it("shows a mismatch as expected beside actual, for the stated fields only", () => {
    const diff = compareValidate({ exit: 0, valid: false, structural: "accept" }, r);
    expect(diff).toEqual([
      { type: "modify", path: "exit", expected: "0", actual: "1" },
      { type: "modify", path: "structural", expected: '"accept"', actual: '"reject"' },
    ]);
  });

  it("takes structural from the report when the result has none; without either it is unobserved, not a difference", () => {
    const plain = result([], true, 0);
    expect(compareValidate({ structural: "reject" }, plain)).toEqual([]);
    plain.report!.structural = "accept";
    expect(compareValidate({ structural: "accept" }, plain)).toEqual([]);
    expect(compareValidate({ structural: "reject" }, plain)).not.toEqual([]);
  });

  it("compares report arrays exactly and objects by named keys", () => {
    expect(compareValidate({ report: { packages: [] } }, r)).toEqual([]);
    expect(compareValidate({ report: { diagnostics: [] } }, r)).not.toEqual([]);
  });
});

describe("a validate result without a structural verdict (KIT-AP-UNOBSERVED)", () => {
  it("leaves structural unobserved instead of comparing it", async () => {
    const { unobservedValidateFields } = await import("../src/operations/validate/compare.js");
    const plain = result([], true, 0);
    expect(compareValidate({ exit: 0, structural: "reject" }, plain)).toEqual([]);
    expect(unobservedValidateFields({ exit: 0, structural: "reject" }, plain)).toEqual(["structural"]);
    expect(unobservedValidateFields({ exit: 0 }, plain)).toEqual([]);
    const judged = result([], true, 0, "accept");
    expect(unobservedValidateFields({ structural: "reject" }, judged)).toEqual([]);
    expect(compareValidate({ structural: "reject" }, judged)).not.toEqual([]);
  });
});

describe("a usage error without a report (PAP-CLI-USAGE-REPORT: a CLI may print nothing on exit 2)", () => {
  it("the exec mapping gives {exit: 2} for empty stdout, and only for exit 2 of validate", async () => {
    const { mapExecResult } = await import("../src/protocol/exec-client.js");
    expect(mapExecResult("validate", 2, "\n")).toEqual({ kind: "result", result: { exit: 2 } });
    expect(mapExecResult("validate", 1, "").kind).toBe("protocol-error");
    expect(mapExecResult("load-agent-plugin", 2, "").kind).toBe("protocol-error");
  });

  it("a dispatcher run as a command has its stderr observed even when empty, so `stderr: { $string: { excludes } }` can pass", async () => {
    const { mapExecResult } = await import("../src/protocol/exec-client.js");
    expect(mapExecResult("dispatch", 0, "{}\n", "")).toEqual({ kind: "result", result: { exit: 0, stdout: "{}\n", stderr: "" } });
    expect(mapExecResult("dispatch", 2, "", "gate: writes\n")).toEqual({ kind: "result", result: { exit: 2, stdout: "", stderr: "gate: writes\n" } });
  });

  it("the result schema admits a missing report only with exit 2", async () => {
    const { check } = await import("../src/schemas/registry.js");
    expect(check("protocol/validate-result.schema.json", { exit: 2 }).ok).toBe(true);
    expect(check("protocol/validate-result.schema.json", { exit: 1 }).ok).toBe(false);
    expect(check("protocol/validate-result.schema.json", { exit: 0 }).ok).toBe(false);
  });

  it("compares the exit, and leaves the report's checks unobserved (a skip), never a pass", async () => {
    const { unobservedValidateFields } = await import("../src/operations/validate/compare.js");
    const bare: ValidateResult = { exit: 2 };
    const expectation = { exit: 2, valid: false, diagnostics: { includes: [{ code: "invalid_source_path" }] } };
    expect(compareValidate(expectation, bare)).toEqual([]);
    expect(unobservedValidateFields(expectation, bare)).toEqual(["report valid", "report diagnostics"]);
    expect(compareValidate({ ...expectation, exit: 1 }, bare)).not.toEqual([]);
    expect(unobservedValidateFields({ exit: 2 }, bare)).toEqual([]);
  });
});
