// The validator's code table (reference/src/validate/diagnostic-codes.ts) is SPEC.md's table 4.4:
// the same codes, each with the phase and severity the spec fixes. A code added to one and not
// the other, or a phase or severity that drifts, fails here.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kitPath } from "../../runner/shared/kit-root.js";
import { DIAGNOSTIC_CODES, diagnostic } from "../src/validate/diagnostic-codes.js";

/** Table 4.4's rows: code → phase and severity ("required" for "error if required, else warning"). */
function specTable(): Record<string, { phase: string; severity: string }> {
  const section = /^### 4\.4 .*\n([\s\S]*?)^#/m.exec(readFileSync(kitPath("SPEC.md"), "utf8"))?.[1] ?? "";
  const rows: Record<string, { phase: string; severity: string }> = {};
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const code = /^`([a-z_]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!code) continue;
    const severity = cells[3] === "error if required, else warning" ? "required" : (cells[3] ?? "");
    rows[code] = { phase: cells[2] ?? "", severity };
  }
  return rows;
}

describe("the validator's diagnostic codes", () => {
  it("are SPEC.md table 4.4, code for code, with its phases and severities", () => {
    const spec = specTable();
    expect(Object.keys(spec).length).toBeGreaterThan(10);
    expect(DIAGNOSTIC_CODES).toEqual(spec);
  });

  it("give a finding its phase and severity; an unresolved reference is an error only when required", () => {
    expect(diagnostic({ code: "source_skipped_symlink", path: "skills/x", message: "m" })).toEqual({
      code: "source_skipped_symlink",
      phase: "member_resolution",
      severity: "warning",
      path: "skills/x",
      message: "m",
    });
    const unresolved = { code: "unresolved_dependency", path: "plugins/a/PLUGIN.toml", message: "m" } as const;
    expect(diagnostic({ ...unresolved, required: true }).severity).toBe("error");
    expect(diagnostic({ ...unresolved, required: false }).severity).toBe("warning");
    expect(diagnostic({ code: "invalid_plugin_package", path: "p", message: "m", pointer: "/plugin" }).pointer).toBe("/plugin");
  });
});
