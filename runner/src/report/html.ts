// The HTML report: one self-contained page (inline CSS and script, no network) from one run
// report, or a side-by-side comparison of several (implementations as columns). The runs are
// embedded as JSON (html-model.ts) and the page's script builds the tables from it.

import { createHash } from "node:crypto";
import type { RunReport } from "../types/run-report.js";
import { NOT_CERTIFICATION } from "./headline.js";
import { htmlModel } from "./html-model.js";
import { HTML_SCRIPT } from "./html-script.js";
import { HTML_STYLE } from "./html-style.js";

export interface HtmlOptions {
  /** The page title; by default the kit and the implementation(s). */
  title?: string;
  /** Where each report was read from, in the order of the reports: shown, and tells equal names apart. */
  sources?: string[];
}

export function renderHtml(reports: RunReport[], options: HtmlOptions = {}): string {
  const model = htmlModel(reports, options);
  const multi = reports.length > 1;
  // The policy allows exactly this script and this stylesheet: the page can load nothing, and
  // markup smuggled in by a report, were it ever parsed, could not run.
  const csp = ["default-src 'none'", `script-src '${sha256(HTML_SCRIPT)}'`, `style-src '${sha256(HTML_STYLE)}'`, "img-src data:", "base-uri 'none'", "form-action 'none'"].join(
    "; ",
  );
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="generator" content="${escapeHtml(model.kit)}">
<link rel="icon" href="data:,">
<title>${escapeHtml(model.title)}</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(model.title)}</h1>
<p class="muted">${multi ? `Comparison of ${reports.length} runs: cases as rows, implementations as columns.` : "Conformance run report."}</p>
<noscript><p>This report is drawn by its inline script; enable JavaScript to see it.</p></noscript>
<div id="run-info"></div>
<p class="muted">${escapeHtml(NOT_CERTIFICATION)}</p>
</header>
<section aria-labelledby="h-totals">
<h2 id="h-totals">Totals by outcome</h2>
<div id="totals"></div>
</section>
<div class="matrices">
<section aria-labelledby="h-areas">
<h2 id="h-areas">By area</h2>
<div id="by-area"></div>
</section>
<section aria-labelledby="h-requirements">
<h2 id="h-requirements">Requirement coverage</h2>
<div id="by-requirement"></div>
</section>
</div>
<section id="cases" aria-labelledby="h-cases">
<h2 id="h-cases">Cases</h2>
<div class="filters" role="search" aria-label="Filter the cases">
<fieldset id="f-outcomes"><legend>Outcome${multi ? " (in any run)" : ""}</legend></fieldset>
<label class="field" for="f-area"><span>Area</span><select id="f-area"><option value="">All areas</option></select></label>
<label class="field" for="f-requirement"><span>Requirement</span><input type="search" id="f-requirement" list="f-requirements" placeholder="e.g. PAP-CLI-EXIT-VALID" autocomplete="off"></label>
<datalist id="f-requirements"></datalist>
<label class="field" for="f-id"><span>Case id contains</span><input type="search" id="f-id" placeholder="e.g. cli/exit" autocomplete="off"></label>
<div class="field" id="f-differs-field"><span>Comparison</span><label class="check"><input type="checkbox" id="f-differs"> only cases whose outcomes differ</label></div>
<div class="field"><span>&nbsp;</span><button type="button" id="f-reset">Reset filters</button></div>
</div>
<p class="shown" id="shown" role="status" aria-live="polite"></p>
<p id="none-shown" class="muted" hidden>No case matches these filters.</p>
<table class="cases" id="cases-table"><caption class="sr-only">Cases${multi ? " and their outcome in each run" : ", their outcome and duration"}</caption></table>
</section>
<footer>Rendered by ${escapeHtml(model.kit)} from ${reports.length === 1 ? "a JSON Lines run report" : `${reports.length} JSON Lines run reports`}.</footer>
</main>
<script type="application/json" id="papc-data">${jsonForScript(model)}</script>
<script>${HTML_SCRIPT}</script>
</body>
</html>
`;
}

/**
 * JSON that is inert inside a <script> element: `<`, `>` and `&` only ever occur inside JSON
 * strings, where \\u escapes mean the same, so `</script>` or `<!--` in a message cannot end or
 * change the element. U+2028/2029 are escaped too, in case the text is ever read as script.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function sha256(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}
