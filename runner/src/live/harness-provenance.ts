// Which harness binaries a run's live cases use, for the report header: package, version, what
// the binary's `--version` printed at the start of the run, and whether it is the pin.

import { installedVersion } from "../harness/install.js";
import { loadPins, recordingsRoot } from "../harness/pins.js";
import type { LoadedCase } from "../types/case.js";
import type { Provider } from "../types/recording.js";
import type { HarnessRun } from "../types/run-report.js";
import { liveHarness } from "./run-live.js";

export async function harnessesOf(cases: readonly LoadedCase[]): Promise<HarnessRun[]> {
  const providers = [...new Set(cases.flatMap((c) => (c.live ? [c.live.provider as Provider] : [])))].sort();
  if (providers.length === 0) return [];
  const pins = await loadPins(recordingsRoot());
  const runs: HarnessRun[] = [];
  for (const provider of providers) {
    const found = await liveHarness(provider);
    if (typeof found === "string") continue; // its cases are skipped, saying why
    const { pin } = found;
    runs.push({
      provider,
      package: pin.package,
      version: pin.version,
      version_output: (await installedVersion(pin)) ?? "(--version failed)",
      pinned: pins.some((p) => p.provider === provider && p.version === pin.version),
    });
  }
  return runs;
}
