// `npm run publish-loaders [-- --adapter NAME ...] [--jobs N]`: runs the Agent Plugins suite
// against each consumer of LOADER_ADAPTERS (the real harnesses must be installed: `papc harness
// install`), and when a run is clean (every case pass, skip or a known failure of the baseline)
// replaces that consumer's published report in reports/published/agent-plugins/ with it and its
// Markdown rendering, records the adapter code's fingerprint in sources.json, and regenerates
// docs/agent-plugins-compatibility.md from the published reports. A run that is not clean
// publishes nothing and says why.

// the operations register themselves when imported; cli.ts and api.ts do the same
import "../operations/index.js";
import { writeFileSync } from "node:fs";
import { readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { cpus } from "node:os";
import { reportText } from "../report/jsonl.js";
import { renderMarkdown } from "../report/markdown.js";
import { planRun, runPlanned } from "../run/run-selected.js";
import { kitRoot } from "../../shared/kit-root.js";
import { loaderMatrixFor } from "./command.js";
import { AGENT_PLUGINS_GLOB, LOADER_ADAPTERS, MATRIX_FILE, PUBLISHED_DIR, publishedName, publishedReports, readSources, SOURCES_FILE, sourcesFingerprint } from "./published.js";

async function publish(root: string, adapter: string, jobs: number): Promise<boolean> {
  const plan = await planRun({ root, adapter, caseGlobs: [AGENT_PLUGINS_GLOB] });
  const started = Date.now();
  const report = await runPlanned(plan, { jobs });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const unclean = report.cases.filter((c) => !["pass", "skip", "expected-fail"].includes(c.outcome) || c.stale_baseline);
  if (report.footer.exit_code !== 0 || unclean.length > 0) {
    process.stderr.write(
      `${adapter}: not published (${seconds} s): ${unclean.length} case(s) are neither a pass, a skip nor a known failure:\n${unclean.map((c) => `  ${c.id}: ${c.stale_baseline ? "stale baseline" : c.outcome} ${c.message ?? ""}`).join("\n")}\n`,
    );
    return false;
  }
  const impl = report.header.implementation?.implementation;
  if (!impl) throw new Error(`${adapter}: the run has no implementation (hello failed?)`);
  const dir = join(root, PUBLISHED_DIR);
  for (const old of await readdir(dir).catch(() => [] as string[])) {
    if (
      old.startsWith(`${adapter}-`) &&
      /\d{4}-\d{2}-\d{2}\.(jsonl|md)$/.test(old) &&
      !Object.keys(LOADER_ADAPTERS).some((o) => o !== adapter && o.startsWith(`${adapter}-`) && old.startsWith(`${o}-`))
    ) {
      await rm(join(dir, old));
    }
  }
  const base = join(dir, publishedName(adapter, impl.version, report.header.started_at.slice(0, 10)));
  await writeFile(`${base}.jsonl`, reportText(report));
  await writeFile(`${base}.md`, renderMarkdown(report));
  const sources = await readSources(root);
  sources[adapter] = await sourcesFingerprint(root, LOADER_ADAPTERS[adapter] ?? []);
  writeFileSync(join(dir, SOURCES_FILE), `${JSON.stringify(Object.fromEntries(Object.entries(sources).sort()), null, 2)}\n`);
  process.stdout.write(`${adapter}: published ${base}.jsonl (${JSON.stringify(report.footer.totals)}, ${seconds} s)\n`);
  return true;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { adapter: { type: "string", multiple: true }, jobs: { type: "string" } } });
  const root = kitRoot();
  const chosen = values.adapter ?? Object.keys(LOADER_ADAPTERS);
  const unknown = chosen.filter((a) => !(a in LOADER_ADAPTERS));
  if (unknown.length > 0) {
    process.stderr.write(`unknown adapter(s) ${unknown.join(", ")}; the Agent Plugins consumers are ${Object.keys(LOADER_ADAPTERS).join(", ")}\n`);
    return 2;
  }
  const jobs = values.jobs ? Number(values.jobs) : Math.max(2, cpus().length);
  let ok = true;
  for (const adapter of chosen) ok = (await publish(root, adapter, jobs)) && ok;
  const reports = await publishedReports(root);
  await writeFile(
    join(root, MATRIX_FILE),
    await loaderMatrixFor(
      root,
      reports.map((r) => join(root, r.jsonl)),
      join(root, "docs"),
    ),
  );
  process.stdout.write(`wrote ${MATRIX_FILE} from ${reports.length} published report(s)\n`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
