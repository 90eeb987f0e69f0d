// An adapter's baseline as a file to check and to update: entries that name no case (lint, at
// their line), and `papc run --update-baseline`, which edits the `baseline` map of adapter.yaml
// in place with the yaml library's document model, so that the file's comments and order stay.

import { readFile, writeFile } from "node:fs/promises";
import { isMap, LineCounter, parseDocument, YAMLMap } from "yaml";
import { problem, type LintProblem } from "../common/problems.js";
import { lineOf } from "../common/yaml-locate.js";
import type { RunReport } from "../types/run-report.js";

/** Baseline entries of `file` that name no case of the suite, each at its line; `shownAs` names the file in problems. */
export async function unknownBaselineEntries(file: string, shownAs: string, caseIds: ReadonlySet<string>): Promise<LintProblem[]> {
  const counter = new LineCounter();
  const doc = parseDocument(await readFile(file, "utf8"), { lineCounter: counter });
  const baseline = doc.get("baseline");
  if (!isMap(baseline)) return [];
  return baseline.items
    .map((pair) => String((pair.key as { value?: unknown } | null)?.value ?? pair.key))
    .filter((id) => !caseIds.has(id))
    .map((id) => problem("baseline-unknown-case", shownAs, lineOf(doc, counter, ["baseline", id], true), `baseline names unknown case "${id}"`));
}

/** Outcomes a baseline can hold (SPEC KIT-BASELINE): a run's other outcomes are never baselined. */
const BASELINED = new Set(["fail", "error", "crash", "timeout"]);
const REASON_MAX = 240;

export interface BaselineUpdate {
  /** Cases added, with the reason written. */
  added: [string, string][];
  /** Entries removed because their case passed (a stale baseline). */
  removed: string[];
}

/**
 * Updates the baseline of `file` from a run: every case that failed, erred, crashed or timed out
 * and is not listed yet is added with its current message as the reason; every listed case that
 * passed is removed. Cases the run did not select, and entries whose case failed again, are kept.
 */
export async function updateBaseline(file: string, report: RunReport): Promise<BaselineUpdate> {
  const text = await readFile(file, "utf8");
  const doc = parseDocument(text);
  // yaml writes a document's trailing comment after a blank line; one written right below the
  // last key stays there when held as the top map's own comment
  if (doc.comment && isMap(doc.contents) && !/\n\n(#[^\n]*\n?)+$/.test(text)) {
    doc.contents.comment = doc.comment;
    doc.comment = null;
  }
  let baseline = doc.get("baseline");
  if (!isMap(baseline)) {
    baseline = new YAMLMap();
    doc.set("baseline", baseline);
  }
  const map = baseline as YAMLMap;
  const update: BaselineUpdate = { added: [], removed: [] };
  for (const c of report.cases) {
    if (c.stale_baseline) {
      map.delete(c.id);
      update.removed.push(c.id);
    } else if (BASELINED.has(c.outcome) && !map.has(c.id)) {
      const reason = reasonOf(
        c.outcome,
        c.message,
        c.diff?.map((d) => d.path),
      );
      map.set(c.id, reason);
      update.added.push([c.id, reason]);
    }
  }
  // an empty `baseline: {}` written in flow style grows as a block map
  if (map.items.length > 0) map.flow = false;
  if (update.added.length + update.removed.length > 0) {
    const written = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
    // a file written with CRLF line ends keeps them
    await writeFile(file, text.includes("\r\n") ? written.replace(/\r?\n/g, "\r\n") : written);
  }
  return update;
}

function reasonOf(outcome: string, message: string | undefined, paths: string[] | undefined): string {
  const fields = paths && paths.length > 0 ? ` (${[...new Set(paths.map((p) => p.replace(/ \(.*\)$/, "")))].slice(0, 4).join(", ")})` : "";
  const text = `${outcome}: ${(message ?? "").split("\n")[0]}${fields}`;
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;
}
