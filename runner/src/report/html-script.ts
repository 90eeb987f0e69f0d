// The HTML report's inline script: reads the embedded model (html-model.ts) and builds the page.
// Everything in the model comes from implementations under test, so the DOM is built with
// createElement/textContent only, never innerHTML. Case rows are built once (one <tbody> per
// case, so a row and its details hide together) and filters only toggle `hidden`; a case's
// details are built the first time they are opened. Plain browser JavaScript, no build step:
// no backticks or template placeholders in here, this is itself a template string.

export const HTML_SCRIPT = `
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("papc-data").textContent);
  const runs = data.runs;
  const multi = runs.length > 1;
  const MARK = { pass: "\\u2713", fail: "\\u2717", error: "E", crash: "C", timeout: "T", skip: "s", "not-applicable": "-", "suite-bug": "B", "expected-fail": "x" };
  const PROBLEMS = new Set(["fail", "error", "crash", "timeout", "suite-bug"]);
  // Outcomes some run has, in the report's order: the columns and checkboxes.
  const present = data.outcomes.filter((o) => runs.some((r) => r.totals[o]));
  const $ = (id) => document.getElementById(id);

  function h(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
    return e;
  }
  const cls = (o) => "o-" + o;
  const ms = (n) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString("en")) + " ms";
  const seconds = (n) => (n / 1000).toFixed(2) + " s";
  const when = (iso) => iso.replace("T", " ").replace(/\\.\\d+Z$/, " UTC");
  const sum = (t) => Object.values(t).reduce((a, b) => a + b, 0);
  const worst = (t) => present.find((o) => PROBLEMS.has(o) && t[o]) || present.find((o) => t[o] && o !== "pass") || "pass";
  const outcomeLabel = (r) => r.outcome + (r.stale_baseline ? " (stale baseline)" : "");
  const badge = (o, text) => h("span", { class: "badge " + cls(o) }, h("span", { class: "mark", "aria-hidden": "true", text: MARK[o] || "?" }), text || o);
  const tallyText = (t) => present.filter((o) => t[o]).map((o) => t[o] + " " + o).join(", ");

  // ---- header: what ran, where, and how it ended
  function verdict(r) {
    const judged = sum(r.totals) - (r.totals.skip || 0) - (r.totals["not-applicable"] || 0);
    const ok = r.exit_code === 0;
    return h("p", { class: "verdict" },
      badge(ok ? "pass" : "fail", ok ? "OK" : "FAILED"), " ",
      r.pass_percentage + "% of " + judged + " judged cases pass (" + sum(r.totals) + " cases), exit code " + r.exit_code +
      (r.stale_baselines.length ? ", " + r.stale_baselines.length + " stale baseline(s)" : ""));
  }
  const INFO = [
    ["Implementation", (r) => r.implementation || "(no hello)"],
    ["Adapter", (r) => r.adapter + " (" + r.mode + ")"],
    ["Command", (r) => r.command],
    ["Kit", (r) => r.kit],
    ["Suite", (r) => r.suite.cases + " cases, hash " + r.suite.hash.slice(0, 12) + (r.suite.filter ? "; filter: " + r.suite.filter : "")],
    ["Started", (r) => when(r.started_at)],
    ["Duration", (r) => seconds(r.duration_ms)],
    ["Exit code", (r) => r.exit_code + (r.exit_code === 0 ? " (OK)" : " (FAILED)") + (r.stopped ? "; the run stopped early: " + r.stopped : "")],
    ["Environment", (r) => r.environment],
    ["Harnesses", (r) => r.harnesses || ""],
    ["Left running", (r) => r.leftovers || ""],
    ["Report", (r) => r.source || ""],
  ];
  function renderInfo() {
    const box = $("run-info");
    if (!multi) {
      const r = runs[0];
      box.append(verdict(r));
      const dl = h("dl", { class: "info" });
      for (const [name, get] of INFO) {
        const v = get(r);
        if (v) dl.append(h("dt", { text: name }), h("dd", { text: v }));
      }
      box.append(dl);
      return;
    }
    const table = h("table", { class: "info-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Run" }), ...runs.map((r) => h("th", { scope: "col", text: r.label })))));
    const body = h("tbody");
    for (const [name, get] of INFO) {
      const values = runs.map(get);
      if (values.some(Boolean)) body.append(h("tr", {}, h("th", { scope: "row", text: name }), ...values.map((v) => h("td", { text: v }))));
    }
    body.append(h("tr", {}, h("th", { scope: "row", text: "Pass rate" }), ...runs.map((r) => h("td", { text: r.pass_percentage + "% of judged cases" }))));
    table.append(body);
    box.append(h("div", { class: "scroll-x" }, table));
  }

  // ---- totals by outcome
  function renderTotals() {
    const box = $("totals");
    if (!multi) {
      const r = runs[0];
      const total = sum(r.totals);
      const list = h("ul", { class: "totals" },
        h("li", {}, h("div", { class: "card all", "data-outcome": "all" }, h("span", { class: "count", text: String(total) }), h("span", { class: "label", text: "cases" }))));
      for (const o of present) {
        list.append(h("li", {}, h("button", { type: "button", class: "card " + cls(o), "data-outcome": o, title: "Show only " + o + " cases", onclick: () => onlyOutcome(o) },
          h("span", { class: "count", text: String(r.totals[o]) }),
          h("span", { class: "label" }, h("span", { class: "mark", "aria-hidden": "true", text: MARK[o] }), " " + o))));
      }
      box.append(list, bar(r.totals));
      return;
    }
    const table = h("table", { class: "matrix totals-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Outcome" }), ...runs.map((r) => h("th", { scope: "col", class: "num", text: r.label })))));
    const body = h("tbody");
    for (const o of present) {
      body.append(h("tr", { "data-outcome": o },
        h("th", { scope: "row" }, h("button", { type: "button", class: "link", title: "Show only " + o + " cases", onclick: () => onlyOutcome(o) }, badge(o))),
        ...runs.map((r) => h("td", { class: "num" + (r.totals[o] ? " hit " + cls(o) : " zero"), text: String(r.totals[o] || 0) }))));
    }
    body.append(h("tr", {}, h("th", { scope: "row", text: "all cases" }), ...runs.map((r) => h("td", { class: "num", text: String(sum(r.totals)) }))));
    body.append(h("tr", {}, h("th", { scope: "row", text: "" }), ...runs.map((r) => h("td", {}, bar(r.totals)))));
    table.append(body);
    box.append(h("div", { class: "scroll-x" }, table));
  }
  function bar(t) {
    const total = sum(t) || 1;
    const b = h("div", { class: "bar", "aria-hidden": "true" });
    for (const o of present) {
      if (!t[o]) continue;
      const s = h("span", { class: cls(o) });
      s.style.width = (100 * t[o] / total) + "%";
      b.append(s);
    }
    return b;
  }

  // ---- area and requirement matrices: key x outcome (one run) or key x run (comparison)
  function renderMatrix(boxId, keyName, byKey, onPick) {
    // keys with failing cases first, each group by name
    const failing = (k) => runs.some((r) => { const t = byKey(r)[k]; return t && present.some((o) => PROBLEMS.has(o) && t[o]); });
    const keys = [...new Set(runs.flatMap((r) => Object.keys(byKey(r))))].sort((a, b) => (failing(b) - failing(a)) || (a < b ? -1 : a > b ? 1 : 0));
    const head = multi
      ? [h("th", { scope: "col", text: keyName }), ...runs.map((r) => h("th", { scope: "col", text: r.label }))]
      : [h("th", { scope: "col", text: keyName }), h("th", { scope: "col", class: "num", text: "cases" }), ...present.map((o) => h("th", { scope: "col", class: "num" }, badge(o)))];
    const body = h("tbody");
    let problems = 0;
    for (const k of keys) {
      const tallies = runs.map((r) => byKey(r)[k]);
      const bad = tallies.some((t) => t && present.some((o) => PROBLEMS.has(o) && t[o]));
      if (bad) problems++;
      const pick = h("button", { type: "button", class: "link", title: "Filter the cases by this " + keyName.toLowerCase(), onclick: () => onPick(k) }, k);
      const cells = multi
        ? tallies.map((t) => t ? h("td", { class: "hit " + cls(worst(t)), text: tallyText(t) }) : h("td", { class: "zero" }, h("span", { "aria-hidden": "true", text: "\\u2014" }), h("span", { class: "sr-only", text: "not in this report" })))
        : [h("td", { class: "num", text: String(sum(tallies[0])) }), ...present.map((o) => h("td", { class: "num " + (tallies[0][o] ? "hit " + cls(o) : "zero"), text: tallies[0][o] ? String(tallies[0][o]) : "0" }))];
      body.append(h("tr", { class: bad ? "problem" : null }, h("th", { scope: "row" }, pick), ...cells));
    }
    const table = h("table", { class: "matrix" }, h("thead", {}, h("tr", {}, ...head)), body);
    const box = $(boxId);
    box.append(h("p", { class: "muted", text: keys.length + " " + (keyName === "Area" ? "areas" : "requirements") + ", " + problems + " with failing cases" }),
      h("div", { class: "matrix-box", tabindex: "0", role: "region", "aria-label": keyName + " table" }, table));
  }

  // ---- cases: one tbody per case, built once
  const rows = [];
  const totalCases = data.cases.length;
  function renderCases() {
    const table = $("cases-table");
    const head = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "sr-only", text: "Details" })),
      h("th", { scope: "col", text: "Case" }), h("th", { scope: "col", text: "Area" }), h("th", { scope: "col", text: "Requirements" }));
    if (multi) for (const r of runs) head.append(h("th", { scope: "col", text: r.label }));
    else head.append(h("th", { scope: "col", text: "Outcome" }), h("th", { scope: "col", class: "num", text: "Duration" }));
    table.append(h("thead", {}, head));
    const frag = document.createDocumentFragment();
    for (const c of data.cases) {
      const outcomes = c.results.map((r) => (r ? r.outcome : null));
      const differs = multi && new Set(c.results.map((r) => (r ? outcomeLabel(r) : "\\u2014"))).size > 1;
      const hasDetail = c.results.some((r) => r && (r.message || r.diff || r.stderr || r.baseline));
      const tr = h("tr", {});
      const body = h("tbody", { class: differs ? "differs" : null, "data-id": c.id }, tr);
      const row = { c, body, outcomes: outcomes.filter(Boolean), differs, idLower: c.id.toLowerCase(), detail: null };
      if (hasDetail) {
        const button = h("button", { type: "button", class: "toggle", "aria-expanded": "false", "aria-label": "Details for " + c.id, text: "\\u25b8" });
        button.addEventListener("click", () => toggle(row, button));
        tr.append(h("td", {}, button));
      } else tr.append(h("td", {}));
      tr.append(h("td", { class: "id" }, c.id, differs ? h("span", { class: "tag", text: "differs" }) : null),
        h("td", { class: "area", text: c.area }), h("td", { class: "spec", text: c.spec.join(", ") }));
      if (multi) {
        const first = c.results[0] ? outcomeLabel(c.results[0]) : null;
        for (const r of c.results) {
          if (!r) tr.append(h("td", { class: "outcome missing" }, h("span", { "aria-hidden": "true", text: "\\u2014" }), h("span", { class: "sr-only", text: "not in this report" })));
          else tr.append(h("td", { class: "outcome " + cls(r.outcome) + (differs && outcomeLabel(r) !== first ? " differs" : "") },
            badge(r.outcome, outcomeLabel(r)), h("span", { class: "dur", text: took(r) })));
        }
      } else {
        const r = c.results[0];
        tr.append(h("td", { class: "outcome" }, badge(r.outcome, outcomeLabel(r))), h("td", { class: "num dur", text: took(r) }));
      }
      rows.push(row);
      frag.append(body);
    }
    table.append(frag);
  }
  function toggle(row, button) {
    const open = button.getAttribute("aria-expanded") !== "true";
    if (open && !row.detail) {
      const cell = h("td", { colspan: String(row.body.firstChild.children.length) });
      row.c.results.forEach((r, i) => { if (r) cell.append(details(r, runs[i].label)); });
      row.detail = h("tr", { class: "detail", id: "detail-" + rows.indexOf(row) }, cell);
      row.body.append(row.detail);
      button.setAttribute("aria-controls", row.detail.id);
    }
    if (row.detail) row.detail.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    button.textContent = open ? "\\u25be" : "\\u25b8";
  }
  // a case the implementation was never asked has no duration to show
  function took(r) { return r.outcome === "not-applicable" ? "" : ms(r.duration_ms); }
  function details(r, label) {
    const box = h("div", { class: "result" });
    box.append(h("h3", {}, multi ? label + ": " : "", badge(r.outcome, outcomeLabel(r)),
      h("span", { class: "muted", text: r.outcome === "not-applicable" ? "" : " " + ms(r.duration_ms) + (r.setup_ms !== undefined ? ", setup " + ms(r.setup_ms) : "") })));
    if (r.input) box.append(h("p", { class: "case-title" }, h("strong", { text: r.input.title }), h("span", { class: "muted", text: " \u2014 " + r.input.file + ":" + r.input.line })));
    if (r.message) box.append(h("p", { class: "message", text: r.message }));
    if (r.baseline) box.append(h("p", { class: "message" }, h("strong", { text: "Baseline: " }), r.baseline));
    if (r.diff && r.diff.length) {
      const t = h("table", { class: "diff" }, h("caption", { text: "Diff: expected (\\u2212) and actual (+), by field" }),
        h("thead", {}, h("tr", {}, ...["Field", "Change", "Expected", "Actual"].map((n) => h("th", { scope: "col", text: n })))));
      const b = h("tbody");
      let last = null;
      for (const d of r.diff) {
        b.append(h("tr", { class: "d-" + d.type }, h("td", { class: "path", text: d.path === last ? "" : d.path }), h("td", { text: d.type }),
          h("td", { class: "exp", text: d.expected === undefined ? "" : d.expected }), h("td", { class: "act", text: d.actual === undefined ? "" : d.actual })));
        last = d.path;
      }
      t.append(b);
      box.append(h("div", { class: "scroll-x" }, t));
    }
    if (r.input && !r.stale_baseline) box.append(h("h3", { text: "Fixture" }), h("pre", { class: "fixture", text: r.input.fixture }));
    if (r.stderr) box.append(h("h3", { text: "stderr (tail)" }), h("pre", { class: "stderr", text: r.stderr }));
    return box;
  }

  // ---- filters
  const checks = [];
  function renderFilters() {
    const fs = $("f-outcomes");
    const counts = {};
    for (const row of rows) for (const o of new Set(row.outcomes)) counts[o] = (counts[o] || 0) + 1;
    for (const o of present) {
      const box = h("input", { type: "checkbox", value: o, checked: true });
      box.addEventListener("change", apply);
      checks.push(box);
      fs.append(h("label", { class: "check" }, box, badge(o), String(counts[o] || 0)));
    }
    const areas = $("f-area");
    const prefixes = new Map();
    for (const row of rows) {
      const parts = row.c.area.split("/");
      for (let i = 1; i <= parts.length; i++) {
        const p = parts.slice(0, i).join("/");
        prefixes.set(p, (prefixes.get(p) || 0) + 1);
      }
    }
    for (const p of [...prefixes.keys()].sort()) {
      const depth = p.split("/").length - 1;
      areas.append(h("option", { value: p, text: "\\u00a0\\u00a0".repeat(depth) + (depth ? p.split("/").pop() : p) + " (" + prefixes.get(p) + ")" }));
    }
    const list = $("f-requirements");
    for (const id of [...new Set(data.cases.flatMap((c) => c.spec))].sort()) list.append(h("option", { value: id }));
    if (!multi) $("f-differs-field").remove();
    for (const id of ["f-area", "f-differs"]) { const e = $(id); if (e) e.addEventListener("change", apply); }
    for (const id of ["f-requirement", "f-id"]) $(id).addEventListener("input", apply);
    $("f-reset").addEventListener("click", reset);
  }
  const knownRequirements = new Set(data.cases.flatMap((c) => c.spec));
  function apply() {
    const wanted = new Set(checks.filter((b) => b.checked).map((b) => b.value));
    const area = $("f-area").value;
    const req = $("f-requirement").value.trim();
    const reqLower = req.toLowerCase();
    // A known requirement ID matches exactly (PAP-X-1 is not PAP-X-10); anything else is a substring.
    const exact = knownRequirements.has(req);
    const text = $("f-id").value.trim().toLowerCase();
    const differs = $("f-differs");
    const onlyDiffering = !!(differs && differs.checked);
    let shown = 0;
    for (const row of rows) {
      const c = row.c;
      let ok = row.outcomes.some((o) => wanted.has(o));
      if (ok && area) ok = c.area === area || c.area.startsWith(area + "/");
      if (ok && req) ok = exact ? c.spec.includes(req) : c.spec.some((s) => s.toLowerCase().includes(reqLower));
      if (ok && text) ok = row.idLower.includes(text);
      if (ok && onlyDiffering) ok = row.differs;
      if (row.body.hidden === ok) row.body.hidden = !ok;
      if (ok) shown++;
    }
    $("shown").textContent = shown + " of " + totalCases + " cases shown";
    $("none-shown").hidden = shown > 0;
  }
  function reset() {
    for (const b of checks) b.checked = true;
    $("f-area").value = "";
    $("f-requirement").value = "";
    $("f-id").value = "";
    const d = $("f-differs");
    if (d) d.checked = false;
    apply();
  }
  function onlyOutcome(o) {
    for (const b of checks) b.checked = b.value === o;
    apply();
    $("cases").scrollIntoView();
  }
  function pick(id, value) {
    reset();
    $(id).value = value;
    apply();
    $("cases").scrollIntoView();
  }

  renderInfo();
  renderTotals();
  // Side by side only while both matrices are narrow enough to read without scrolling sideways.
  if (multi ? runs.length > 2 : present.length > 3) document.querySelector(".matrices").classList.add("stacked");
  renderMatrix("by-area", "Area", (r) => r.by_area, (k) => pick("f-area", k));
  renderMatrix("by-requirement", "Requirement", (r) => r.by_requirement, (k) => pick("f-requirement", k));
  renderCases();
  renderFilters();
  apply();
})();
`;
