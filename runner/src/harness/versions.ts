// Harness versions other than the pins: `--harness <provider>@<version|latest>[,…]`. The pins
// (recordings/pins.yaml) stay what the suite's expectations are written for; another version is
// the same package at that version, checked by the same `--version` line with its number.

import { dirname, join } from "node:path";
import { execa } from "execa";
import { PROVIDERS, type HarnessPin, type Provider } from "../types/recording.js";
import { pinFor } from "./pins.js";

/** One `--harness` word: a provider and the versions asked for ("latest" resolved later). */
export interface HarnessRequest {
  provider: Provider;
  versions: string[];
}

export class HarnessVersionError extends Error {}

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** Parses `codex@0.171.0`, `claude-code@2.1.233,2.1.300,latest`; throws HarnessVersionError with what is wrong. */
export function parseHarnessFlag(word: string): HarnessRequest {
  const at = word.lastIndexOf("@");
  const provider = word.slice(0, at);
  if (at <= 0 || !PROVIDERS.includes(provider as Provider)) {
    throw new HarnessVersionError(`--harness ${word}: write <provider>@<version|latest>, provider one of ${PROVIDERS.join(", ")}`);
  }
  const versions = word.slice(at + 1).split(",");
  const bad = versions.filter((v) => v !== "latest" && !VERSION.test(v));
  if (versions.length === 0 || bad.length > 0)
    throw new HarnessVersionError(`--harness ${word}: ${bad.map((v) => JSON.stringify(v)).join(", ") || "no version"} is not a version (x.y.z or latest)`);
  return { provider: provider as Provider, versions: [...new Set(versions)] };
}

/** Where recordings of versions other than the pins go, beside the kit's recordings folder: reports/harness-versions/recordings. */
export function otherVersionsRecordings(recordingsRoot: string): string {
  return join(dirname(recordingsRoot), "reports", "harness-versions", "recordings");
}

/** The pin's package at another version; its `--version` line is the pin's with the number replaced. */
export function pinAtVersion(pin: HarnessPin, version: string): HarnessPin {
  if (version === pin.version) return pin;
  return { ...pin, version, version_output: pin.version_output.replace(pin.version, version) };
}

/** What the npm registry says, through npm itself (the only network papc uses besides 127.0.0.1). */
export interface Registry {
  latest(pkg: string): Promise<string>;
  /** Every published version, oldest first. */
  versions(pkg: string): Promise<string[]>;
}

async function npmView(pkg: string, field: string): Promise<unknown> {
  const r = await execa("npm", ["view", pkg, field, "--json"], { reject: false, stdin: "ignore", timeout: 60_000, env: { npm_config_update_notifier: "false" } });
  if (r.exitCode !== 0 || r.timedOut) {
    const why = r.timedOut ? "timed out" : `failed (exit ${r.exitCode ?? r.signal})`;
    throw new HarnessVersionError(
      `cannot ask the npm registry for ${pkg} ${field}: \`npm view\` ${why}; is the registry reachable? (${(r.stderr || "").trim().split("\n").slice(-2).join(" ")})`,
    );
  }
  return JSON.parse(r.stdout) as unknown;
}

export const npmRegistry: Registry = {
  async latest(pkg) {
    const v = await npmView(pkg, "version");
    if (typeof v !== "string" || !VERSION.test(v)) throw new HarnessVersionError(`the npm registry answered ${JSON.stringify(v)} as the latest ${pkg}`);
    return v;
  },
  async versions(pkg) {
    const v = await npmView(pkg, "versions");
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw new HarnessVersionError(`the npm registry answered no version list for ${pkg}`);
    return v as string[];
  },
};

/** The pins the requests name, `latest` resolved; providers not requested keep their pin. */
export async function requestedPins(pins: readonly HarnessPin[], requests: readonly HarnessRequest[], registry: Registry = npmRegistry): Promise<HarnessPin[]> {
  const out: HarnessPin[] = [];
  for (const request of requests) {
    const pin = pinFor(pins, request.provider);
    for (const version of request.versions) {
      const exact = version === "latest" ? await registry.latest(pin.package) : version;
      if (!out.some((p) => p.provider === pin.provider && p.version === exact)) out.push(pinAtVersion(pin, exact));
    }
  }
  return out;
}

/**
 * The variable through which the harness-backed adapters (adapters-under-test/claude-code*,
 * codex*) are told which binary to drive; `papc run --harness` sets it to the selected version's.
 */
export const BINARY_VARIABLE: Record<Provider, string> = { "claude-code": "PAPC_CLAUDE_BINARY", codex: "PAPC_CODEX_BINARY" };
