// `papc compat <report.jsonl> [--out file]`: the compatibility matrix of a live run (matrix.ts),
// with links from the output file's folder to the case files.

import { dirname, join } from "node:path";
import { loadCases } from "../cases/load-cases.js";
import { loadPins } from "../harness/pins.js";
import { linkPrefixFrom, writeOrPrint } from "../report/generated-doc.js";
import { readReport } from "../report/jsonl.js";
import type { RunReport } from "../types/run-report.js";
import { renderMatrix, type CaseLocation } from "./matrix.js";

export interface CompatOptions {
  /** The kit root (cases/ and recordings/ beside each other). */
  root: string;
  report: string;
  out?: string;
}

/** The matrix text for a report, with links relative to `outDir` (default: <root>/docs). */
export async function matrixFor(root: string, report: RunReport, outDir = join(root, "docs")): Promise<string> {
  const { cases } = await loadCases(join(root, "cases"), root);
  const locations = new Map<string, CaseLocation>(cases.map((c) => [c.id, { file: c.location.file, line: c.location.line }]));
  return renderMatrix({ report, locations, pins: await loadPins(join(root, "recordings")), linkPrefix: linkPrefixFrom(outDir, root) });
}

export async function compatCommand(o: CompatOptions, io: { out(t: string): void; err(t: string): void }): Promise<number> {
  const report = await readReport(o.report);
  if (!report.cases.some((c) => c.live !== undefined)) {
    io.err(`papc: ${o.report} holds no live case results (run the live cases first: papc run --case 'live/**')\n`);
    return 1;
  }
  const text = await matrixFor(o.root, report, o.out ? dirname(o.out) : undefined);
  await writeOrPrint(text, o.out, io);
  return 0;
}
