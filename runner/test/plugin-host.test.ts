// The second consumer model (SPEC chapter 10): adapters-under-test/plugin-host, a host
// written in the model of seed 002 and sharing no code with reference/, passes every composition
// case, as the reference does (runner/test/cli.test.ts runs the reference on the whole suite).

import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite } from "../src/run/run-suite.js";
import { KIT_ROOT } from "./helpers.js";

const HOST = join(KIT_ROOT, "adapters-under-test/plugin-host");

describe("plugin-host, an independent seed-002 host", () => {
  it("imports nothing from reference/", async () => {
    const sources = (await readdir(HOST)).filter((f) => f.endsWith(".ts"));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) expect(await readFile(join(HOST, file), "utf8"), file).not.toMatch(/from\s+["'][^"']*reference\//);
  });

  it("passes every composition case", async () => {
    const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
    const composition = cases.filter((c) => c.operation === "compose");
    expect(composition.length).toBeGreaterThan(100);
    const adapter = await resolveAdapter("plugin-host", KIT_ROOT);
    const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases: composition, jobs: 2 });
    expect(report.cases.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""} ${JSON.stringify(c.diff ?? [])}`)).toEqual([]);
  }, 120_000);
});
