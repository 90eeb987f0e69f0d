// `papc run --harness <provider>@<version|latest>`: the live cases and the harness-backed
// adapters run that version instead of the pin, installed into the cache on demand. The run's
// report names the binaries (header `harnesses`, each live case's `harness`).

import { installHarness } from "./install.js";
import { loadPins, recordingsRoot } from "./pins.js";
import { selectHarnessVersions } from "./resolve.js";
import { BINARY_VARIABLE, npmRegistry, parseHarnessFlag, requestedPins, type Registry } from "./versions.js";
import type { HarnessPin } from "../types/recording.js";

export async function useHarnessVersions(words: readonly string[], say: (line: string) => void, registry: Registry = npmRegistry): Promise<HarnessPin[]> {
  const chosen = await requestedPins(await loadPins(recordingsRoot()), words.map(parseHarnessFlag), registry);
  const providers = chosen.map((p) => p.provider);
  const twice = providers.find((p, i) => providers.indexOf(p) !== i);
  if (twice) throw new Error(`papc run takes one version per provider; ${twice} is named twice (the version matrix takes several)`);
  for (const pin of chosen) {
    const r = await installHarness(pin);
    if (r.status === "installed") say(`installed ${pin.package}@${pin.version} for this run`);
    // the adapter's own choice (PAPC_*_BINARY set by its user) wins
    process.env[BINARY_VARIABLE[pin.provider]] ??= r.binary;
  }
  selectHarnessVersions(chosen);
  return chosen;
}
