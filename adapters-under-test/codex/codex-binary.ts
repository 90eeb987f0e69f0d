// Which Codex binary the adapter drives: the pinned one from the kit's harness cache
// (recordings/pins.yaml), or the one PAPC_CODEX_BINARY names (a build of your own, or a stand-in
// made wrong on purpose for the kit's tests). Its version is what `codex --version` prints, and
// that is what the adapter announces, so a report always names the binary that really ran.
//
// The npm package's `codex` is a Node script (@openai/codex/bin/codex.js) that finds the native
// executable of the platform package and runs it with two variables set. The adapter does the
// same itself: a Node start per command is a third of a short command's time, and a timeout then
// kills Codex itself rather than a wrapper whose child lives on.

import { realpath } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { HarnessMissingError, resolveHarness } from "../../runner/src/harness/resolve.js";
import { isExecutable } from "../../runner/src/harness/cache.js";

export const INSTALL_COMMAND = "papc harness install --provider codex";

export type CodexBinary = { binary: string; version: string; env: Record<string, string> } | { missing: string };

/** The platform packages of @openai/codex, as its bin/codex.js names them. */
const NATIVE: Record<string, [pkg: string, triple: string]> = {
  "linux-x64": ["@openai/codex-linux-x64", "x86_64-unknown-linux-musl"],
  "linux-arm64": ["@openai/codex-linux-arm64", "aarch64-unknown-linux-musl"],
  "darwin-x64": ["@openai/codex-darwin-x64", "x86_64-apple-darwin"],
  "darwin-arm64": ["@openai/codex-darwin-arm64", "aarch64-apple-darwin"],
};

/**
 * The native executable behind the npm wrapper `wrapper` and the variables the wrapper sets, or
 * undefined when it cannot be found (then the wrapper itself is run).
 */
export async function nativeCodex(wrapper: string): Promise<{ binary: string; env: Record<string, string> } | undefined> {
  const platform = NATIVE[`${process.platform}-${process.arch}`];
  if (platform === undefined) return undefined;
  try {
    const packageRoot = await realpath(join(dirname(await realpath(wrapper)), ".."));
    const manifest = createRequire(join(packageRoot, "package.json")).resolve(`${platform[0]}/package.json`);
    const binary = join(dirname(manifest), "vendor", platform[1], "bin", "codex");
    if (!(await isExecutable(binary))) return undefined;
    return { binary, env: { CODEX_MANAGED_PACKAGE_ROOT: packageRoot, CODEX_MANAGED_BY_NPM: "1" } };
  } catch {
    return undefined;
  }
}

/** `codex-cli 0.147.0` → `0.147.0`. */
export function versionFrom(output: string): string | undefined {
  return /^codex-cli\s+(\S+)\s*$/m.exec(output)?.[1];
}

async function versionOf(binary: string, env: Record<string, string> = {}): Promise<CodexBinary> {
  const r = await execa(binary, ["--version"], {
    reject: false,
    timeout: 10_000,
    stdin: "ignore",
    extendEnv: false,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", ...env },
  });
  const version = versionFrom(String(r.stdout ?? ""));
  if (r.exitCode !== 0 || version === undefined) {
    return {
      missing: `\`${binary} --version\` did not print "codex-cli <version>" (exit ${r.exitCode ?? "?"}): ${String(r.stdout ?? "").slice(0, 200)}${String(r.stderr ?? "").slice(0, 200)}`,
    };
  }
  return { binary, version, env };
}

/** The binary to run, or why there is none (the reason every `skipped` reply then gives). */
export async function findCodex(env: NodeJS.ProcessEnv = process.env): Promise<CodexBinary> {
  const chosen = env["PAPC_CODEX_BINARY"];
  if (chosen) return versionOf(chosen);
  try {
    const { pin, binary } = await resolveHarness("codex");
    const native = await nativeCodex(binary);
    const found = native ? await versionOf(native.binary, native.env) : await versionOf(binary);
    if ("version" in found && found.version !== pin.version) {
      return { missing: `the pinned Codex at ${binary} reports version ${found.version}, but recordings/pins.yaml pins ${pin.version}; reinstall it with \`${INSTALL_COMMAND}\`` };
    }
    return found;
  } catch (error) {
    if (error instanceof HarnessMissingError) return { missing: `the pinned Codex is not installed: ${error.message}` };
    return { missing: `cannot locate the pinned Codex: ${error instanceof Error ? error.message : String(error)}; install it with \`${INSTALL_COMMAND}\`` };
  }
}
