// Property-based fuzzing of the reference validator, in process (reference/src/validate/validate.ts).
// For every generated PLUGIN.toml, written into a temp source that also holds the worked
// example's skills and instructions:
//   - validate() neither throws nor hangs (per-input deadline, see fuzz-support.ts);
//   - its report matches report schema 1 (runner/src/schemas/registry.ts) and the result the
//     validate result schema;
//   - it is deterministic: a second validate() gives byte-identical JSON;
//   - its structural verdict is what plain ajv says on the published schema after decoding
//     the bytes independently (structural-oracle.ts);
//   - it is consistent: exit 0 exactly when valid, a refused manifest is invalid with an error
//     on its PLUGIN.toml.
// Inputs: (a) valid manifests perturbed one field at a time, (b) arbitrary TOML text and bytes.
// Run counts: PAPC_FUZZ_RUNS (npm run fuzz), else the defaults below (npm test).

import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { dir as tmpDir, type DirectoryResult } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validate, type ReferenceValidateResult } from "../../../reference/src/validate/validate.js";
import { check, describeErrors } from "../../src/schemas/registry.js";
import { checkProperty, fuzzRuns, INPUT_TIMEOUT_MS, testTimeout, withinDeadline } from "./fuzz-support.js";
import { loadSeeds, manifestBytes, mutation, perturb, toToml, WORKED_EXAMPLE, type Seed } from "./manifest-arbitraries.js";
import { expectedStructural } from "./structural-oracle.js";

const PERTURBED_RUNS = fuzzRuns("validator-perturbed", 300);
const TEXT_RUNS = fuzzRuns("validator-toml-text", 300);

let seeds: Seed[] = [];
let source: DirectoryResult;

beforeAll(async () => {
  seeds = loadSeeds();
  source = await tmpDir({ prefix: "papc-fuzz-", unsafeCleanup: true });
  // The worked example's components, so that perturbed manifests can still resolve members.
  await cp(join(WORKED_EXAMPLE, "skills"), join(source.path, "skills"), { recursive: true });
  await cp(join(WORKED_EXAMPLE, "instructions"), join(source.path, "instructions"), { recursive: true });
}, 120_000);

afterAll(async () => {
  await source?.cleanup();
});

const preview = (bytes: Uint8Array): string => {
  const text = Buffer.from(bytes).toString("utf8");
  return JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${bytes.length} bytes)` : text);
};

/** What the inputs of one property came to, for its summary line. */
class Tally {
  private counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  toString(): string {
    return [...this.counts].map(([k, n]) => `${k} ${n}`).join(", ");
  }
}

/** Writes `bytes` as plugins/<slot>/PLUGIN.toml (the only package) and checks every property. */
async function checkManifest(bytes: Uint8Array, slot: string, tally: Tally): Promise<void> {
  await rm(join(source.path, "plugins"), { recursive: true, force: true });
  const dir = join(source.path, "plugins", slot);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "PLUGIN.toml"), bytes);
  await cp(join(WORKED_EXAMPLE, "plugins/design-review/context.mjs"), join(dir, "context.mjs"));
  const label = () => `${join(dir, "PLUGIN.toml")}: ${preview(bytes)}`;

  const run = (): Promise<ReferenceValidateResult> => withinDeadline(INPUT_TIMEOUT_MS, label, () => validate(source.path));
  const first = await run();
  const second = await run();

  const reportShape = check("validation-report.schema.json", first.report);
  expect(reportShape.ok, `report does not match report schema 1: ${describeErrors(reportShape.errors)}`).toBe(true);
  const resultShape = check("protocol/validate-result.schema.json", first);
  expect(resultShape.ok, `result does not match the validate result schema: ${describeErrors(resultShape.errors)}`).toBe(true);

  expect(JSON.stringify(second), "validate twice gave different JSON").toBe(JSON.stringify(first));

  const oracle = expectedStructural(bytes);
  const diagnostics = first.report.diagnostics.map((d) => `${d.code} ${d.pointer ?? ""} ${d.message}`).join("\n  ");
  expect(first.structural, `structural verdict disagrees with the oracle (${oracle.why}); reference diagnostics:\n  ${diagnostics}`).toBe(oracle.verdict);
  expect(first.report.structural ?? first.structural).toBe(first.structural);

  expect(first.exit).toBe(first.report.valid ? 0 : 1);
  expect(first.report.source_path).toBe(source.path);
  if (first.structural === "reject") {
    expect(first.report.valid).toBe(false);
    const onManifest = first.report.diagnostics.filter((d) => d.path === `plugins/${slot}/PLUGIN.toml` && d.severity === "error");
    expect(
      onManifest.map((d) => d.code),
      "a refused manifest needs an error on its PLUGIN.toml",
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^(invalid_plugin_package|unsupported_active_component_schema)$/)]));
  } else if (first.report.valid) {
    expect(first.report.packages.map((p) => p.slot_name)).toEqual([slot]);
  }
  tally.add(first.structural === "reject" ? "rejected" : first.report.valid ? "valid" : "accepted-invalid");
}

describe("reference validator (property-based)", () => {
  it("has seeds: the worked example and the case files' valid manifests", () => {
    expect(seeds.length).toBeGreaterThan(10);
    expect(seeds[0]!.from).toBe("worked-example");
  });

  it(
    "valid manifests perturbed one field at a time: no throw or hang, schema-valid, deterministic report; structural verdict = plain ajv",
    async () => {
      let unserializable = 0;
      const tally = new Tally();
      const prop = fc.asyncProperty(fc.nat(), fc.nat(), mutation, async (which, pick, m) => {
        const seed = seeds[which % seeds.length]!;
        const perturbed = perturb(seed, pick, m);
        const text = toToml(perturbed.manifest);
        if (text === undefined) {
          unserializable++; // smol-toml cannot write it (e.g. an invalid date): nothing to validate
          return;
        }
        await checkManifest(Buffer.from(text, "utf8"), seed.slot, tally);
      });
      await checkProperty("validator-perturbed", prop, PERTURBED_RUNS, { note: () => `${tally}, unserializable ${unserializable}, ${seeds.length} seeds` });
      expect(unserializable).toBeLessThan(PERTURBED_RUNS / 10 + 1);
    },
    testTimeout(PERTURBED_RUNS, 2000),
  );

  it(
    "arbitrary TOML text and bytes as PLUGIN.toml: no throw or hang, schema-valid, deterministic report; structural verdict = plain ajv",
    async () => {
      const texts = seeds.map((s) => s.text);
      const tally = new Tally();
      const prop = fc.asyncProperty(manifestBytes(texts), async (bytes) => {
        await checkManifest(bytes, "demo", tally);
      });
      await checkProperty("validator-toml-text", prop, TEXT_RUNS, { note: () => `${tally}` });
    },
    testTimeout(TEXT_RUNS, 2000),
  );
});
