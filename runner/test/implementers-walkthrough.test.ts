// IMPLEMENTERS.md, followed literally as a new implementer would (issue 9): every shell line of
// the page runs, in order, in a fresh folder with the packed kit installed, and `adapter.mjs` and
// `adapter.yaml` are the page's own code blocks. The one substitution is the install line: the
// tarball is installed from the npm cache with a written lock (pack-helpers.ts says why), since
// the tests talk to nothing but 127.0.0.1. Checks KIT-PACKAGE and KIT-SMOKE from the outside.

import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../src/report/jsonl.js";
import { KIT_ROOT } from "./helpers.js";
import { packKit, run, writeConsumerLock } from "./pack-helpers.js";

interface Block {
  lang: string;
  text: string;
}

/** The fenced code blocks of a Markdown page, in order. */
function codeBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, text: m[2]! }));
}

const page = await readFile(join(KIT_ROOT, "IMPLEMENTERS.md"), "utf8");
const blocks = codeBlocks(page);
const adapterJs = blocks.find((b) => b.lang === "js" && b.text.includes("createInterface"));
const adapterYaml = blocks.find((b) => b.lang === "yaml" && /^mode: persistent$/m.test(b.text));
const shellLines = blocks.filter((b) => b.lang === "sh").flatMap((b) => b.text.split("\n").filter((l) => l.trim() !== ""));

let cleanup: (() => Promise<void>) | undefined;
let folder: string;
/** Each shell line of the page with what it printed and its exit code. */
const ran: { line: string; exitCode: number | undefined; all: string }[] = [];

beforeAll(async () => {
  const tmp = await tmpDir({ unsafeCleanup: true });
  cleanup = tmp.cleanup;
  const { tarball } = await packKit(tmp.path);
  let cwd = tmp.path;
  for (const line of shellLines) {
    if (/^npm install --save-dev \S+\.tgz$/.test(line)) {
      await writeConsumerLock(cwd, tarball, true);
      const r = await run("npm", ["install", "--offline", "--save-dev", tarball], cwd);
      ran.push({ line, exitCode: r.exitCode, all: r.all });
      continue;
    }
    const mk = /^mkdir (\S+) && cd \1$/.exec(line);
    if (mk) {
      cwd = join(cwd, mk[1]!);
      await mkdir(cwd);
      folder = cwd;
      // the page's files, saved as it says, before the first command that needs them
      await writeFile(join(cwd, "adapter.mjs"), adapterJs?.text ?? "");
      await writeFile(join(cwd, "adapter.yaml"), adapterYaml?.text ?? "");
      continue;
    }
    const r = await run("bash", ["-c", line], cwd);
    ran.push({ line, exitCode: r.exitCode, all: r.all });
  }
}, 600_000);

afterAll(async () => {
  await cleanup?.();
});

describe("IMPLEMENTERS.md, run literally in a fresh folder", () => {
  it("has the adapter, its registration and the commands", () => {
    expect(adapterJs, "a js block with the adapter").toBeDefined();
    expect(adapterYaml, "a yaml block with the adapter registration").toBeDefined();
    expect(shellLines.filter((l) => l.startsWith("npx papc ")).length).toBeGreaterThanOrEqual(6);
  });

  it("every command exits 0", () => {
    expect(ran.filter((r) => r.exitCode !== 0).map((r) => `${r.line}\n  exit ${r.exitCode}\n${r.all.slice(-1500)}`)).toEqual([]);
  });

  it("smoke says the adapter is OK", () => {
    const smoke = ran.find((r) => r.line.startsWith("npx papc smoke"));
    expect(smoke?.all).toContain("smoke: adapter OK");
  });

  it("produces the reports: JSON Lines, JUnit, Markdown, HTML, the badge", async () => {
    for (const f of ["command.jsonl", "command.xml", "command.md", "command.html", "my-validator.jsonl", "my-validator.html", "badge.json"]) {
      expect(existsSync(join(folder, "reports", f)), f).toBe(true);
    }
    const report = parseReport(await readFile(join(folder, "reports/my-validator.jsonl"), "utf8"));
    expect(report.header.implementation?.implementation.name).toBe("my-validator");
    expect(report.cases.length).toBeGreaterThan(20);
    expect(report.cases.filter((c) => c.outcome !== "pass").map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""}`)).toEqual([]);
    expect(JSON.parse(await readFile(join(folder, "reports/badge.json"), "utf8"))).toMatchObject({ schemaVersion: 1, label: "papc", color: "brightgreen" });
  });
});
