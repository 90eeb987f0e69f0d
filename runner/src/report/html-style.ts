// The HTML report's stylesheet, inlined into the page. System fonts only: the page loads nothing.
// Every outcome has its colour pair (--fg/--bg) and is always written out as text as well.

export const HTML_STYLE = `
:root {
  color-scheme: light dark;
  --text: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --line: #d1d9e0; --accent: #0969da;
  --exp-bg: #ffebe9; --act-bg: #dafbe1; --focus: #0969da;
  --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #151b23; --line: #3d444d; --accent: #4493f8;
    --exp-bg: #3c1618; --act-bg: #0f2d1a; --focus: #4493f8;
  }
}
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; color: var(--text); background: var(--bg); }
main { max-width: 1280px; margin: 0 auto; padding: 16px 24px 48px; }
h1 { font-size: 22px; margin: 8px 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 17px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 14px; margin: 0 0 8px; }
.muted, .sub { color: var(--muted); }
.sub { font-size: 12px; font-weight: normal; display: block; }
code, .mono { font-family: var(--mono); font-size: 12.5px; }
.verdict { margin: 0 0 12px; font-size: 15px; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }

.o-pass { --fg: #1a7f37; --bg-o: #dafbe1; }
.o-fail { --fg: #cf222e; --bg-o: #ffebe9; }
.o-error { --fg: #bc4c00; --bg-o: #fff1e5; }
.o-crash { --fg: #82071e; --bg-o: #ffcecb; }
.o-timeout { --fg: #8250df; --bg-o: #fbefff; }
.o-skip { --fg: #59636e; --bg-o: #eff2f5; }
.o-not-applicable { --fg: #6e7781; --bg-o: #f6f8fa; }
.o-suite-bug { --fg: #bf3989; --bg-o: #ffeff7; }
.o-expected-fail { --fg: #9a6700; --bg-o: #fff8c5; }
@media (prefers-color-scheme: dark) {
  .o-pass { --fg: #3fb950; --bg-o: #12261e; }
  .o-fail { --fg: #f85149; --bg-o: #3c1618; }
  .o-error { --fg: #db6d28; --bg-o: #3d1f0a; }
  .o-crash { --fg: #ff7b72; --bg-o: #5a1e1e; }
  .o-timeout { --fg: #ab7df8; --bg-o: #2a1b45; }
  .o-skip, .o-not-applicable { --fg: #9198a1; --bg-o: #212830; }
  .o-suite-bug { --fg: #db61a2; --bg-o: #3b1530; }
  .o-expected-fail { --fg: #d29922; --bg-o: #3a2a08; }
}
.badge { display: inline-block; padding: 0 7px; border-radius: 10px; color: var(--fg); background: var(--bg-o); font-weight: 600; white-space: nowrap; }
.mark { display: inline-block; width: 1.1em; text-align: center; }

.info { display: grid; grid-template-columns: max-content minmax(0, 1fr) max-content minmax(0, 1fr); gap: 2px 16px; margin: 0; padding: 12px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
.info dt { color: var(--muted); }
.info dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 800px) { .info { grid-template-columns: max-content minmax(0, 1fr); } }

.totals { display: flex; flex-wrap: wrap; gap: 10px; list-style: none; margin: 0 0 10px; padding: 0; }
.card { display: flex; flex-direction: column; align-items: flex-start; min-width: 116px; padding: 8px 14px; border: 1px solid var(--line); border-left: 5px solid var(--fg, var(--line)); border-radius: 6px; background: var(--panel); color: var(--text); font: inherit; cursor: pointer; text-align: left; }
.card:hover { background: var(--bg-o, var(--panel)); }
.card .count { font-size: 22px; font-weight: 700; line-height: 1.2; }
.card .label { color: var(--fg, var(--muted)); font-weight: 600; }
.card.all { cursor: default; }
.bar { display: flex; height: 10px; border-radius: 5px; overflow: hidden; background: var(--line); margin: 4px 0 0; }
.bar span { display: block; height: 100%; background: var(--fg); }
.bar span + span { border-left: 1px solid var(--bg); }

table { border-collapse: collapse; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
thead th { position: sticky; top: 0; background: var(--panel); z-index: 1; font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.scroll-x { overflow-x: auto; }
.matrices { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 20px; }
.matrix-box { max-height: 340px; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
.matrix-box table { width: 100%; }
.matrix-box tr:last-child > * { border-bottom: 0; }
.matrices.stacked { grid-template-columns: minmax(0, 1fr); }
.matrix td.zero { color: var(--muted); opacity: 0.6; }
.matrix th[scope="row"] { white-space: nowrap; }
.matrix th[scope="row"] .link { overflow-wrap: normal; }
.matrix td.hit { color: var(--fg); font-weight: 600; }
.matrix tr.problem th[scope="row"] { box-shadow: inset 4px 0 0 #cf222e; }
.link { border: 0; padding: 0; background: none; color: var(--accent); font: inherit; font-family: var(--mono); font-size: 12.5px; cursor: pointer; text-align: left; overflow-wrap: anywhere; }
.link:hover { text-decoration: underline; }

.filters { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 12px 20px; padding: 12px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
.filters fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 8px; flex-basis: 100%; }
.filters legend, .filters .field > span { display: block; font-weight: 600; font-size: 12px; margin-bottom: 3px; color: var(--muted); padding: 0; }
.filters .field { display: flex; flex-direction: column; }
.filters input[type="search"], .filters select { font: inherit; padding: 4px 6px; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--text); min-width: 180px; }
.filters label.check { white-space: nowrap; }
.filters fieldset label.check { display: inline-flex; align-items: center; gap: 4px; padding: 2px 10px 2px 6px; border: 1px solid var(--line); border-radius: 14px; background: var(--bg); cursor: pointer; }
.filters fieldset label.check input { margin: 0 2px 0 0; }
.filters button, .toggle { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--text); cursor: pointer; }
.shown { margin: 10px 0; font-weight: 600; }

.cases { width: 100%; }
.cases td.id { font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; min-width: 220px; }
.cases td.area { white-space: nowrap; color: var(--muted); }
.cases td.spec { font-family: var(--mono); font-size: 11.5px; color: var(--muted); max-width: 260px; }
.cases td.outcome { white-space: nowrap; }
.cases td.outcome .dur { display: block; font-weight: normal; color: var(--muted); font-size: 11.5px; }
.cases td.missing { color: var(--muted); }
.cases td.differs { box-shadow: inset 0 0 0 2px var(--fg); }
.cases .tag { margin-left: 6px; padding: 0 5px; border: 1px solid var(--muted); border-radius: 3px; font-family: system-ui, sans-serif; font-size: 11px; color: var(--muted); }
.cases tbody:hover > tr:first-child { background: var(--panel); }
.toggle { padding: 0 6px; min-width: 26px; }
.toggle[aria-expanded="true"] { background: var(--panel); }
tr.detail > td { background: var(--panel); padding: 10px 14px 14px; }
.result + .result { margin-top: 14px; padding-top: 10px; border-top: 1px dashed var(--line); }
.message { margin: 0 0 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
.diff { width: 100%; table-layout: fixed; margin: 6px 0; font-family: var(--mono); font-size: 12px; background: var(--bg); border: 1px solid var(--line); }
.diff caption { text-align: left; font-family: system-ui, sans-serif; font-weight: 600; padding: 0 0 4px; }
.diff th { position: static; }
.diff td { white-space: pre-wrap; overflow-wrap: anywhere; }
.diff td.path { color: var(--muted); }
.diff th:nth-child(1) { width: 24%; }
.diff th:nth-child(2) { width: 72px; }
.diff td.exp { background: var(--exp-bg); }
.diff td.act { background: var(--act-bg); }
.diff td.exp:not(:empty)::before { content: "\\002212\\0000a0"; color: #cf222e; }
.diff td.act:not(:empty)::before { content: "+\\0000a0"; color: #1a7f37; }
pre.stderr { margin: 4px 0 0; padding: 8px; max-height: 240px; overflow: auto; background: var(--bg); border: 1px solid var(--line); font-family: var(--mono); font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
`;
