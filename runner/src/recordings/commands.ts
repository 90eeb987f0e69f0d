// The `papc recordings record|verify` commands, apart from argument parsing (runner/src/cli.ts).
// Each returns the exit code: 0 fine, 1 drift / findings / failed run, 2 usage.

import { cpus } from "node:os";
import { relative } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { harnessCacheRoot } from "../harness/cache.js";
import { HarnessInstallError, installHarness } from "../harness/install.js";
import { loadPins } from "../harness/pins.js";
import { HarnessMissingError, resolveHarness, type ResolvedHarness } from "../harness/resolve.js";
import { HarnessVersionError, npmRegistry, otherVersionsRecordings, parseHarnessFlag, requestedPins, type Registry } from "../harness/versions.js";
import { PROVIDERS, type HarnessPin, type Provider, type Recording } from "../types/recording.js";
import { compareSets, committedRecordings } from "./check.js";
import { renderVersionDrift, versionDrift, type VersionDrift } from "./drift.js";
import { recordingId } from "./files.js";
import { RecordError, runJobs, writeRun, type Job } from "./record.js";
import { loadScenarios, UnknownScenarioError } from "./scenarios.js";
import { verifyRecordings } from "./verify.js";
import { YamlFileError } from "../schemas/yaml-file.js";

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
  /** `<provider>@<version|latest>[,…]` words: harness versions other than the pins. */
  harness?: string[];
  /** Where recordings of versions other than the pins are written (never into `root`). */
  out?: string;
  registry?: Registry;
}

export const DEFAULT_RECORD_JOBS = Math.max(1, Math.min(6, cpus().length));

export async function recordCommand(o: RecordCommandOptions, io: Output): Promise<number> {
  const started = Date.now();
  const unknown = (o.providers ?? []).filter((p) => !PROVIDERS.includes(p as Provider));
  if (unknown.length > 0) {
    io.err(`papc: unknown provider ${unknown.join(", ")} (have: ${PROVIDERS.join(", ")})\n`);
    return 2;
  }
  let jobs: Job[];
  let pinned: Map<Provider, string>;
  try {
    const requests = (o.harness ?? []).map(parseHarnessFlag);
    const named = [...(o.providers ?? []), ...requests.map((r) => r.provider)] as Provider[];
    const providers = named.length > 0 ? [...new Set(named)] : [...PROVIDERS];
    const pins = await loadPins(o.root);
    pinned = new Map(pins.map((p) => [p.provider, p.version]));
    // every version asked for (latest resolved), and the pin of each provider named without one
    const chosen = await requestedPins(pins, requests, o.registry ?? npmRegistry);
    for (const pin of pins) if (providers.includes(pin.provider) && !chosen.some((c) => c.provider === pin.provider)) chosen.push(pin);
    const scenarios = await loadScenarios(o.root, o.scenarios ?? []);
    jobs = [];
    for (const pin of chosen) {
      const harness = await harnessFor(pin, pinned, o);
      for (const scenario of scenarios.filter((s) => s.providers.includes(pin.provider))) jobs.push({ harness, scenario });
    }
  } catch (err) {
    if (err instanceof UnknownScenarioError || err instanceof HarnessVersionError) {
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
    if (err instanceof YamlFileError || err instanceof HarnessMissingError || err instanceof HarnessInstallError) {
      io.err(`papc: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (jobs.length === 0) {
    io.err("papc: no scenario runs in the selected provider(s)\n");
    return 2;
  }
  const isPinned = (pin: HarnessPin): boolean => pinned.get(pin.provider) === pin.version;

  const tmp = o.check ? await tmpDir({ prefix: "papc-recheck-", unsafeCleanup: true }) : undefined;
  // the pins' recordings go to the recordings folder; another version's never do (SPEC 7)
  const target = (pin: HarnessPin): string => tmp?.path ?? (isPinned(pin) ? o.root : (o.out ?? otherVersionsRecordings(o.root)));
  let runs;
  try {
    runs = await runJobs(jobs, o.jobs ?? DEFAULT_RECORD_JOBS, { ...(o.logDir ? { logDir: o.logDir } : {}) }, (run) =>
      io.out(`${o.check ? "re-captured" : "recorded"} ${run.provider} ${run.version} ${run.scenario}: ${run.recordings.length} recording(s) in ${run.ms} ms\n`),
    );
    for (const [i, run] of runs.entries()) await writeRun(target(jobs[i]!.harness.pin), run, run.version);
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
    await tmp?.cleanup();
    for (const [i, run] of runs.entries()) for (const r of run.recordings) io.out(`  ${relative(process.cwd(), target(jobs[i]!.harness.pin)) || "."}/${recordingId(r)}\n`);
    io.out(`${fresh.length} recording(s) written in ${seconds} s\n`);
    return 0;
  }
  const scenarioNames = [...new Set(jobs.map((j) => j.scenario.name))];
  const committed = await committedRecordings(o.root, [...pinned.keys()], scenarioNames);
  await tmp?.cleanup();
  let drifted = 0;
  // the pinned versions: recording by recording against what is committed
  const samePins = fresh.filter((r) => pinned.get(r.provider) === r.version);
  if (samePins.length > 0) {
    const mine = new Map([...committed].filter(([, r]) => samePins.some((f) => f.provider === r.provider)));
    const drift = compareSets(mine, samePins);
    for (const d of drift) {
      io.out(`✗ ${d.id} — ${d.kind}: ${d.message}\n`);
      for (const line of d.diff) io.out(`    ${line}\n`);
    }
    if (drift.length > 0)
      io.out(`${drift.length} recording(s) drifted (${samePins.length} re-captured, ${mine.size} committed); re-record with \`papc recordings record\` and review the diff\n`);
    else io.out(`no drift: ${samePins.length} recording(s) re-captured match the committed ones outside volatile fields\n`);
    drifted += drift.length;
  }
  // other versions: field by field against the pin's committed recordings
  for (const d of crossVersionDrift(
    fresh.filter((r) => pinned.get(r.provider) !== r.version),
    [...committed.values()],
    pinned,
  )) {
    io.out(renderVersionDrift(d));
    drifted += d.events.length;
  }
  io.out(`${drifted > 0 ? "drift found" : "no drift"} in ${seconds} s\n`);
  return drifted > 0 ? 1 : 0;
}

/** Each (provider, version) of `fresh` against the pinned version's committed recordings. */
function crossVersionDrift(fresh: readonly Recording[], committed: readonly Recording[], pinned: Map<Provider, string>): VersionDrift[] {
  const groups = new Map<string, Recording[]>();
  for (const r of fresh) groups.set(`${r.provider}@${r.version}`, [...(groups.get(`${r.provider}@${r.version}`) ?? []), r]);
  return [...groups.values()].map((later) => {
    const { provider, version } = later[0]!;
    const pin = pinned.get(provider)!;
    return versionDrift(
      provider,
      pin,
      version,
      committed.filter((r) => r.provider === provider && r.version === pin),
      later,
    );
  });
}

/** The pinned binary as installed (`papc harness install`), or another version installed on demand into the cache. */
async function harnessFor(pin: HarnessPin, pinned: Map<Provider, string>, o: RecordCommandOptions): Promise<ResolvedHarness> {
  const cacheRoot = o.cacheRoot ?? harnessCacheRoot();
  if (pinned.get(pin.provider) === pin.version) return resolveHarness(pin.provider, o.root, cacheRoot);
  const { binary } = await installHarness(pin, { cacheRoot });
  return { pin, binary };
}

export interface VerifyCommandOptions {
  root: string;
  casesDir: string;
  allowUnused?: boolean;
  /** `--harness` words: verify those versions' recordings under `out` instead of the pins'. */
  harness?: string[];
  out?: string;
  registry?: Registry;
}

export async function verifyCommand(o: VerifyCommandOptions, io: Output): Promise<number> {
  let versions: { pins: HarnessPin[]; pinsRoot: string } | undefined;
  if (o.harness?.length) {
    try {
      versions = { pins: await requestedPins(await loadPins(o.root), o.harness.map(parseHarnessFlag), o.registry ?? npmRegistry), pinsRoot: o.root };
    } catch (err) {
      if (!(err instanceof HarnessVersionError || err instanceof YamlFileError)) throw err;
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
  }
  const root = versions ? (o.out ?? otherVersionsRecordings(o.root)) : o.root;
  const r = await verifyRecordings({
    root,
    casesDir: o.casesDir,
    allowUnused: o.allowUnused ?? false,
    ...(versions ? { versions, label: relative(process.cwd(), root) || "." } : {}),
  });
  if (versions && r.checked === 0) {
    io.err(
      `papc: no recordings of ${versions.pins.map((p) => `${p.provider} ${p.version}`).join(", ")} under ${relative(process.cwd(), root) || "."}; make them with \`papc recordings record --harness …\`\n`,
    );
    return 2;
  }
  for (const f of r.findings) io.out(`${f.file}: ${f.message}\n`);
  for (const n of r.notes) io.out(`note: ${n.file}: ${n.message} (allowed by --allow-unused)\n`);
  if (r.findings.length > 0) {
    io.out(`${r.findings.length} finding(s) in ${r.checked} recording file(s)\n`);
    return 1;
  }
  io.out(`recordings OK: ${r.checked} file(s)${r.notes.length > 0 ? `, ${r.notes.length} unused` : ""}\n`);
  return 0;
}

export interface DiffCommandOptions {
  /** The recordings folder (the pins' recordings) and where other versions' are written, searched in order. */
  dirs: string[];
  /** The recordings folder with pins.yaml. */
  root: string;
  from: string;
  to: string;
  json?: boolean;
  registry?: Registry;
}

/** `papc recordings diff <provider>@<a> <provider>@<b>`: field-by-field drift; 1 on drift, 2 when a side has no recordings. */
export async function diffCommand(o: DiffCommandOptions, io: Output): Promise<number> {
  let sides: HarnessPin[];
  try {
    const [a, b] = [parseHarnessFlag(o.from), parseHarnessFlag(o.to)];
    if (a.provider !== b.provider || a.versions.length !== 1 || b.versions.length !== 1) {
      throw new HarnessVersionError(`recordings diff compares one version of one provider with another: ${o.from} ${o.to}`);
    }
    sides = await requestedPins(await loadPins(o.root), [a, b], o.registry ?? npmRegistry);
    if (sides.length === 1) sides.push(sides[0]!);
  } catch (err) {
    if (err instanceof HarnessVersionError || err instanceof YamlFileError) {
      io.err(`papc: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const [earlier, later] = await Promise.all(sides.map((pin) => recordingsOf(o.dirs, pin)));
  for (const [i, found] of [earlier, later].entries()) {
    if (found!.length > 0) continue;
    const pin = sides[i]!;
    io.err(
      `papc: no recordings of ${pin.provider} ${pin.version} under ${o.dirs.map((d) => relative(process.cwd(), d) || ".").join(" or ")}; make them with \`papc recordings record --harness ${pin.provider}@${pin.version}\`\n`,
    );
    return 2;
  }
  const d = versionDrift(sides[0]!.provider, sides[0]!.version, sides[1]!.version, earlier!, later!);
  if (o.json) io.out(`${JSON.stringify(d, null, 2)}\n`);
  else io.out(renderVersionDrift(d));
  return d.events.length > 0 ? 1 : 0;
}

/** The recordings of one provider and version, from the first folder that has any. */
async function recordingsOf(dirs: readonly string[], pin: HarnessPin): Promise<Recording[]> {
  for (const dir of dirs) {
    const found = [...(await committedRecordings(dir, [pin.provider], undefined)).values()].filter((r) => r.version === pin.version);
    if (found.length > 0) return found;
  }
  return [];
}
