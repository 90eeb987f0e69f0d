// `papc report merge a.jsonl b.jsonl … --out DIR`: the shards' reports joined (run/merge-reports.ts)
// and written as one run's four reports, <DIR>/<adapter>.{jsonl,xml,md,html}.

import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { printJson, UsageError } from "../common/command-io.js";
import { readReport, ReportFormatError, reportText } from "../report/jsonl.js";
import { renderedReports } from "../report/rendered-reports.js";
import { MergeError, mergeReports, type NamedReport } from "./merge-reports.js";

export async function mergeCommand(files: string[], o: { out: string; json?: boolean }): Promise<void> {
  let reports: NamedReport[];
  try {
    reports = await Promise.all(files.map(async (file) => ({ file, report: await readReport(file) })));
  } catch (err) {
    if (err instanceof ReportFormatError) throw new UsageError(err.message);
    throw err;
  }
  let merged;
  try {
    merged = mergeReports(reports);
  } catch (err) {
    if (err instanceof MergeError) throw new UsageError(err.message);
    throw err;
  }
  const out = resolve(o.out);
  await mkdir(out, { recursive: true });
  const base = join(out, merged.header.adapter.name);
  const written: Record<string, string> = { jsonl: `${base}.jsonl` };
  await writeFile(`${base}.jsonl`, reportText(merged));
  for (const [format, file, text] of renderedReports(base, merged, [`${base}.jsonl`])) {
    await writeFile(file, text);
    written[format] = file;
  }
  if (o.json) printJson({ reports: written, totals: merged.footer.totals, exit_code: merged.footer.exit_code, shards: files.length });
  else process.stdout.write(`merged ${files.length} shard reports (${merged.cases.length} cases): ${Object.values(written).join(", ")}\n`);
  process.exitCode = merged.footer.exit_code;
}
