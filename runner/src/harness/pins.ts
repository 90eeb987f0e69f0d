// recordings/pins.yaml: which harness package and version each provider is recorded from.

import { join } from "node:path";
import { kitRoot } from "../../shared/kit-root.js";
import { readYamlFile } from "../schemas/yaml-file.js";
import type { HarnessPin, PinsFile, Provider } from "../types/recording.js";

export const PINS_FILE = "pins.yaml";

export function recordingsRoot(): string {
  return join(kitRoot(), "recordings");
}

export async function loadPins(root = recordingsRoot()): Promise<HarnessPin[]> {
  const { data: pins } = await readYamlFile<PinsFile>(join(root, PINS_FILE), "recording-pins.schema.json");
  const seen = new Set<Provider>();
  for (const pin of pins.harnesses) {
    if (seen.has(pin.provider)) throw new Error(`${join(root, PINS_FILE)}: provider ${pin.provider} is pinned twice`);
    seen.add(pin.provider);
  }
  return pins.harnesses;
}

export function pinFor(pins: readonly HarnessPin[], provider: Provider): HarnessPin {
  const pin = pins.find((p) => p.provider === provider);
  if (!pin) throw new Error(`no pin for provider ${provider} in recordings/${PINS_FILE}`);
  return pin;
}
