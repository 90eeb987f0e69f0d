// `papc report render` and `papc report compare` over JSON Lines reports (KIT-REPORT-RENDER, KIT-REPORT-COMPARE).

import { writeFile } from "node:fs/promises";
import { caseFileShown, printJson, UsageError } from "../common/command-io.js";
import { compareReports, renderComparison } from "./compare-reports.js";
import { renderHtml } from "./html.js";
import { readReport } from "./jsonl.js";
import { renderJunit } from "./junit.js";
import { renderMarkdown } from "./markdown.js";
import { renderSummary } from "./terminal.js";

export async function renderCommand(files: string[], o: { format: string; out?: string; title?: string; exitStatus?: boolean }, root: string, color: boolean): Promise<void> {
  if (files.length > 1 && o.format !== "html") throw new UsageError(`--format ${o.format} renders one report; only --format html compares several`);
  const reports = await Promise.all(files.map((f) => readReport(f)));
  const r = reports[0]!;
  const text =
    o.format === "html"
      ? renderHtml(reports, { sources: files, ...(o.title ? { title: o.title } : {}) })
      : o.format === "junit"
        ? renderJunit(r)
        : o.format === "markdown"
          ? renderMarkdown(r)
          : renderSummary(r, color && !o.out, caseFileShown(root));
  if (o.out) await writeFile(o.out, text);
  else process.stdout.write(text);
  process.exitCode = o.exitStatus ? Math.max(...reports.map((x) => x.footer.exit_code)) : 0;
}

export async function compareCommand(a: string, b: string, o: { json?: boolean }): Promise<void> {
  const cmp = compareReports(await readReport(a), await readReport(b));
  if (o.json) printJson(cmp);
  else process.stdout.write(renderComparison(cmp, a, b));
  process.exitCode = cmp.regressions.length > 0 ? 1 : 0;
}
