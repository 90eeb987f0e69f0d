// `papc compat-loaders <report.jsonl>... [--out file] [--check]`: the Agent Plugins loader matrix
// (matrix.ts) from run reports of the Agent Plugins suite, one per consumer, with links from the
// output file's folder to the cases, SPEC.md and the reports.

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { loadCases } from "../cases/load-cases.js";
import { linkPrefixFrom, writeOrPrint } from "../report/generated-doc.js";
import { readReport } from "../report/jsonl.js";
import { loadSpec } from "../spec/requirements.js";
import { inMatrixOrder, renderLoaderMatrix, type ConsumerRun } from "./matrix.js";
import { AGENT_PLUGIN_CASES } from "./seed-rules.js";

export interface LoaderMatrixOptions {
  /** The kit root (cases/, SPEC.md). */
  root: string;
  reports: string[];
  out?: string;
  /** Compare with `out` instead of writing it; exit 1 when it differs. */
  check?: boolean;
}

/** The matrix text for these report files, with links relative to `outDir`. */
export async function loaderMatrixFor(root: string, reportFiles: string[], outDir: string): Promise<string> {
  const runs: ConsumerRun[] = [];
  for (const file of reportFiles) {
    const report = await readReport(file);
    const markdown = file.replace(/\.jsonl$/, ".md");
    const run: ConsumerRun = { report, file: relative(root, resolve(file)) };
    if (markdown !== file && existsSync(markdown)) run.markdown = relative(root, resolve(markdown));
    runs.push(run);
  }
  const { cases } = await loadCases(join(root, "cases"), root);
  const { requirements } = await loadSpec(join(root, "SPEC.md"));
  return renderLoaderMatrix({
    runs,
    cases: cases.filter((c) => c.id.startsWith(AGENT_PLUGIN_CASES)).map((c) => ({ id: c.id, title: c.title, spec: c.spec ?? [], file: c.location.file, line: c.location.line })),
    requirements,
    linkPrefix: linkPrefixFrom(outDir, root),
    command: `npx papc compat-loaders ${inMatrixOrder(runs)
      .map((r) => r.file)
      .join(" ")} --out ${relative(root, join(outDir, "agent-plugins-compatibility.md"))}`,
  });
}

export async function loaderMatrixCommand(o: LoaderMatrixOptions, io: { out(t: string): void; err(t: string): void }): Promise<number> {
  if (o.reports.length === 0) {
    io.err("papc: compat-loaders needs at least one run report of the Agent Plugins suite\n");
    return 2;
  }
  for (const file of o.reports) {
    const report = await readReport(file);
    if (!report.cases.some((c) => c.id.startsWith(AGENT_PLUGIN_CASES))) {
      io.err(`papc: ${file} holds no Agent Plugins case (run them first: papc run --adapter NAME --case 'agent-plugins/**')\n`);
      return 1;
    }
  }
  const text = await loaderMatrixFor(o.root, o.reports, o.out ? dirname(o.out) : join(o.root, "docs"));
  if (o.check) {
    if (!o.out) {
      io.err("papc: --check needs --out (the file to compare with)\n");
      return 2;
    }
    const committed = existsSync(o.out) ? await readFile(o.out, "utf8") : "";
    if (committed === text) {
      io.out(`${o.out} is what the reports say\n`);
      return 0;
    }
    io.err(`papc: ${o.out} differs from what the reports say; regenerate it without --check\n`);
    return 1;
  }
  await writeOrPrint(text, o.out, io);
  return 0;
}
