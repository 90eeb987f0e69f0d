// Checks KIT-REPORT-HTML (SPEC.md).
// The HTML report: renderHtml's page as text (embedded data, hostile strings kept
// inert) and in headless Chromium (no console errors, totals, filters, a failure's diff, the
// comparison view, a screenshot in reports/html-report.png). The report is a real run of a few
// areas against the reference, plus synthetic records for what the reference never produces
// (fail with a diff, skip, error, expected-fail); the comparison adds a real run of a wrong
// validator that calls everything valid.

import { existsSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCaseFile, type CaseSet } from "../src/cases/load-cases.js";
import { kitInfo } from "../shared/kit-root.js";
import { escapeHtml, jsonForScript, renderHtml } from "../src/report/html.js";
import type { HtmlModel } from "../src/report/html-model.js";
import { parseReport } from "../src/report/jsonl.js";
import { runSuite } from "../src/run/run-suite.js";
import { selectCases } from "../src/run/select-cases.js";
import { footerFor } from "../src/run/tally.js";
import type { CaseRecord, Outcome, RunReport } from "../src/types/run-report.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SCREENSHOT = join(KIT_ROOT, "reports/html-report.png");
const SELECTION = ["cli/exit/*", "manifest/structural/toml/*", "manifest/semantic/identity/*"];
const SELECTION_FILES = ["cli/exit.yaml", "manifest/structural/toml.yaml", "manifest/semantic/identity.yaml"];
/** Left out of the wrong validator's run, so the comparison has a case one report lacks. */
const ONLY_IN_REFERENCE = "cli/exit/valid-source";

// Strings an implementation could send to break out of the embedded JSON or into the markup.
const HOSTILE = `</script><script>window.__pwned = 1</script><!-- <img src=x onerror="window.__pwned = 2"> & "quotes" \u2028 --> end`;
const FAIL_ID = "synthetic/fail-with-diff";

function synthetic(id: string, outcome: Outcome, extra: Partial<CaseRecord> = {}): CaseRecord {
  return { type: "case", id, hash: "0".repeat(64), area: id.split("/").slice(0, -1).join("/"), spec: ["KIT-HTML-SYNTHETIC"], outcome, duration_ms: 12.5, ...extra };
}

const SYNTHETIC: CaseRecord[] = [
  synthetic(FAIL_ID, "fail", {
    spec: ["KIT-HTML-SYNTHETIC", "PAP-CLI-EXIT-INVALID"],
    message: `result differs from expectation ${HOSTILE}`,
    diff: [
      { type: "modify", path: "exit", expected: "1", actual: "0" },
      { type: "modify", path: "valid", expected: "false", actual: "true" },
      { type: "remove", path: "diagnostics.includes[0] (not among 0 reported)", expected: "  {" },
      { type: "remove", path: "diagnostics.includes[0] (not among 0 reported)", expected: `    "message": "${HOSTILE}"` },
      { type: "remove", path: "diagnostics.includes[0] (not among 0 reported)", expected: "  }" },
      { type: "add", path: "diagnostics", actual: "<b>not bold</b>" },
    ],
    stderr: `warning: ${HOSTILE}\n`,
    input: {
      title: `exit 1 for an invalid package ${HOSTILE}`,
      file: "cases/synthetic.yaml",
      line: 7,
      fixture: [
        { path: "plugins/demo/PLUGIN.toml", kind: "file", bytes: 19, text: "schema_version = 1\n" },
        { path: "plugins/demo/skills", kind: "dir" },
      ],
    },
  }),
  synthetic("synthetic/not-announced", "not-applicable", { duration_ms: 0, message: 'the implementation does not announce operation "compose"' }),
  synthetic("synthetic/skipped", "skip", { message: "not implemented yet (https://example.invalid/issues/1)" }),
  synthetic("synthetic/crashed-out", "error", { message: "implementation reported an error: boom", stderr: "Traceback (most recent call last):\n  oops\n" }),
  synthetic("synthetic/known-failure", "expected-fail", {
    message: "result differs from expectation",
    baseline: "known: the implementation sorts diagnostics differently",
    diff: [{ type: "modify", path: "diagnostics[0].code", expected: '"a"', actual: '"b"' }],
  }),
];

/** The run with the synthetic records added, its footer recounted, and checked against the report schema. */
function withSynthetic(run: RunReport, records: CaseRecord[]): RunReport {
  const cases = [...run.cases, ...records];
  const footer = { ...footerFor(cases, performance.now() - run.footer.duration_ms), finished_at: run.footer.finished_at };
  const header = { ...run.header, suite: { ...run.header.suite, cases: cases.length } };
  return parseReport([header, ...cases, footer].map((l) => JSON.stringify(l)).join("\n"), "synthetic report");
}

function embedded(html: string): HtmlModel {
  const m = /<script type="application\/json" id="papc-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no embedded data");
  return JSON.parse(m[1]!) as HtmlModel;
}

let reference: RunReport;
let mixed: RunReport;
let wrong: RunReport;

beforeAll(async () => {
  // Loading the whole suite parses ~2000 cases (seconds of YAML); the selection lives in these
  // three files, read through the suite's own loader.
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  for (const file of SELECTION_FILES) {
    loadCaseFile(await readFile(join(KIT_ROOT, "cases", file), "utf8"), `cases/${file}`, dirname(file), set);
  }
  expect(set.problems).toEqual([]);
  const selected = selectCases(set.cases, { caseGlobs: SELECTION });
  expect(selected.length).toBeGreaterThan(30);
  const common = { kitRoot: KIT_ROOT, kit: kitInfo(), jobs: 2, filter: SELECTION.map((g) => `case ${g}`).join(", ") };
  reference = await runSuite({ ...common, adapter: await resolveAdapter("reference", KIT_ROOT), cases: selected });
  const accept = persistentAdapter(["node", join(KIT_ROOT, "runner/test/mutants/answers-fixed-verdict.mjs"), "accept"]);
  wrong = await runSuite({ ...common, adapter: accept, cases: selected.filter((c) => c.id !== ONLY_IN_REFERENCE) });
  mixed = withSynthetic(reference, SYNTHETIC);
}, 120_000);

describe("renderHtml, as text", () => {
  it("embeds every case and the footer's totals", () => {
    const model = embedded(renderHtml([mixed], { sources: ["reports/mixed.jsonl"] }));
    expect(model.runs).toHaveLength(1);
    expect(model.runs[0]!.totals).toEqual(mixed.footer.totals);
    expect(model.runs[0]!.by_requirement).toEqual(mixed.footer.by_requirement);
    expect(model.runs[0]!.source).toBe("reports/mixed.jsonl");
    expect(model.cases.map((c) => c.id).sort()).toEqual(mixed.cases.map((c) => c.id).sort());
    const fail = model.cases.find((c) => c.id === FAIL_ID)!;
    expect(fail.results[0]).toMatchObject({ outcome: "fail", diff: SYNTHETIC[0]!.diff, message: SYNTHETIC[0]!.message, stderr: SYNTHETIC[0]!.stderr });
  });

  it("keeps hostile strings inert: no early </script>, no comment, the title escaped", () => {
    const hostile = { ...mixed, header: { ...mixed.header, implementation: { protocol: 1 as const, operations: [], implementation: { name: HOSTILE, version: "1" } } } };
    const html = renderHtml([hostile]);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain("<!--");
    expect(html).not.toContain("window.__pwned = 1</script>");
    expect(html).toContain(`<title>papc ${kitInfo().version}: ${escapeHtml(HOSTILE)} 1</title>`);
    // and the data still reads back exactly
    const model = embedded(html);
    expect(model.runs[0]!.implementation).toBe(`${HOSTILE} 1`);
    expect(model.cases.find((c) => c.id === FAIL_ID)!.results[0]!.stderr).toBe(SYNTHETIC[0]!.stderr);
  });

  it("jsonForScript escapes only inside strings and round-trips", () => {
    const value = { a: "</script><!-- & \u2028\u2029 >", b: [1, null, true] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("compares runs: one column per run, a missing case is null", () => {
    const model = embedded(renderHtml([reference, wrong]));
    expect(model.runs.map((r) => r.label)).toEqual(["pap-reference 0.1.0", "accept-everything 0"]);
    const missing = model.cases.find((c) => c.id === ONLY_IN_REFERENCE)!;
    expect(missing.results[0]?.outcome).toBe("pass");
    expect(missing.results[1]).toBeNull();
    // two runs of the same implementation are told apart
    expect(embedded(renderHtml([reference, reference], { sources: ["a/old.jsonl", "b/new.jsonl"] })).runs.map((r) => r.label)).toEqual([
      "pap-reference 0.1.0 (old.jsonl)",
      "pap-reference 0.1.0 (new.jsonl)",
    ]);
    expect(() => renderHtml([])).toThrow(/at least one report/);
  });
});

describe("the HTML report in headless Chromium", () => {
  let browser: Browser | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "papc-html-"));
    if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Skips loudly without Chromium; under CI that is a failure, not a skip. */
  function requireChromium(ctx: TestContext): Browser {
    if (browser) return browser;
    const why = `${CHROMIUM} is missing (Debian: apt-get install chromium), so the HTML report was not tested in a browser`;
    if (process.env.CI && process.env.CI !== "false") throw new Error(`CI: ${why}`);
    console.warn(`\n⚠️  SKIPPED (HTML report in Chromium): ${why}\n`);
    ctx.skip(why);
    throw new Error("unreachable");
  }

  /** Opens the page from a file: URL and collects console errors, page errors and any network request. */
  async function open(b: Browser, name: string, html: string): Promise<{ page: Page; problems: string[] }> {
    const file = join(dir, `${name}.html`);
    await writeFile(file, html);
    const page = await b.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && problems.push(`console: ${m.text()}`)));
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("request", (r) => void (!/^(file|data):/.test(r.url()) && problems.push(`request: ${r.url()}`)));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector("#shown:not(:empty)");
    return { page, problems };
  }

  const visibleIds = (page: Page): Promise<string[]> => page.$$eval("#cases-table > tbody:not([hidden])", (bodies) => bodies.map((b) => b.getAttribute("data-id") ?? ""));
  const shownText = (page: Page): Promise<string | null> => page.textContent("#shown");
  const idsWhere = (f: (c: CaseRecord) => boolean): string[] =>
    mixed.cases
      .filter(f)
      .map((c) => c.id)
      .sort();

  it("shows one run: totals, filters, a failure's diff; screenshot", async (ctx) => {
    const { page, problems } = await open(requireChromium(ctx), "single", renderHtml([mixed], { sources: ["reports/reference.jsonl (+ synthetic records)"] }));
    const n = mixed.cases.length;
    expect(await shownText(page)).toBe(`${n} of ${n} cases shown`);
    expect(await page.textContent("h1")).toBe(`papc ${kitInfo().version}: pap-reference 0.1.0`);

    // totals: one card per outcome of the footer, with its count
    const cards = await page.$$eval(".totals button.card", (bs) => bs.map((b) => [b.getAttribute("data-outcome"), b.querySelector(".count")?.textContent]));
    expect(Object.fromEntries(cards)).toEqual(Object.fromEntries(Object.entries(mixed.footer.totals).map(([o, c]) => [o, String(c)])));
    expect(await page.textContent('.totals [data-outcome="all"] .count')).toBe(String(n));

    // outcome filter: only fail
    for (const box of await page.$$("#f-outcomes input[type=checkbox]")) {
      await box.setChecked((await box.getAttribute("value")) === "fail");
    }
    const fails = idsWhere((c) => c.outcome === "fail");
    expect(fails).toEqual([FAIL_ID]);
    expect((await visibleIds(page)).sort()).toEqual(fails);
    expect(await page.textContent("#cases-table > tbody:not([hidden]) td.outcome")).toContain("fail");
    expect(await shownText(page)).toBe(`1 of ${n} cases shown`);

    // area filter (a parent area takes in the areas below it), then requirement and id filters
    await page.click("#f-reset");
    expect(await shownText(page)).toBe(`${n} of ${n} cases shown`);
    await page.selectOption("#f-area", "cli/exit");
    expect((await visibleIds(page)).sort()).toEqual(idsWhere((c) => c.area === "cli/exit"));
    await page.selectOption("#f-area", "manifest");
    const manifest = idsWhere((c) => c.area.startsWith("manifest/"));
    expect(new Set(mixed.cases.filter((c) => c.area.startsWith("manifest/")).map((c) => c.area)).size).toBe(2);
    expect((await visibleIds(page)).sort()).toEqual(manifest);
    expect(await shownText(page)).toBe(`${manifest.length} of ${n} cases shown`);
    await page.selectOption("#f-area", "");
    await page.fill("#f-requirement", "PAP-SEM-ID-UNIQUE");
    const unique = idsWhere((c) => c.spec.includes("PAP-SEM-ID-UNIQUE"));
    expect(unique.length).toBeGreaterThan(0);
    expect(unique.length).toBeLessThan(n);
    expect((await visibleIds(page)).sort()).toEqual(unique);
    await page.fill("#f-requirement", "PAP-CLI-EXIT-INVALID");
    expect((await visibleIds(page)).sort()).toEqual(idsWhere((c) => c.spec.includes("PAP-CLI-EXIT-INVALID")));
    expect(await visibleIds(page)).toContain(FAIL_ID);
    await page.fill("#f-id", "synthetic/");
    expect(await visibleIds(page)).toEqual([FAIL_ID]);
    await page.fill("#f-id", "no such case");
    expect(await shownText(page)).toBe(`0 of ${n} cases shown`);
    expect(await page.isVisible("#none-shown")).toBe(true);

    // the requirement matrix: one row per requirement of the footer
    // the requirement matrix: one row per requirement of the footer, those with failing cases first
    const reqRows = await page.$$eval("#by-requirement tbody th[scope=row]", (ths) => ths.map((t) => t.textContent));
    const failing = (t: Record<string, number | undefined>): boolean => ["fail", "error", "crash", "timeout", "suite-bug"].some((o) => t[o]);
    const byReq = Object.entries(mixed.footer.by_requirement);
    expect(reqRows).toEqual([
      ...byReq
        .filter(([, t]) => failing(t))
        .map(([k]) => k)
        .sort(),
      ...byReq
        .filter(([, t]) => !failing(t))
        .map(([k]) => k)
        .sort(),
    ]);
    expect(reqRows.slice(0, 2)).toEqual(["KIT-HTML-SYNTHETIC", "PAP-CLI-EXIT-INVALID"]);
    // the cases to act on first, then by id; a not-applicable case shows no duration
    await page.click("#f-reset");
    expect((await visibleIds(page)).slice(0, 2)).toEqual(["synthetic/crashed-out", FAIL_ID]);
    expect(await page.textContent('#cases-table > tbody[data-id="synthetic/not-announced"] td.dur')).toBe("");

    // a failure's details: message, diff and stderr, all as text (nothing hostile ran)
    await page.click("#f-reset");
    for (const box of await page.$$("#f-outcomes input[type=checkbox]")) {
      await box.setChecked((await box.getAttribute("value")) !== "pass");
    }
    const failRow = `#cases-table > tbody[data-id="${FAIL_ID}"]`;
    expect(await page.isVisible(`${failRow} tr.detail`)).toBe(false);
    await page.click(`${failRow} button.toggle`);
    expect(await page.getAttribute(`${failRow} button.toggle`, "aria-expanded")).toBe("true");
    expect(await page.isVisible(`${failRow} tr.detail table.diff`)).toBe(true);
    const diffRows = await page.$$eval(`${failRow} table.diff tbody tr`, (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(diffRows).toHaveLength(SYNTHETIC[0]!.diff!.length);
    expect(diffRows[0]).toEqual(["exit", "modify", "1", "0"]);
    expect(diffRows[5]).toEqual(["diagnostics", "add", "", "<b>not bold</b>"]);
    expect(await page.textContent(`${failRow} .message`)).toBe(SYNTHETIC[0]!.message);
    expect(await page.textContent(`${failRow} pre.stderr`)).toBe(SYNTHETIC[0]!.stderr);
    // the input beside the diff: title, file:line and fixture (KIT-REPORT-INPUT)
    expect(await page.textContent(`${failRow} .case-title`)).toBe(`exit 1 for an invalid package ${HOSTILE} \u2014 cases/synthetic.yaml:7`);
    expect(await page.textContent(`${failRow} pre.fixture`)).toBe("fixture:\n  plugins/demo/PLUGIN.toml  (19 bytes)\n  │ schema_version = 1\n  plugins/demo/skills/  (directory)");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$$(`${failRow} b, ${failRow} img`)).toHaveLength(0);

    await mkdir(join(KIT_ROOT, "reports"), { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: SCREENSHOT, fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 2000 } });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
    await page.close();
  }, 30_000);

  it("compares two runs: implementations as columns, differing cells, a missing case", async (ctx) => {
    const { page, problems } = await open(requireChromium(ctx), "compare", renderHtml([reference, wrong]));
    const heads = await page.$$eval("#cases-table thead th", (ths) => ths.map((t) => t.textContent));
    expect(heads.slice(-2)).toEqual(["pap-reference 0.1.0", "accept-everything 0"]);
    expect(await page.$$eval("#cases-table > tbody", (bs) => bs.every((b) => b.querySelectorAll("td.outcome").length === 2))).toBe(true);

    // per-run totals match each footer
    for (const [i, run] of [reference, wrong].entries()) {
      for (const [o, count] of Object.entries(run.footer.totals)) {
        expect(await page.textContent(`.totals-table tr[data-outcome="${o}"] td:nth-of-type(${i + 1})`)).toBe(String(count));
      }
    }

    // a case the wrong validator fails: its cell differs from the reference's
    const failed = wrong.cases.find((c) => c.outcome === "fail")!;
    const row = `#cases-table > tbody[data-id="${failed.id}"]`;
    expect(await page.getAttribute(row, "class")).toContain("differs");
    expect(await page.$$eval(`${row} td.outcome`, (tds) => tds.map((t) => [t.querySelector(".badge")?.textContent, t.classList.contains("differs")]))).toEqual([
      ["✓pass", false],
      ["✗fail", true],
    ]);
    const missing = `#cases-table > tbody[data-id="${ONLY_IN_REFERENCE}"] td.outcome`;
    expect(await page.$$eval(missing, (tds) => tds.map((t) => t.textContent))).toEqual([expect.stringContaining("pass"), "—not in this report"]);

    // only the differing rows
    const byId = new Map(wrong.cases.map((c) => [c.id, c.outcome]));
    const differing = reference.cases
      .filter((c) => byId.get(c.id) !== c.outcome)
      .map((c) => c.id)
      .sort();
    await page.check("#f-differs");
    expect((await visibleIds(page)).sort()).toEqual(differing);
    expect(await shownText(page)).toBe(`${differing.length} of ${reference.cases.length} cases shown`);
    await page.click(`${row} button.toggle`);
    expect(await page.isVisible(`${row} table.diff`)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(KIT_ROOT, "reports/html-report-compare.png"), fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 2000 } });
    expect(problems).toEqual([]);
    await page.close();
  }, 30_000);

  it("stays quick with 2500 cases", async (ctx) => {
    const b = requireChromium(ctx);
    const many = Array.from({ length: 2500 }, (_, i) => {
      const from = mixed.cases[i % mixed.cases.length]!;
      return { ...from, id: `bulk/${String(i).padStart(4, "0")}/${from.id}`, area: `bulk/${from.area}` };
    });
    const big = withSynthetic({ ...mixed, cases: [] }, many);
    const started = Date.now();
    const { page, problems } = await open(b, "big", renderHtml([big]));
    const loaded = Date.now() - started;
    expect(await shownText(page)).toBe("2500 of 2500 cases shown");
    const filtered = await page.evaluate(() => {
      const t = performance.now();
      const box = document.querySelector<HTMLInputElement>('#f-outcomes input[value="pass"]')!;
      box.click();
      return performance.now() - t;
    });
    expect(await shownText(page)).not.toBe("2500 of 2500 cases shown");
    expect(loaded).toBeLessThan(5_000);
    expect(filtered).toBeLessThan(500);
    expect(problems).toEqual([]);
    await page.close();
  }, 30_000);
});
