// The `papc recordings record|verify` commands, apart from argument parsing (runner/src/cli.ts).
// Each returns the exit code: 0 fine, 1 drift / findings / failed run, 2 usage.

import { cpus } from "node:os";
import { relative } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { harnessCacheRoot } from "../harness/cache.js";
import { loadPins } from "../harness/pins.js";
import { HarnessMissingError, resolveHarness, type ResolvedHarness } from "../harness/resolve.js";
import { PROVIDERS, type Provider } from "../types/recording.js";
import { compareSets, committedRecordings } from "./check.js";
import { recordingId } from "./files.js";
import { RecordError, runJobs, writeRun, type Job } from "./record.js";
import { loadScenarios, UnknownScenarioError } from "./scenarios.js";
import { verifyRecordings } from "./verify.js";
import { YamlFileError } from "./yaml-file.js";

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

export interface RecordCommandOptions {
  /** The recordings folder. */
  root: string;
  providers?: string[];
  scenarios?: string[];
  check?: boolean;
  jobs?: number;
  logDir?: string;
  cacheRoot?: string;
}

export const DEFAULT_RECORD_JOBS = Math.max(1, Math.min(6, cpus().length));

export async function recordCommand(o: RecordCommandOptions, io: Output): Promise<number> {
  const started = Date.now();
  const unknown = (o.providers ?? []).filter((p) => !PROVIDERS.includes(p as Provider));
  if (unknown.length > 0) {
    io.err(`papc: unknown provider ${unknown.join(", ")} (have: ${PROVIDERS.join(", ")})\n`);
    return 2;
  }
  const providers = (o.providers && o.providers.length > 0 ? o.providers : PROVIDERS) as Provider[];
  let jobs: Job[];
  let versions: Map<Provider, string>;
  try {
    const pins = await loadPins(o.root);
    versions = new Map(pins.map((p) => [p.provider, p.version]));
    const scenarios = await loadScenarios(o.root, o.scenarios ?? []);
    const harnesses = new Map<Provider, ResolvedHarness>();
    for (const provider of providers) harnesses.set(provider, await resolveHarness(provider, o.root, o.cacheRoot ?? harnessCacheRoot()));
    jobs = providers.flatMap((p) => scenarios.filter((s) => s.providers.includes(p)).map((scenario) => ({ harness: harnesses.get(p)!, scenario })));
  } catch (err) {
    if (err instanceof UnknownScenarioError) {
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
    if (err instanceof YamlFileError || err instanceof HarnessMissingError) {
      io.err(`papc: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (jobs.length === 0) {
    io.err("papc: no scenario runs in the selected provider(s)\n");
    return 2;
  }

  const tmp = o.check ? await tmpDir({ prefix: "papc-recheck-", unsafeCleanup: true }) : undefined;
  const target = tmp?.path ?? o.root;
  let runs;
  try {
    runs = await runJobs(jobs, o.jobs ?? DEFAULT_RECORD_JOBS, { ...(o.logDir ? { logDir: o.logDir } : {}) }, (run) =>
      io.out(`${o.check ? "re-captured" : "recorded"} ${run.provider} ${run.scenario}: ${run.recordings.length} recording(s) in ${run.ms} ms\n`),
    );
    for (const run of runs) await writeRun(target, run, versions.get(run.provider)!);
  } catch (err) {
    await tmp?.cleanup();
    if (err instanceof RecordError) {
      io.err(`papc: recording failed:\n${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const fresh = runs.flatMap((r) => r.recordings);
  if (!o.check) {
    for (const r of fresh) io.out(`  ${recordingId(r)}\n`);
    io.out(`${fresh.length} recording(s) written under ${relative(process.cwd(), o.root) || "."} in ${seconds} s\n`);
    return 0;
  }
  const committed = await committedRecordings(o.root, providers, [...new Set(jobs.map((j) => j.scenario.name))]);
  const drift = compareSets(committed, fresh);
  await tmp?.cleanup();
  for (const d of drift) {
    io.out(`✗ ${d.id} — ${d.kind}: ${d.message}\n`);
    for (const line of d.diff) io.out(`    ${line}\n`);
  }
  if (drift.length > 0) {
    io.out(`${drift.length} recording(s) drifted (${fresh.length} re-captured, ${committed.size} committed) in ${seconds} s; re-record with \`papc recordings record\` and review the diff\n`);
    return 1;
  }
  io.out(`no drift: ${fresh.length} recording(s) re-captured match the committed ones outside volatile fields (${seconds} s)\n`);
  return 0;
}

export interface VerifyCommandOptions {
  root: string;
  casesDir: string;
  allowUnused?: boolean;
}

export async function verifyCommand(o: VerifyCommandOptions, io: Output): Promise<number> {
  const r = await verifyRecordings({ root: o.root, casesDir: o.casesDir, allowUnused: o.allowUnused ?? false });
  for (const f of r.findings) io.out(`${f.file}: ${f.message}\n`);
  for (const n of r.notes) io.out(`note: ${n.file}: ${n.message} (allowed by --allow-unused)\n`);
  if (r.findings.length > 0) {
    io.out(`${r.findings.length} finding(s) in ${r.checked} recording file(s)\n`);
    return 1;
  }
  io.out(`recordings OK: ${r.checked} file(s)${r.notes.length > 0 ? `, ${r.notes.length} unused` : ""}\n`);
  return 0;
}

