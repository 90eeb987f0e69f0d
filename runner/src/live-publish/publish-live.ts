// `npm run publish-live [-- --jobs N]`: runs every live case against the reference in the real
// pinned harnesses (`papc harness install` first) and, when every case passes and every cell a
// case claims was exercised, replaces the published live run in reports/published/live/ with
// this one (report and Markdown) and regenerates docs/compatibility.md from it. A run that is
// not clean publishes nothing and says why.

// the operations register themselves when imported; cli.ts and api.ts do the same
import "../operations/index.js";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { kitRoot } from "../../shared/kit-root.js";
import { reportText } from "../report/jsonl.js";
import { renderMarkdown } from "../report/markdown.js";
import { planRun, runPlanned } from "../run/run-selected.js";
import { matrixFor } from "./compat-command.js";
import { LIVE_GLOB, LIVE_MATRIX_FILE, LIVE_PUBLISHED_DIR, livePublishedName } from "./published-live.js";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { jobs: { type: "string" } } });
  const root = kitRoot();
  const plan = await planRun({ root, adapter: "reference", caseGlobs: [LIVE_GLOB] });
  const report = await runPlanned(plan, { jobs: values.jobs ? Number(values.jobs) : 2 });
  const notPassing = report.cases.filter((c) => c.outcome !== "pass");
  if (notPassing.length > 0) {
    process.stderr.write(`not published: ${notPassing.length} live case(s) did not pass:\n${notPassing.map((c) => `  ${c.id}: ${c.outcome} ${c.message ?? ""}`).join("\n")}\n`);
    return 1;
  }
  const base = livePublishedName(report.header.started_at.slice(0, 10));
  const matrix = await matrixFor(root, report, { source: `${LIVE_PUBLISHED_DIR}/${base}.jsonl` });
  if (matrix.unproven.length > 0) {
    process.stderr.write(`not published: cells claimed in \`proves\` that the run did not exercise:\n${matrix.unproven.map((u) => `  ${u}`).join("\n")}\n`);
    return 1;
  }
  const dir = join(root, LIVE_PUBLISHED_DIR);
  await mkdir(dir, { recursive: true });
  for (const old of await readdir(dir).catch(() => [] as string[])) if (/^reference-live-.*\.(jsonl|md)$/.test(old)) await rm(join(dir, old));
  await writeFile(join(dir, `${base}.jsonl`), reportText(report));
  await writeFile(join(dir, `${base}.md`), renderMarkdown(report));
  await writeFile(join(root, LIVE_MATRIX_FILE), matrix.text);
  process.stdout.write(`published ${LIVE_PUBLISHED_DIR}/${base}.jsonl (${report.cases.length} live cases) and wrote ${LIVE_MATRIX_FILE}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
