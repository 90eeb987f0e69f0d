// Every committed run report in reports/published/ (the python-minimal adapter's, the live run
// behind docs/compatibility.md, the Agent Plugins consumers') has its Markdown rendering beside
// it, and that rendering is what `papc report render` gives for the committed JSON Lines: a
// published document says only what its run report holds, and carries the not-certification
// caveat with it.

import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_CERTIFICATION } from "../src/report/headline.js";
import { readReport } from "../src/report/jsonl.js";
import { renderMarkdown } from "../src/report/markdown.js";
import { KIT_ROOT } from "./helpers.js";

async function jsonlFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) found.push(...(await jsonlFiles(path)));
    else if (e.name.endsWith(".jsonl")) found.push(path);
  }
  return found.sort();
}

describe("published run reports", async () => {
  const files = await jsonlFiles(join(KIT_ROOT, "reports/published"));

  it("are there: the python-minimal run, the live run and the Agent Plugins consumers' runs", () => {
    const names = files.map((f) => relative(KIT_ROOT, f));
    expect(names.some((n) => /^reports\/published\/python-minimal-\d{4}-\d{2}-\d{2}\.jsonl$/.test(n))).toBe(true);
    expect(names.some((n) => /^reports\/published\/live\/reference-live-\d{4}-\d{2}-\d{2}\.jsonl$/.test(n))).toBe(true);
    expect(names.filter((n) => n.startsWith("reports/published/agent-plugins/")).length).toBeGreaterThanOrEqual(5);
  });

  for (const file of files) {
    it(`${relative(KIT_ROOT, file)}: its Markdown is rendered from it, with the caveat`, async () => {
      const markdown = file.replace(/\.jsonl$/, ".md");
      expect(existsSync(markdown), `${relative(KIT_ROOT, markdown)} is missing`).toBe(true);
      const text = await readFile(markdown, "utf8");
      expect(text).toBe(renderMarkdown(await readReport(file)));
      expect(text).toContain(NOT_CERTIFICATION);
    });
  }
});
