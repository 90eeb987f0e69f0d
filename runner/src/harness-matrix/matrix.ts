// `papc harness matrix`: the pinned and other harness versions side by side. Per version: the
// payload drift of its recordings from the pin's (re-captured, field by field) and the outcome
// of every live case against the reference; for a live case whose outcome differs between two
// versions of the list, the first release where it changed, by bisection over the published
// versions between them. The result is JSON (for machines and for regenerating the page) and
// Markdown (docs/harness-versions.md).

import { join } from "node:path";
import { resolveAdapter } from "../adapters/load-adapter.js";
import { loadCases } from "../cases/load-cases.js";
import { committedRecordings } from "../recordings/check.js";
import { versionDrift, type VersionDrift } from "../recordings/drift.js";
import { runJobs } from "../recordings/record.js";
import { loadScenarios } from "../recordings/scenarios.js";
import { runSuite } from "../run/run-suite.js";
import type { LoadedCase } from "../types/case.js";
import type { HarnessPin, Provider } from "../types/recording.js";
import { bisectVersions, compareVersions, type Bisection } from "./bisect.js";
import { installedVersion, installHarness } from "../harness/install.js";
import { loadPins } from "../harness/pins.js";
import { selectHarnessVersions } from "../harness/resolve.js";
import { npmRegistry, pinAtVersion, requestedPins, type HarnessRequest, type Registry } from "../harness/versions.js";

export interface MatrixVersion {
  provider: Provider;
  package: string;
  version: string;
  pinned: boolean;
  version_output: string;
  /** Drift of this version's recordings from the pin's; absent for the pin itself. */
  drift?: VersionDrift;
  /** Live case id → outcome against the reference. */
  live: Record<string, string>;
}

export interface MatrixChange {
  provider: Provider;
  case: string;
  from: { version: string; outcome: string };
  to: { version: string; outcome: string };
  bisection: Bisection;
}

export interface HarnessMatrix {
  matrix: 1;
  generated_at: string;
  /** The --harness words the run was asked for. */
  requested: string[];
  duration_ms: number;
  versions: MatrixVersion[];
  changes: MatrixChange[];
}

export interface MatrixOptions {
  kitRoot: string;
  requests: HarnessRequest[];
  words: string[];
  registry?: Registry;
  jobs?: number;
  say?: (line: string) => void;
}

export async function runMatrix(o: MatrixOptions): Promise<HarnessMatrix> {
  const started = Date.now();
  const say = o.say ?? (() => undefined);
  const registry = o.registry ?? npmRegistry;
  const recordings = join(o.kitRoot, "recordings");
  const pins = await loadPins(recordings);
  const chosen = (await requestedPins(pins, o.requests, registry)).sort((a, b) => a.provider.localeCompare(b.provider) || compareVersions(a.version, b.version));
  const { cases } = await loadCases(join(o.kitRoot, "cases"), o.kitRoot);
  const adapter = await resolveAdapter("reference", o.kitRoot);
  const liveOf = (provider: Provider): LoadedCase[] => cases.filter((c) => c.live?.provider === provider);
  const committed = [...(await committedRecordings(recordings, [...new Set(chosen.map((p) => p.provider))], undefined)).values()];
  const scenarios = await loadScenarios(recordings);

  // one version's live outcomes (all its live cases, or the ones named), the harness selected for the run
  const runLive = async (pin: HarnessPin, only?: string): Promise<Record<string, string>> => {
    selectHarnessVersions([pin]);
    const selected = liveOf(pin.provider).filter((c) => only === undefined || c.id === only);
    const report = await runSuite({ kitRoot: o.kitRoot, kit: { name: "papc", version: "matrix" }, adapter, cases: selected, jobs: o.jobs ?? 2 });
    return Object.fromEntries(report.cases.map((c) => [c.id, c.outcome]));
  };

  const versions: MatrixVersion[] = [];
  for (const pin of chosen) {
    const pinned = pins.some((p) => p.provider === pin.provider && p.version === pin.version);
    const { binary } = await installHarness(pin);
    say(`${pin.provider} ${pin.version}: installed; re-capturing the recordings`);
    const entry: MatrixVersion = {
      provider: pin.provider,
      package: pin.package,
      version: pin.version,
      pinned,
      version_output: (await installedVersion(pin)) ?? "(--version failed)",
      live: {},
    };
    if (!pinned) {
      const runs = await runJobs(
        scenarios.filter((s) => s.providers.includes(pin.provider)).map((scenario) => ({ harness: { pin, binary }, scenario })),
        o.jobs ?? 2,
      );
      const base = pins.find((p) => p.provider === pin.provider)!;
      entry.drift = versionDrift(
        pin.provider,
        base.version,
        pin.version,
        committed.filter((r) => r.provider === pin.provider && r.version === base.version),
        runs.flatMap((r) => r.recordings),
      );
    }
    say(`${pin.provider} ${pin.version}: running ${liveOf(pin.provider).length} live cases`);
    entry.live = await runLive(pin);
    versions.push(entry);
  }

  // a case whose outcome differs between neighbours of the list: bisect the releases between them
  const changes: MatrixChange[] = [];
  for (const [i, later] of versions.entries()) {
    const earlier = versions[i - 1];
    if (!earlier || earlier.provider !== later.provider) continue;
    for (const id of Object.keys(later.live).sort()) {
      const [a, b] = [earlier.live[id], later.live[id]];
      if (a === undefined || b === undefined || a === b) continue;
      say(`${id}: ${a} on ${earlier.version}, ${b} on ${later.version}; bisecting`);
      const released = await registry.versions(later.package);
      const base = pins.find((p) => p.provider === later.provider)!;
      const bisection = await bisectVersions(released, { version: earlier.version, observed: a }, { version: later.version, observed: b }, async (version) => {
        const probe = pinAtVersion(base, version);
        await installHarness(probe);
        return (await runLive(probe, id))[id] ?? "missing";
      });
      changes.push({ provider: later.provider, case: id, from: { version: earlier.version, outcome: a }, to: { version: later.version, outcome: b }, bisection });
    }
  }
  selectHarnessVersions(pins);
  return { matrix: 1, generated_at: new Date().toISOString(), requested: o.words, duration_ms: Date.now() - started, versions, changes };
}
