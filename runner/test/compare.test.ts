// Comparing a validate result with `expect` (KIT-OP-VALIDATE-RESULT, KIT-EXPECT-DIAGNOSTICS,
// KIT-EXPECT-ONLY-STATED).

import { describe, expect, it } from "vitest";
import { compareValidate } from "../src/compare/compare-validate.js";
import type { ValidateResult } from "../src/types/protocol.js";
import type { ReportDiagnostic } from "../src/types/validation-report.js";

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
    plain.report.structural = "accept";
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
    const { unobservedValidateFields } = await import("../src/compare/compare-validate.js");
    const plain = result([], true, 0);
    expect(compareValidate({ exit: 0, structural: "reject" }, plain)).toEqual([]);
    expect(unobservedValidateFields({ exit: 0, structural: "reject" }, plain)).toEqual(["structural"]);
    expect(unobservedValidateFields({ exit: 0 }, plain)).toEqual([]);
    const judged = result([], true, 0, "accept");
    expect(unobservedValidateFields({ structural: "reject" }, judged)).toEqual([]);
    expect(compareValidate({ structural: "reject" }, judged)).not.toEqual([]);
  });
});
