// `papc harness install|path`, apart from argument parsing (runner/src/cli.ts).

import { PROVIDERS, type Provider } from "../types/recording.js";
import { harnessCacheRoot } from "./cache.js";
import { HarnessInstallError, installHarness } from "./install.js";
import { loadPins } from "./pins.js";
import { HarnessMissingError, resolveHarness } from "./resolve.js";
import { HarnessVersionError, npmRegistry, parseHarnessFlag, requestedPins, type Registry } from "./versions.js";

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

function selected(providers: string[] | undefined, io: Output): Provider[] | undefined {
  const unknown = (providers ?? []).filter((p) => !PROVIDERS.includes(p as Provider));
  if (unknown.length > 0) {
    io.err(`papc: unknown provider ${unknown.join(", ")} (have: ${PROVIDERS.join(", ")})\n`);
    return undefined;
  }
  return (providers && providers.length > 0 ? providers : PROVIDERS) as Provider[];
}

export async function installCommand(o: { root: string; providers?: string[]; harness?: string[]; cacheRoot?: string; registry?: Registry }, io: Output): Promise<number> {
  const providers = selected(o.providers, io);
  if (!providers) return 2;
  const cacheRoot = o.cacheRoot ?? harnessCacheRoot();
  let pins;
  try {
    const all = await loadPins(o.root);
    // --harness names versions (latest resolved through npm); --provider, or nothing, the pins
    pins = o.harness?.length
      ? [...(await requestedPins(all, o.harness.map(parseHarnessFlag), o.registry ?? npmRegistry)), ...all.filter((p) => o.providers?.includes(p.provider))]
      : all.filter((p) => providers.includes(p.provider));
  } catch (err) {
    if (!(err instanceof HarnessVersionError)) throw err;
    io.err(`papc: ${err.message}\n`);
    return 2;
  }
  let failed = 0;
  for (const pin of pins) {
    const started = Date.now();
    try {
      const r = await installHarness(pin, { cacheRoot });
      io.out(
        `${r.status === "present" ? "present  " : "installed"} ${pin.package}@${pin.version} (${pin.provider}) ${r.binary}${r.status === "installed" ? ` in ${((Date.now() - started) / 1000).toFixed(1)} s` : ""}\n`,
      );
    } catch (err) {
      if (!(err instanceof HarnessInstallError)) throw err;
      io.err(`papc: cannot install ${err.message}\n`);
      failed++;
    }
  }
  return failed > 0 ? 1 : 0;
}

export async function pathCommand(o: { root: string; provider: string; cacheRoot?: string }, io: Output): Promise<number> {
  const providers = selected([o.provider], io);
  if (!providers) return 2;
  try {
    io.out(`${(await resolveHarness(providers[0]!, o.root, o.cacheRoot ?? harnessCacheRoot())).binary}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof HarnessMissingError)) throw err;
    io.err(`papc: ${err.message}\n`);
    return 1;
  }
}
