// `papc harness install`: installs exactly the pinned npm packages into the harness cache,
// skipping a pin whose binary already prints the pinned `--version`.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import type { HarnessPin } from "../types/recording.js";
import { binaryPath, harnessCacheRoot, isExecutable, packageDir } from "./cache.js";

export class HarnessInstallError extends Error {
  constructor(
    readonly pin: HarnessPin,
    message: string,
    /** The last lines npm printed, when npm ran. */
    readonly npmTail?: string,
  ) {
    super(`${pin.package}@${pin.version} (${pin.provider}): ${message}${npmTail ? `\n--- npm output (tail) ---\n${npmTail}` : ""}`);
  }
}

export interface InstallOptions {
  cacheRoot?: string;
  /** Added to npm's environment (e.g. npm_config_registry). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface InstallResult {
  pin: HarnessPin;
  binary: string;
  status: "present" | "installed";
}

/** What `<binary> --version` prints (trimmed), or undefined when it is missing or fails. */
export async function installedVersion(pin: HarnessPin, cacheRoot = harnessCacheRoot()): Promise<string | undefined> {
  const bin = binaryPath(pin, cacheRoot);
  if (!(await isExecutable(bin))) return undefined;
  const r = await execa(bin, ["--version"], { reject: false, timeout: 30_000, stdin: "ignore" });
  return r.exitCode === 0 ? r.stdout.trim() : undefined;
}

export async function installHarness(pin: HarnessPin, options: InstallOptions = {}): Promise<InstallResult> {
  const cacheRoot = options.cacheRoot ?? harnessCacheRoot();
  const binary = binaryPath(pin, cacheRoot);
  if ((await installedVersion(pin, cacheRoot)) === pin.version_output) return { pin, binary, status: "present" };

  const dir = packageDir(pin, cacheRoot);
  await mkdir(dir, { recursive: true });
  const manifest = join(dir, "package.json");
  if (!(await readFile(manifest, "utf8").catch(() => ""))) await writeFile(manifest, '{"private":true}\n');
  // --engine-strict=false: Claude Code declares node>=22 but ships a native binary that runs anywhere.
  // --loglevel=warn: an npm script run with --silent passes npm_config_loglevel=silent down, which
  // would leave nothing to show when the install fails.
  const argv = ["install", "--engine-strict=false", "--no-audit", "--no-fund", "--no-save", "--loglevel=warn", `${pin.package}@${pin.version}`];
  const r = await execa("npm", argv, {
    cwd: dir,
    reject: false,
    all: true,
    stdin: "ignore",
    timeout: options.timeoutMs ?? 600_000,
    env: { npm_config_update_notifier: "false", ...options.env },
  });
  await writeFile(join(dir, "install.log"), `$ npm ${argv.join(" ")}\n${r.all ?? ""}\nexit ${r.exitCode ?? r.signal ?? "?"}\n`);
  if (r.exitCode !== 0 || r.timedOut) {
    const why = r.timedOut ? "npm install timed out" : `npm install failed (exit ${r.exitCode ?? r.signal})`;
    throw new HarnessInstallError(pin, `${why}; is the npm registry reachable?`, tail(r.all ?? "", 15));
  }
  const version = await installedVersion(pin, cacheRoot);
  if (version !== pin.version_output) {
    throw new HarnessInstallError(
      pin,
      `installed, but \`${pin.binary} --version\` printed ${JSON.stringify(version ?? "(nothing)")}, expected ${JSON.stringify(pin.version_output)}`,
    );
  }
  return { pin, binary, status: "installed" };
}

function tail(text: string, lines: number): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
