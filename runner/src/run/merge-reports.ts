// `papc report merge`: the reports of the n shards of one run (`papc run --shard i/n`) joined into
// the report that run would have written unsharded. Everything that makes them one run must
// agree, and the first difference is refused naming its field; the shards must be 1..n, each
// once, and their cases together must be exactly the selection each header names (its hash).

import { canonicalJson } from "../common/canonical.js";
import { brokenHashed, suiteHash, UNLOADED_RECORD_HASH } from "../cases/load-cases.js";
import type { CaseRecord, ReportHeader, RunReport } from "../types/run-report.js";
import { footerAt } from "./tally.js";

export class MergeError extends Error {}

export interface NamedReport {
  file: string;
  report: RunReport;
}

/** What must be equal in every shard's header, by the field's path. */
const SAME: [string, (h: ReportHeader) => unknown][] = [
  ["header.report_schema", (h) => h.report_schema],
  ["header.kit.name", (h) => h.kit.name],
  ["header.kit.version", (h) => h.kit.version],
  ["header.adapter.name", (h) => h.adapter.name],
  ["header.adapter.mode", (h) => h.adapter.mode],
  ["header.implementation", (h) => h.implementation],
  ["header.suite.filter", (h) => h.suite.filter],
  ["header.suite.shard.count", (h) => h.suite.shard?.count],
  ["header.suite.shard.of.hash", (h) => h.suite.shard?.of.hash],
  ["header.suite.shard.of.cases", (h) => h.suite.shard?.of.cases],
  ["header.environment.node", (h) => h.environment.node],
  ["header.environment.platform", (h) => h.environment.platform],
  ["header.environment.arch", (h) => h.environment.arch],
  ["header.harnesses", (h) => h.harnesses],
];

export function mergeReports(reports: readonly NamedReport[]): RunReport {
  if (reports.length === 0) throw new MergeError("give the JSONL reports of every shard");
  const [first, ...rest] = reports as [NamedReport, ...NamedReport[]];
  for (const r of reports) {
    if (!r.report.header.suite.shard)
      throw new MergeError(`${r.file} is not the report of a shard (its header has no suite.shard): merge joins the reports of papc run --shard i/n`);
  }
  for (const r of rest) {
    for (const [field, value] of SAME) {
      const a = value(first.report.header);
      const b = value(r.report.header);
      if (canonicalJson(a ?? null) !== canonicalJson(b ?? null)) {
        throw new MergeError(`${r.file} and ${first.file} are not shards of one run: ${field} differs (${shown(b)} vs ${shown(a)})`);
      }
    }
  }
  const shard = first.report.header.suite.shard!;
  const byIndex = new Map<number, string>();
  for (const r of reports) {
    const i = r.report.header.suite.shard!.index;
    const twice = byIndex.get(i);
    if (twice !== undefined) throw new MergeError(`${r.file} and ${twice} are both shard ${i}/${shard.count}`);
    byIndex.set(i, r.file);
  }
  const missing = Array.from({ length: shard.count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) throw new MergeError(`shard${missing.length > 1 ? "s" : ""} ${missing.join(", ")} of ${shard.count} missing: give the report of every shard`);
  const stopped = reports.filter((r) => r.report.footer.stopped !== undefined);

  const cases: CaseRecord[] = [];
  const seen = new Map<string, string>();
  for (const r of reports) {
    for (const c of r.report.cases) {
      const other = seen.get(c.id);
      if (other !== undefined) throw new MergeError(`case ${c.id} is in both ${other} and ${r.file}`);
      seen.set(c.id, r.file);
      cases.push(c);
    }
  }
  cases.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // a stopped shard ran fewer cases than it selected: the merged run stopped too, and its hash cannot match
  if (stopped.length === 0) {
    // a case that did not load is counted in the suite hash as the run counted it
    const hash = suiteHash(cases.map((c) => (c.hash === UNLOADED_RECORD_HASH ? brokenHashed(c) : c)));
    if (hash !== shard.of.hash)
      throw new MergeError(
        `the shards' cases are not the selection their headers name (suite.shard.of.hash ${shard.of.hash}, these cases ${hash}): were they run from different suites?`,
      );
  }

  const started = reports.map((r) => r.report.header.started_at).sort()[0]!;
  const finished = reports
    .map((r) => r.report.footer.finished_at)
    .sort()
    .at(-1)!;
  const header: ReportHeader = {
    ...first.report.header,
    suite: { hash: shard.of.hash, cases: shard.of.cases, ...(first.report.header.suite.filter !== undefined ? { filter: first.report.header.suite.filter } : {}) },
    started_at: started,
  };
  const why = stopped.map((r) => `shard ${r.report.header.suite.shard!.index}: ${r.report.footer.stopped}`).join("; ");
  const footer = footerAt(cases, { finished_at: finished, duration_ms: Math.max(0, Date.parse(finished) - Date.parse(started)) }, stopped.length > 0 ? why : undefined);
  const leftovers = reports.flatMap((r) => r.report.footer.leftovers ?? []);
  if (leftovers.length > 0) footer.leftovers = leftovers;
  return { header, cases, footer };
}

function shown(v: unknown): string {
  const text = v === undefined ? "absent" : JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
