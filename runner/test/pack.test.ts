// KIT-PACKAGE: `npm pack` gives a tarball with the suite, the schemas, the
// recordings and the built CLIs, and once installed in another folder its `papc` and
// `pap-reference` bins and its TypeScript API work there, offline.
//
// Builds nothing but the API's declaration files (the prepack script, well under a second):
// `npm test` has run tsc, so the tarball is packed with --ignore-scripts instead of letting the
// prepare script compile everything again.
//
// Installing offline: npm 11 fetches the full packument of every dependency it resolves
// (arborist's #fetchManifest asks for fullMetadata), and `npm ci` leaves only tarballs in the
// cache, so a bare `npm install --offline <tarball>` in an empty folder fails with ENOTCACHED
// ("request to https://registry.npmjs.org/ajv-formats failed: cache mode is 'only-if-cached' but
// no cached response is available"). The consumer folder therefore gets a package-lock.json
// (what its CI would have anyway): the tarball, and the kit's own locked runtime dependencies,
// whose tarballs `npm ci` put in the cache. npm then installs from the cache alone.

import { builtinModules } from "node:module";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../src/report/jsonl.js";
import { KIT_ROOT } from "./helpers.js";
import { kitPackage, packKit, run, writeConsumerLock, type PackResult, type Ran } from "./pack-helpers.js";

let cleanup: (() => Promise<void>) | undefined;
let pack: PackResult;
let tarball: string;
let consumer: string;
let install: Ran;

beforeAll(async () => {
  const tmp = await tmpDir({ unsafeCleanup: true });
  cleanup = tmp.cleanup;
  ({ pack, tarball } = await packKit(tmp.path));
  console.log(`papc tarball: ${pack.entryCount} files, ${(pack.size / 1024).toFixed(0)} KiB packed, ${(pack.unpackedSize / 1024 / 1024).toFixed(2)} MiB unpacked`);

  consumer = join(tmp.path, "consumer");
  await mkdir(consumer);
  const init = await run("npm", ["init", "-y"], consumer);
  expect(init.exitCode, init.all).toBe(0);
  await writeConsumerLock(consumer, tarball);
  install = await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], consumer);
}, 120_000);

afterAll(async () => {
  await cleanup?.();
});

describe("npm pack", () => {
  it("ships the CLIs, the API, the suite, the spec, the recordings and the schemas", () => {
    const paths = new Set(pack.files.map((f) => f.path));
    const required = [
      "package.json",
      "README.md",
      "SPEC.md",
      "dist/runner/src/cli.js",
      "dist/reference/src/cli.js",
      "dist/reference/src/protocol-server.js",
      "dist/runner/src/api.js",
      "dist/runner/src/api.d.ts",
      "dist/runner/shared/kit-root.js",
      "dist/runner/shared/serve-protocol.js",
      "dist/runner/src/types/run-report.d.ts",
      "dist/adapters-under-test/dalo-cli/launch.js",
      "cases/EXCLUSIONS.yaml",
      "cases/manifest/structural/hook.yaml",
      "recordings/pins.yaml",
      "recordings/scenarios/bash-echo.yaml",
      "runner/schemas/run-report.schema.json",
      "runner/schemas/case.schema.json",
      "runner/schemas/protocol/hello-reply.schema.json",
      "reference/schemas/plugin-v1.schema.json",
      "reference/examples/worked-example/plugins/design-review/PLUGIN.toml",
      "adapters-under-test/reference/adapter.yaml",
      "adapters-under-test/reference-exec/adapter.yaml",
      "adapters-under-test/python-minimal/adapter.yaml",
      "adapters-under-test/dalo-cli/adapter.yaml",
    ];
    expect(required.filter((p) => !paths.has(p))).toEqual([]);
    // every package.json "bin" and "exports" target is in it
    const targets = [...Object.values(kitPackage.bin), "dist/runner/src/api.js", "dist/runner/src/api.d.ts"];
    expect(targets.filter((p) => !paths.has(p.replace(/^\.\//, "")))).toEqual([]);
    // what the runtime reads below the kit root besides: `papc smoke`'s cases, the implementers' walkthrough
    for (const optional of ["runner/smoke", "IMPLEMENTERS.md"]) {
      if (!existsSync(join(KIT_ROOT, optional))) continue;
      expect(
        [...paths].some((p) => p === optional || p.startsWith(`${optional}/`)),
        optional,
      ).toBe(true);
    }
    expect([...paths].filter((p) => p.startsWith("recordings/claude-code/")).length).toBeGreaterThan(0);
    expect([...paths].filter((p) => p.startsWith("recordings/codex/")).length).toBeGreaterThan(0);
  });

  it("ships nothing of the development tree", () => {
    const forbidden = [
      /^dist\/runner\/(test|bench|mutation)\//,
      /^dist\/reference\/test\//,
      /^dist\/adapters-under-test\/(codex|plugin-host)\//,
      /(^|\/)node_modules\//,
      /^\.stryker-tmp\//,
      /^reports\//,
      /\.map$/,
      /__pycache__/,
      /^runner\/(mutation|bench|src)\//,
      /^runner\/test\//,
      /^reference\/test\//,
      /^reference\/src\//,
      /^\.papc-mutation/,
      /stryker/i,
    ];
    expect(pack.files.map((f) => f.path).filter((p) => forbidden.some((re) => re.test(p)))).toEqual([]);
  });

  it("has a sane size", () => {
    expect(pack.size).toBeLessThan(3 * 1024 * 1024);
    expect(pack.unpackedSize).toBeLessThan(12 * 1024 * 1024);
    expect(pack.entryCount).toBeGreaterThan(200);
  });
});

describe("the tarball installed in another folder, offline", () => {
  const installed = () => join(consumer, "node_modules/papc");

  it("installs from the npm cache alone", () => {
    expect(install.exitCode, install.all).toBe(0);
    expect(existsSync(join(consumer, "node_modules/.bin/papc"))).toBe(true);
    expect(existsSync(join(consumer, "node_modules/.bin/pap-reference"))).toBe(true);
  });

  it("imports only its dependencies and Node built-ins at run time", async () => {
    const allowed = new Set([...Object.keys(kitPackage.dependencies), ...builtinModules]);
    const offenders: string[] = [];
    const dist = join(installed(), "dist");
    for (const e of await readdir(dist, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !e.name.endsWith(".js")) continue;
      const file = join(e.parentPath, e.name);
      const text = await readFile(file, "utf8");
      for (const m of text.matchAll(/^\s*(?:import|export)\b[^"'`]*?\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm)) {
        const spec = m[1] ?? m[2] ?? m[3] ?? "";
        if (spec.startsWith(".") || spec.startsWith("node:")) continue;
        const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
        if (!allowed.has(name)) offenders.push(`${file.slice(dist.length + 1)}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("npx papc --version", async () => {
    const r = await run("npx", ["papc", "--version"], consumer);
    expect(r.exitCode, r.all).toBe(0);
    expect(r.stdout.trim()).toBe(kitPackage.version);
  });

  it("npx papc lint: the installed suite, spec, exclusions and adapters lint clean", async () => {
    const r = await run("npx", ["papc", "lint"], consumer);
    expect(r.exitCode, r.all).toBe(0);
    // the package ships no tests, so the exclusions' tested_by files are said to be unchecked
    expect(r.stdout).toMatch(
      /^lint OK: \d+ cases, \d+ requirements \(the tested_by files of \d+ exclusions not checked: this copy of the kit has no test folders \(as the npm package\)\)$/,
    );
  });

  it("npx papc new case refuses to write into the installed suite", async () => {
    const r = await run("npx", ["papc", "new", "case", "manifest/mine/new-rule"], consumer);
    expect(r.exitCode, r.all).toBe(2);
    expect(r.all).toContain("cases are added in a clone of papc's repository (CONTRIBUTING.md)");
    expect(existsSync(join(consumer, "node_modules/papc/cases/manifest/mine"))).toBe(false);
  });

  it("npx papc run --adapter reference writes its reports in the current folder", async () => {
    const r = await run("npx", ["papc", "run", "--adapter", "reference", "--case", "manifest/structural/hook/**", "--jobs", "2", "--out", "reports"], consumer);
    expect(r.exitCode, r.all).toBe(0);
    const report = parseReport(await readFile(join(consumer, "reports/reference.jsonl"), "utf8"));
    expect(report.cases.length).toBeGreaterThan(10);
    expect(report.cases.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.outcome}`)).toEqual([]);
    expect(existsSync(join(consumer, "reports/reference.xml"))).toBe(true);
    expect(existsSync(join(consumer, "reports/reference.md"))).toBe(true);
  });

  it("npx pap-reference --json plugin validate the shipped worked example", async () => {
    const r = await run("npx", ["pap-reference", "--json", "plugin", "validate", "node_modules/papc/reference/examples/worked-example"], consumer);
    expect(r.exitCode, r.all).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ schema_version: 1, valid: true });
  });

  it("import { runSuite } from 'papc' in a plain .mjs", async () => {
    await writeFile(
      join(consumer, "two-cases.mjs"),
      [
        'import { runSuite, OUTCOMES } from "papc";',
        'const report = await runSuite({ cases: ["manifest/structural/hook/subject-session", "manifest/structural/hook/phase-after"], jobs: 1 });',
        "console.log(JSON.stringify({ outcomes: report.cases.map((c) => c.outcome).sort(), exit: report.footer.exit_code, known: OUTCOMES.length }));",
        "",
      ].join("\n"),
    );
    const r = await run("node", ["two-cases.mjs"], consumer);
    expect(r.exitCode, r.all).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ outcomes: ["pass", "pass"], exit: 0, known: 9 });
  });

  it("type-checks a TypeScript consumer against the shipped declarations", async () => {
    await writeFile(
      join(consumer, "typed.mts"),
      [
        'import { readReport, renderJunit, renderMarkdown, renderSummary, runSuite, OUTCOMES } from "papc";',
        'import type { CaseRecord, DiffLine, Outcome, ReportFooter, ReportHeader, RunReport, RunSuiteOptions } from "papc";',
        'const options: RunSuiteOptions = { adapter: "reference", cases: ["manifest/**"], requirements: [], jobs: 2, timeoutMs: 5000, onRecord: (r: CaseRecord, done: number, total: number) => void [r.id, done, total] };',
        "const report: RunReport = await runSuite(options);",
        "const header: ReportHeader = report.header;",
        'const footer: ReportFooter = (await readReport("reports/reference.jsonl")).footer;',
        "const diff: DiffLine[] = report.cases[0]?.diff ?? [];",
        "const outcome: Outcome = OUTCOMES[0];",
        "const text: string = renderJunit(report) + renderMarkdown(report) + renderSummary(report, true);",
        "// @ts-expect-error not an option",
        'await runSuite({ adapters: "reference" });',
        "export { header, footer, diff, outcome, text };",
        "",
      ].join("\n"),
    );
    const config = { compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true, types: [] }, files: ["typed.mts"] };
    await writeFile(join(consumer, "tsconfig.json"), JSON.stringify(config));
    const r = await run("node", [join(KIT_ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], consumer);
    expect(r.exitCode, r.all).toBe(0);
  });
});
