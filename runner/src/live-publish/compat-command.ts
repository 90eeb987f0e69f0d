// `papc compat <report.jsonl> [--out file]`: the compatibility matrix of a live run (matrix.ts),
// with links from the output file's folder to the case files.

import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { loadCases } from "../cases/load-cases.js";
import { loadPins } from "../harness/pins.js";
import { linkPrefixFrom, writeOrPrint } from "../report/generated-doc.js";
import { readReport } from "../report/jsonl.js";
import type { RunReport } from "../types/run-report.js";
import { renderMatrix, type CaseLocation, type Matrix } from "../live/matrix.js";

/** The report's path relative to the kit root when it lies inside, else as given. */
function relativeTo(root: string, file: string): string {
  const rel = relative(root, resolve(file));
  return rel.startsWith("..") || isAbsolute(rel) ? file : rel;
}

export interface CompatOptions {
  /** The kit root (cases/ and recordings/ beside each other). */
  root: string;
  report: string;
  out?: string;
}

/**
 * The matrix for a report, with links relative to `outDir` (default: <root>/docs), the cases'
 * `proves` lists as written now, and `source` (the report's kit-relative path) in its header.
 */
export async function matrixFor(root: string, report: RunReport, o: { outDir?: string; source?: string } = {}): Promise<Matrix> {
  const { cases } = await loadCases(join(root, "cases"), root);
  const locations = new Map<string, CaseLocation>(cases.map((c) => [c.id, { file: c.location.file, line: c.location.line }]));
  const proves = new Map(cases.map((c) => [c.id, c.proves ?? []]));
  return renderMatrix({
    report,
    locations,
    proves,
    pins: await loadPins(join(root, "recordings")),
    linkPrefix: linkPrefixFrom(o.outDir ?? join(root, "docs"), root),
    ...(o.source === undefined ? {} : { source: o.source }),
  });
}

export async function compatCommand(o: CompatOptions, io: { out(t: string): void; err(t: string): void }): Promise<number> {
  const report = await readReport(o.report);
  if (!report.cases.some((c) => c.live !== undefined)) {
    io.err(`papc: ${o.report} holds no live case results (run the live cases first: papc run --case 'live/**')\n`);
    return 1;
  }
  const matrix = await matrixFor(o.root, report, { ...(o.out ? { outDir: dirname(o.out) } : {}), source: relativeTo(o.root, o.report) });
  if (matrix.unproven.length > 0) {
    // a case claims a cell its run did not exercise: the matrix would cite it without proof
    io.err(`papc: cells claimed in \`proves\` that the run did not exercise (nothing written):\n${matrix.unproven.map((u) => `  ${u}`).join("\n")}\n`);
    return 1;
  }
  await writeOrPrint(matrix.text, o.out, io);
  return 0;
}
