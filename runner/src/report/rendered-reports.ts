// The three rendered reports of a run beside its JSONL: JUnit XML, Markdown and HTML, named
// <base>.xml, <base>.md, <base>.html (what `papc run` and `papc report merge` write).

import type { RunReport } from "../types/run-report.js";
import { renderHtml } from "./html.js";
import { renderJunit } from "./junit.js";
import { renderMarkdown } from "./markdown.js";

/** [format, file, text] for each rendered report; `sources` are the JSONL files the HTML names. */
export function renderedReports(base: string, report: RunReport, sources: string[]): [format: string, file: string, text: string][] {
  return [
    ["junit", `${base}.xml`, renderJunit(report)],
    ["markdown", `${base}.md`, renderMarkdown(report)],
    ["html", `${base}.html`, renderHtml([report], { sources })],
  ];
}
