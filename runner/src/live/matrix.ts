// The compatibility matrix (`papc compat`, SPEC KIT-LIVE-MATRIX, KIT-LIVE-PROVES): from a run
// report's live case lines, per provider, native event and effect (then failure policy, trust,
// projection of unsupported hooks), the passing cases that prove the cell, each linked to its
// case file. A case proves a cell when its `proves` list claims it and its run exercised it; a
// claim the run did not exercise is returned as unproven (compat fails on it), and a cell a
// run exercised without the case claiming it (a context dropped by a denial, say) is not shown.
// Deterministic: no times, no hashes, rows and cases in a fixed order, so the committed
// docs/compatibility.md can be compared with a fresh run's.

import type { LiveProof } from "../types/case.js";
import type { HarnessPin } from "../types/recording.js";
import type { CaseRecord, LiveCell, LiveCellKind, RunReport } from "../types/run-report.js";
import { CELL_EFFECTS, CELL_EVENTS, CELL_POLICIES, sameCell } from "../types/cell-names.js";

export interface CaseLocation {
  /** Path relative to the kit root. */
  file: string;
  line: number;
}

const EVENTS: readonly string[] = CELL_EVENTS;
const EFFECTS: readonly string[] = CELL_EFFECTS;
const POLICIES: readonly string[] = CELL_POLICIES;
const KINDS: readonly LiveCellKind[] = ["effect", "failure", "refused", "omitted", "untrusted"];

/** The cell a proof names. */
export function proofCell(proof: LiveProof): LiveCell {
  const kind = KINDS.find((k) => proof[k] !== undefined) ?? "effect";
  return { kind, row: proof[kind] ?? "", event: proof.event };
}

const cellText = (c: LiveCell): string => `${c.event} ${c.kind} ${c.row}`;

interface Section {
  title: string;
  intro: string;
  kinds: LiveCell["kind"][];
  rowLabel: string;
  /** Row order within an event. */
  rank: (row: string) => number;
  /** How a row reads in its column. */
  show: (cell: LiveCell) => string;
}

const rankIn =
  (list: readonly string[]) =>
  (row: string): number => {
    const i = list.indexOf(row);
    return i >= 0 ? i : list.length;
  };

const SECTIONS: Section[] = [
  {
    title: "Effects",
    intro: "The handler's result took effect as SPEC chapter 8 states (a denial blocked the call, a context reached the model, …).",
    kinds: ["effect"],
    rowLabel: "effect",
    rank: rankIn(EFFECTS),
    show: (c) => c.row,
  },
  {
    title: "Failure policies",
    intro: "The handler failed (a timeout or a non-zero exit) and the hook's `failure_policy/error_visibility` decided what happened (SPEC 8.4).",
    kinds: ["failure"],
    rowLabel: "failure_policy/error_visibility",
    rank: (row) => rankIn(POLICIES)(row.split("/")[0] ?? "") * 2 + (row.endsWith("/model_and_user") ? 1 : 0),
    show: (c) => c.row,
  },
  {
    title: "Trust lapsed",
    intro:
      "In a live step under the consumer's trust store, a required hook whose grant lapsed after approval (its tool changed) was not started, and its failure policy decided what the harness did with the call (SPEC 11.2, PAP-LIFE-TRUST-LAPSED-GATE).",
    kinds: ["untrusted"],
    rowLabel: "failure_policy",
    rank: rankIn(POLICIES),
    show: (c) => c.row,
  },
  {
    title: "Unsupported hooks",
    intro:
      'A required unsupported hook blocks the projection (`refused`: nothing installed, nothing runs); an optional one with `fallback = "omit"` is left out and listed (`omitted`) (SPEC 8.1). The row names the hook\'s effect and failure policy/visibility: what makes it unsupported on that provider is in that combination (SPEC 3.11).',
    kinds: ["refused", "omitted"],
    rowLabel: "projection",
    rank: (row) => (row.startsWith("refused") ? 0 : 1) * 10 + rankIn(EFFECTS)(row.replace(/^\w+: /, "").split(",")[0] ?? ""),
    show: (c) => `${c.kind}: ${c.row}`,
  },
];

export interface MatrixInput {
  report: RunReport;
  /** Where each case is written, for links; a case without one is named without a link. */
  locations: ReadonlyMap<string, CaseLocation>;
  pins: readonly HarnessPin[];
  /** Per case id, the cells it claims to prove (its `proves` list). */
  proves: ReadonlyMap<string, readonly LiveProof[]>;
  /** Prefix that turns a kit-relative path into a link from the output file (docs/ → "../"). */
  linkPrefix?: string;
  /** Where the report came from, for the header. */
  source?: string;
}

export interface Matrix {
  text: string;
  /** Claims of passing cases their run did not exercise: `<case id>: <event> <kind> <row>`. */
  unproven: string[];
}

export function renderMatrix(input: MatrixInput): Matrix {
  const live = input.report.cases.filter((c): c is CaseRecord & { live: NonNullable<CaseRecord["live"]> } => c.live !== undefined);
  const unproven: string[] = [];
  // each passing case with only the cells it claims, and whose run exercised them
  const passing = live
    .filter((c) => c.outcome === "pass")
    .map((c) => {
      const claims = (input.proves.get(c.id) ?? []).map(proofCell);
      for (const claim of claims) if (!c.live.cells.some((cell) => sameCell(cell, claim))) unproven.push(`${c.id}: ${cellText(claim)}`);
      return { ...c, live: { ...c.live, cells: c.live.cells.filter((cell) => claims.some((claim) => sameCell(cell, claim))) } };
    });
  const others = input.report.cases.filter((c) => c.id.startsWith("live/") && c.outcome !== "pass");
  const providers = input.pins.map((p) => p.provider);
  // the binaries the run really used (its header), else the pins
  const ran = input.report.header.harnesses ?? [];
  const head = input.pins.map((p) => `${p.provider} ${ran.find((h) => h.provider === p.provider)?.version ?? p.version}`);
  const impl = input.report.header.implementation?.implementation;
  const prefix = input.linkPrefix ?? "../";
  const link = (id: string): string => {
    const loc = input.locations.get(id);
    const name = id.split("/").slice(2).join("/") || id;
    return loc ? `[${name}](${prefix}${loc.file}#L${loc.line})` : name;
  };

  const out: string[] = [];
  out.push("# Compatibility of the pinned harnesses", "");
  out.push(
    `Generated by \`papc compat\` from a live run (SPEC.md 1.7, chapter 8) of ${passing.length} passing live case(s) against ${impl ? `${impl.name} ${impl.version}` : "an implementation"}${input.source ? ` (${input.source})` : ""}. Do not edit; regenerate it with`,
    "",
    "```sh",
    `npm run publish-live   # runs the live cases, publishes the run in reports/published/live/, then: npx papc compat ${input.source ?? "<report.jsonl>"} --out docs/compatibility.md`,
    "```",
    "",
    "Each cell lists the passing live cases that prove it in the real harness binary: the case claims the cell (its `proves` list) and its run exercised it (KIT-LIVE-PROVES); `—` means none did (SPEC 3.11 says which combinations a provider supports at all).",
    "",
    ...(ran.length > 0
      ? [
          `Harness binaries of the run: ${ran.map((h) => `${h.package}@${h.version} (\`--version\`: ${h.version_output}${h.pinned ? "" : "; not the pin"})`).join(", ")}. Other versions: [harness-versions.md](harness-versions.md).`,
          "",
        ]
      : []),
  );
  for (const section of SECTIONS) {
    out.push(`## ${section.title}`, "", section.intro, "");
    out.push(`| event | ${section.rowLabel} | ${head.join(" | ")} |`, `|---|---|${providers.map(() => "---").join("|")}|`);
    const rows = new Map<string, { event: string; label: string; byProvider: Map<string, string[]> }>();
    for (const c of passing) {
      for (const cell of c.live.cells) {
        if (!section.kinds.includes(cell.kind)) continue;
        const label = section.show(cell);
        const key = `${cell.event}\u0000${label}`;
        let row = rows.get(key);
        if (!row) {
          row = { event: cell.event, label, byProvider: new Map() };
          rows.set(key, row);
        }
        const ids = row.byProvider.get(c.live.provider) ?? [];
        if (!ids.includes(c.id)) ids.push(c.id);
        row.byProvider.set(c.live.provider, ids);
      }
    }
    const sorted = [...rows.values()].sort(
      (a, b) => rankIn(EVENTS)(a.event) - rankIn(EVENTS)(b.event) || section.rank(a.label) - section.rank(b.label) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
    );
    if (sorted.length === 0) out.push(`| — | — | ${providers.map(() => "—").join(" | ")} |`);
    for (const row of sorted) {
      const cells = providers.map((p) => (row.byProvider.get(p) ?? []).sort().map(link).join(", ") || "—");
      out.push(`| ${row.event} | ${row.label} | ${cells.join(" | ")} |`);
    }
    out.push("");
  }
  if (others.length > 0) {
    out.push("## Live cases that did not pass", "", "| case | outcome | message |", "|---|---|---|");
    for (const c of [...others].sort((a, b) => (a.id < b.id ? -1 : 1))) out.push(`| ${link(c.id)} | ${c.outcome} | ${(c.message ?? "").replace(/\|/g, "\\|").split("\n")[0]} |`);
    out.push("");
  }
  return { text: `${out.join("\n").trimEnd()}\n`, unproven: unproven.sort() };
}
