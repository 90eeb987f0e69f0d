// The worked example of draft 0.1 ships as a plain source folder (reference/examples/
// worked-example) so anyone can run `pap-reference --json plugin validate` on it. It must stay
// byte-identical to the fixture of the case manifest/semantic/worked-example/valid, and the
// reference must accept it: exit 0 and a report that validates against report schema 1.

import { readFile, readdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { loadCases } from "../../runner/src/cases/load-cases.js";
import { check } from "../../runner/src/schemas/registry.js";

const KIT = resolve(fileURLToPath(import.meta.url), "../../..");
const EXAMPLE = join(KIT, "reference/examples/worked-example");

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

describe("the worked example", () => {
  it("is the fixture of its case, file for file", async () => {
    const { cases } = await loadCases(join(KIT, "cases"), KIT);
    const c = cases.find((x) => x.id === "manifest/semantic/worked-example/valid");
    const files = c?.given?.files ?? {};
    expect(await filesBelow(EXAMPLE)).toEqual(Object.keys(files).sort());
    for (const [path, entry] of Object.entries(files)) {
      expect(await readFile(join(EXAMPLE, path), "utf8"), path).toBe(typeof entry === "string" ? entry : (entry as { text: string }).text);
    }
  });

  it("validates with pap-reference --json: exit 0 and a report of schema 1", async () => {
    const run = await execa("node", [join(KIT, "dist/reference/src/cli.js"), "--json", "plugin", "validate", EXAMPLE], { reject: false });
    expect(run.exitCode, run.stdout).toBe(0);
    const report = JSON.parse(run.stdout) as { valid: boolean; diagnostics: unknown[] };
    expect(check("validation-report.schema.json", report).errors).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.diagnostics).toEqual([]);
  });
});
