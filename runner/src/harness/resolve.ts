// The binary of a provider's pinned harness, for the recorder and the live suite.

import type { HarnessPin, Provider, ResolvedHarness } from "../types/recording.js";
import { binaryPath, harnessCacheRoot, isExecutable } from "./cache.js";
import { installHarness, type InstallOptions } from "./install.js";
import { loadPins, pinFor, recordingsRoot } from "./pins.js";

export type { ResolvedHarness };

export class HarnessMissingError extends Error {}

/**
 * Versions other than the pins this process runs (`papc run --harness`): the live cases use them
 * instead of the pins. Set once by the command, before anything resolves a harness.
 */
const selected = new Map<Provider, HarnessPin>();

export function selectHarnessVersions(pins: readonly HarnessPin[]): void {
  for (const pin of pins) selected.set(pin.provider, pin);
}

/** The version selected for a provider, or undefined for its pin. */
export function selectedVersion(provider: Provider): string | undefined {
  return selected.get(provider)?.version;
}

/** The installed binary of the provider's harness (the pin, or the version selected); throws HarnessMissingError when it is not installed. */
export async function resolveHarness(provider: Provider, root = recordingsRoot(), cacheRoot = harnessCacheRoot()): Promise<ResolvedHarness> {
  const pinned = pinFor(await loadPins(root), provider);
  const pin = selected.get(provider) ?? pinned;
  const binary = binaryPath(pin, cacheRoot);
  if (!(await isExecutable(binary))) {
    const how = pin === pinned ? `--provider ${provider}` : `--harness ${provider}@${pin.version}`;
    throw new HarnessMissingError(`${pin.package}@${pin.version} is not installed at ${binary}; run \`papc harness install ${how}\``);
  }
  return { pin, binary };
}

/** Like resolveHarness, installing the pin first when needed (throws HarnessInstallError). */
export async function ensureHarness(provider: Provider, root = recordingsRoot(), options: InstallOptions = {}): Promise<ResolvedHarness> {
  const pin = pinFor(await loadPins(root), provider);
  const { binary } = await installHarness(pin, options);
  return { pin, binary };
}
