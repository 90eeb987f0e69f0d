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
    expect(diagnostic({ path: "skills/x", problem: { code: "source_skipped_symlink", kind: "skill-entry-symlink" } })).toEqual({
      code: "source_skipped_symlink",
      phase: "member_resolution",
      severity: "warning",
      path: "skills/x",
      message: "symlinked skill directories are not followed",
    });
    const reference = { kind: "plugin", selector: "b" } as const;
    const problem = {
      code: "unresolved_dependency",
      kind: "resolution-dependency-unresolved",
      ref: "plugin:b",
      requirement: "required",
      status: "missing",
      reason: { outcome: "absent", reference },
    } as const;
    const unresolved = { path: "plugins/a/PLUGIN.toml", problem };
    expect(diagnostic({ ...unresolved, required: true }).severity).toBe("error");
    expect(diagnostic({ ...unresolved, required: false }).severity).toBe("warning");
    const tool = { code: "invalid_plugin_package", kind: "tool-env-repeated", tool: 2, id: "fmt", env: 1, name: "HOME" } as const;
    expect(diagnostic({ path: "p", problem: tool })).toMatchObject({
      code: "invalid_plugin_package",
      pointer: "/tool/2/env/1",
      message: 'tool "fmt" lists env "HOME" more than once',
    });
  });
});
