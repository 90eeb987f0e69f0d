// The Agent Plugins loader matrix (runner/src/loader-matrix/, `papc compat-loaders`): every AP-*
// requirement of SPEC.md sits in exactly one seed-rule group; a cell counts the passing cases and
// links every other one to its reason; consumers are ordered the same way whatever the argument
// order; a case added after a run is counted as not run; the command checks its input and --check
// compares with the committed file. The committed matrix itself: harness-loaders.test.ts.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { loaderMatrixCommand } from "../src/loader-matrix/command.js";
import { consumerLabel, reasonOf, renderLoaderMatrix, type SuiteCase } from "../src/loader-matrix/matrix.js";
import { RULE_GROUPS } from "../src/loader-matrix/seed-rules.js";
import { loadSpec, parseSpec } from "../src/spec/requirements.js";
import { footerFor } from "../src/run/tally.js";
import type { CaseRecord, Outcome, RunReport } from "../src/types/run-report.js";
import { KIT_ROOT } from "./helpers.js";

const CASES: SuiteCase[] = [
  { id: "agent-plugins/seed/valid-v1", title: "A valid v1 package", spec: ["AP-SCHEMA-SELECTS"], file: "cases/agent-plugins/seed/acceptance.yaml", line: 30 },
  {
    id: "agent-plugins/containment/symlinks/skill-dir-inside",
    title: "Inside",
    spec: ["AP-SYMLINK-INSIDE", "AP-PATH-CONTAINED"],
    file: "cases/agent-plugins/containment/symlinks.yaml",
    line: 110,
  },
  {
    id: "agent-plugins/containment/symlinks/reports-skill-escape",
    title: "Reported",
    spec: ["AP-REPORT", "AP-PATH-CONTAINED"],
    file: "cases/agent-plugins/containment/symlinks.yaml",
    line: 90,
  },
  { id: "agent-plugins/containment/symlinks/new-one", title: "Added later", spec: ["AP-PATH-CONTAINED"], file: "cases/agent-plugins/containment/symlinks.yaml", line: 200 },
];

function run(adapter: string, version: string, outcomes: Record<string, Outcome>, extra: Record<string, Partial<CaseRecord>> = {}): RunReport {
  const cases: CaseRecord[] = Object.entries(outcomes).map(([id, outcome]) => ({
    type: "case",
    id,
    hash: "a".repeat(64),
    area: id.split("/").slice(0, -1).join("/"),
    spec: CASES.find((c) => c.id === id)?.spec ?? [],
    outcome,
    duration_ms: 1,
    ...extra[id],
  }));
  return {
    header: {
      type: "header",
      report_schema: 1,
      kit: { name: "papc", version: "0.1.0" },
      suite: { hash: "5".repeat(64), cases: cases.length },
      adapter: { name: adapter, mode: "persistent", command: ["x"] },
      implementation: { protocol: 1, implementation: { name: adapter.split("-")[0]!, version }, operations: ["load-agent-plugin"] },
      environment: { node: "v20", platform: "linux", arch: "x64", cpus: 2 },
      started_at: "2026-12-04T10:00:00.000Z",
    },
    cases,
    footer: footerFor(cases, performance.now()),
  };
}

const reference = run("reference", "0.1.0", {
  "agent-plugins/seed/valid-v1": "pass",
  "agent-plugins/containment/symlinks/skill-dir-inside": "pass",
  "agent-plugins/containment/symlinks/reports-skill-escape": "pass",
});
const codex = run(
  "codex-install",
  "0.147.0",
  {
    "agent-plugins/seed/valid-v1": "pass",
    "agent-plugins/containment/symlinks/skill-dir-inside": "expected-fail",
    "agent-plugins/containment/symlinks/reports-skill-escape": "skip",
  },
  {
    "agent-plugins/containment/symlinks/skill-dir-inside": { baseline: "the installer drops skills/linked | a symlink", message: "fail (baselined)" },
    "agent-plugins/containment/symlinks/reports-skill-escape": { message: "the result does not report diagnostics (free text only), which this case checks" },
  },
);

describe("the seed-rule groups", () => {
  it("hold every AP-* requirement of SPEC.md exactly once, and nothing else", async () => {
    const { requirements } = await loadSpec(join(KIT_ROOT, "SPEC.md"));
    const inSpec = [...requirements.keys()].filter((id) => id.startsWith("AP-")).sort();
    const grouped = RULE_GROUPS.flatMap((g) => g.requirements);
    expect([...grouped].sort()).toEqual(inSpec);
    expect(new Set(grouped).size).toBe(grouped.length);
  });
});

describe("renderLoaderMatrix", () => {
  const text = renderLoaderMatrix({
    runs: [
      {
        report: codex,
        file: "reports/published/agent-plugins/codex-install-0.147.0-2026-12-04.jsonl",
        markdown: "reports/published/agent-plugins/codex-install-0.147.0-2026-12-04.md",
      },
      { report: reference, file: "reports/published/agent-plugins/reference-0.1.0-2026-12-04.jsonl" },
    ],
    cases: CASES,
    requirements: new Map([
      ["AP-PATH-CONTAINED", { section: "93-containment", level: "MUST" }],
      ["AP-REPORT", { section: "96-reporting", level: "SHOULD" }],
    ]),
    linkPrefix: "../",
    command: "npx papc compat-loaders a b --out docs/agent-plugins-compatibility.md",
  });

  it("puts the reference first and names each consumer with its version, totals and reports", () => {
    expect(consumerLabel(codex)).toBe("codex-install (codex 0.147.0)");
    expect(text).toContain("| requirement | cases | reference (reference 0.1.0) | codex-install (codex 0.147.0) |");
    expect(text).toContain(
      "| codex-install (codex 0.147.0) | 2026-12-04 | 1 | 0 | 1 | 1 | 0 | 1 | [jsonl](../reports/published/agent-plugins/codex-install-0.147.0-2026-12-04.jsonl) · [summary](../reports/published/agent-plugins/codex-install-0.147.0-2026-12-04.md) |",
    );
  });

  it("counts passes, links every other case to its reason, and counts cases added since a run as not run", () => {
    expect(text).toContain(
      "| [AP-PATH-CONTAINED](../SPEC.md#93-containment) MUST | 3 | ✅ 2 · ∅ 1 | ❌ [skill-dir-inside](#codex-install-containment-symlinks-skill-dir-inside) · ⏭️ [reports-skill-escape](#codex-install-containment-symlinks-reports-skill-escape) · ∅ 1 |",
    );
    expect(text).toContain(
      '<a id="codex-install-containment-symlinks-skill-dir-inside"></a>[containment/symlinks/skill-dir-inside](../cases/agent-plugins/containment/symlinks.yaml#L110) | ❌ expected-fail | known failure: the installer drops skills/linked \\| a symlink |',
    );
    expect(text).toContain("⏭️ skip | the result does not report diagnostics (free text only), which this case checks |");
    expect(text).toContain("### reference (reference 0.1.0)\n\nEvery case passed.");
    // a requirement the SPEC does not have is said so; one with no case shows a dash
    expect(text).toContain("| AP-SCHEMA-SELECTS (not in SPEC.md) | 1 | ✅ 1 | ✅ 1 |");
    expect(text).toContain("| AP-MCP-FILE (not in SPEC.md) | 0 | — | — |");
  });

  it("is the same whatever order the reports come in", () => {
    const again = renderLoaderMatrix({
      runs: [
        { report: reference, file: "reports/published/agent-plugins/reference-0.1.0-2026-12-04.jsonl" },
        {
          report: codex,
          file: "reports/published/agent-plugins/codex-install-0.147.0-2026-12-04.jsonl",
          markdown: "reports/published/agent-plugins/codex-install-0.147.0-2026-12-04.md",
        },
      ],
      cases: CASES,
      requirements: new Map([
        ["AP-PATH-CONTAINED", { section: "93-containment", level: "MUST" }],
        ["AP-REPORT", { section: "96-reporting", level: "SHOULD" }],
      ]),
      linkPrefix: "../",
      command: "npx papc compat-loaders a b --out docs/agent-plugins-compatibility.md",
    });
    expect(again).toBe(text);
  });

  it("gives a failure's diff as its reason", () => {
    const r: CaseRecord = {
      type: "case",
      id: "x",
      hash: "h",
      area: "a",
      spec: [],
      outcome: "fail",
      duration_ms: 1,
      message: "result differs from expectation",
      diff: [{ type: "add", path: "skills", actual: '"escaped"' }],
    };
    expect(reasonOf(r)).toBe('result differs from expectation; skills: expected —, got "escaped"');
  });
});

describe("papc compat-loaders", () => {
  const io = () => {
    const out = { out: "", err: "" };
    return { out, sink: { out: (t: string) => void (out.out += t), err: (t: string) => void (out.err += t) } };
  };

  it("refuses no report, and a report without Agent Plugins cases", async () => {
    const a = io();
    expect(await loaderMatrixCommand({ root: KIT_ROOT, reports: [] }, a.sink)).toBe(2);
    const folder = await tmpDir({ unsafeCleanup: true });
    try {
      const other = run("reference", "0.1.0", {});
      other.cases.push({ type: "case", id: "manifest/x/y", hash: "b".repeat(64), area: "manifest/x", spec: [], outcome: "pass", duration_ms: 1 });
      const file = join(folder.path, "r.jsonl");
      await writeFile(file, [other.header, ...other.cases, footerFor(other.cases, 0)].map((l) => JSON.stringify(l)).join("\n") + "\n");
      const b = io();
      expect(await loaderMatrixCommand({ root: KIT_ROOT, reports: [file] }, b.sink)).toBe(1);
      expect(b.out.err).toContain("holds no Agent Plugins case");
    } finally {
      await folder.cleanup();
    }
  });

  it("--check says whether the file is what the reports say", async () => {
    const folder = await tmpDir({ unsafeCleanup: true });
    try {
      const file = join(folder.path, "reference.jsonl");
      await writeFile(file, [reference.header, ...reference.cases, reference.footer].map((l) => JSON.stringify(l)).join("\n") + "\n");
      const out = join(folder.path, "m.md");
      expect(await loaderMatrixCommand({ root: KIT_ROOT, reports: [file], out }, io().sink)).toBe(0);
      const a = io();
      expect(await loaderMatrixCommand({ root: KIT_ROOT, reports: [file], out, check: true }, a.sink)).toBe(0);
      await writeFile(out, `${await readFile(out, "utf8")}edited by hand\n`);
      const b = io();
      expect(await loaderMatrixCommand({ root: KIT_ROOT, reports: [file], out, check: true }, b.sink)).toBe(1);
      expect(b.out.err).toContain("differs from what the reports say");
    } finally {
      await folder.cleanup();
    }
  }, 60_000);
});

describe("requirement links", () => {
  it("point at the heading a requirement stands under, as GitHub anchors it, so editing SPEC.md elsewhere moves no link", async () => {
    const text = [
      "## 9. Agent Plugins 1.0 packages",
      "### 9.3 Containment",
      "- **[AP-X-ONE]** MUST (seed 004): a.",
      "### Notes",
      "### Notes",
      "- **[AP-X-TWO]** SHOULD (decision): b.",
    ].join("\n");
    const { requirements } = parseSpec(text);
    expect(requirements.get("AP-X-ONE")?.section).toBe("93-containment");
    expect(requirements.get("AP-X-TWO")?.section).toBe("notes-1");
    const spec = await readFile(join(KIT_ROOT, "SPEC.md"), "utf8");
    const real = (await loadSpec(join(KIT_ROOT, "SPEC.md"))).requirements;
    expect(real.get("AP-PATH-CONTAINED")?.section).toBe("93-containment");
    expect(spec).toContain("### 9.3 Containment");
  });
});
