// A third, independent consumer (adapters-under-test/python-minimal): a partial validator in
// Python 3 with the standard library only, over the persistent protocol. It serves `validate`
// alone and answers `skipped` (with the rule it lacks) wherever its verdict would depend on a rule
// it does not implement, so over the manifest and CLI cases every case must be classified (pass,
// skip or a baselined expected-fail) with no error, crash or timeout. The committed report in
// reports/published/ comes from such a run:
// npx papc run --adapter python-minimal --case 'manifest/**' --case 'cli/**' --out /tmp/py-run
// npx papc report render /tmp/py-run/python-minimal.jsonl --format markdown > reports/published/python-minimal-<date>.md

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import { KIT_ROOT } from "./helpers.js";

const ADAPTER_DIR = join(KIT_ROOT, "adapters-under-test/python-minimal");

/** Why python3 (3.11 or later, for tomllib) cannot run here, or undefined when it can. */
function pythonUnavailable(): string | undefined {
  try {
    execFileSync("python3", ["-c", "import tomllib"], { stdio: "ignore", timeout: 10_000 });
    return undefined;
  } catch (error) {
    return `python3 with tomllib (3.11 or later) is not available: ${(error as Error).message.split("\n")[0]}`;
  }
}

function requirePython(ctx: TestContext, unavailable: string | undefined): void {
  if (!unavailable) return;
  if (process.env.CI === "true") throw new Error(`CI: ${unavailable}`);
  console.warn(`\n⚠️  SKIPPED (python-minimal adapter): ${unavailable}\n`);
  ctx.skip(unavailable);
}

let unavailable: string | undefined;
let suite: LoadedCase[] = [];

beforeAll(async () => {
  unavailable = pythonUnavailable();
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  suite = cases.filter((c) => c.id.startsWith("manifest/") || c.id.startsWith("cli/"));
}, 120_000);

describe("python-minimal, a partial stdlib-only Python validator", () => {
  it("imports only the Python standard library and its own package", (ctx) => {
    requirePython(ctx, unavailable);
    const script = [
      "import ast, pathlib, sys",
      "bad = []",
      "for f in sorted(pathlib.Path(sys.argv[1]).rglob('*.py')):",
      "    for node in ast.walk(ast.parse(f.read_text())):",
      "        names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else []",
      "        bad += [f'{f.name}: {n}' for n in names if n.split('.')[0] not in sys.stdlib_module_names and n.split('.')[0] != 'pap_minimal']",
      "print('\\n'.join(bad))",
    ].join("\n");
    expect(execFileSync("python3", ["-c", script, ADAPTER_DIR], { encoding: "utf8" }).trim()).toBe("");
  });

  it("classifies every manifest and CLI case with no error, crash or timeout", async (ctx) => {
    requirePython(ctx, unavailable);
    expect(suite.length).toBeGreaterThan(500);
    const adapter = await resolveAdapter("python-minimal", KIT_ROOT);
    const started = Date.now();
    const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases: suite, jobs: 2 });
    const totals = report.footer.totals;
    console.info(`python-minimal: ${suite.length} cases in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(totals)}`);
    const unclassified = report.cases.filter((c) => !["pass", "skip", "not-applicable", "expected-fail"].includes(c.outcome) || c.stale_baseline);
    expect(unclassified.map((c) => `${c.id}: ${c.outcome}${c.stale_baseline ? " (stale baseline)" : ""} ${c.message ?? ""} ${JSON.stringify(c.diff ?? [])}`)).toEqual([]);
    expect(report.footer.exit_code).toBe(0);
    // a skip always says which rule is missing
    for (const c of report.cases.filter((r) => r.outcome === "skip")) expect(c.message, c.id).toMatch(/not implemented/);
    // it judges cases of both layers, not only skips
    const passed = report.cases.filter((c) => c.outcome === "pass");
    expect(passed.some((c) => c.id.startsWith("manifest/structural/"))).toBe(true);
    expect(passed.some((c) => c.id.startsWith("manifest/semantic/"))).toBe(true);
    expect(passed.some((c) => c.id.startsWith("cli/"))).toBe(true);
    // the baseline names only cases that exist
    expect(Object.keys(adapter.baseline ?? {}).filter((id) => !suite.some((c) => c.id === id))).toEqual([]);
    // python3 -B: nothing was written into the kit
    expect(existsSync(join(ADAPTER_DIR, "__pycache__"))).toBe(false);
    expect(existsSync(join(ADAPTER_DIR, "pap_minimal/__pycache__"))).toBe(false);
  }, 300_000);
});
