// Which Claude Code binary the adapter drives: the pinned one from the kit's harness cache
// (recordings/pins.yaml), or the one PAPC_CLAUDE_BINARY names. Its version is what
// `claude --version` prints ("2.1.233 (Claude Code)"), and that is what the adapter announces.
// The npm package's `claude` is the native executable itself (bin/claude.exe), no wrapper.

import { execa } from "execa";
import { HarnessMissingError, resolveHarness } from "../../runner/src/harness/resolve.js";

export const INSTALL_COMMAND = "papc harness install --provider claude-code";

export type ClaudeBinary = { binary: string; version: string } | { missing: string };

/** `2.1.233 (Claude Code)` → `2.1.233`. */
export function versionFrom(output: string): string | undefined {
  return /^(\S+)\s+\(Claude Code\)\s*$/m.exec(output)?.[1];
}

async function versionOf(binary: string): Promise<ClaudeBinary> {
  const r = await execa(binary, ["--version"], {
    reject: false,
    timeout: 20_000,
    stdin: "ignore",
    extendEnv: false,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", DISABLE_AUTOUPDATER: "1" },
  });
  const version = versionFrom(String(r.stdout ?? ""));
  if (r.exitCode !== 0 || version === undefined) {
    return {
      missing: `\`${binary} --version\` did not print "<version> (Claude Code)" (exit ${r.exitCode ?? "?"}): ${String(r.stdout ?? "").slice(0, 200)}${String(r.stderr ?? "").slice(0, 200)}`,
    };
  }
  return { binary, version };
}

/** The binary to run, or why there is none (the reason every `skipped` reply then gives). */
export async function findClaude(env: NodeJS.ProcessEnv = process.env): Promise<ClaudeBinary> {
  const chosen = env["PAPC_CLAUDE_BINARY"];
  if (chosen) return versionOf(chosen);
  try {
    const { pin, binary } = await resolveHarness("claude-code");
    const found = await versionOf(binary);
    if ("version" in found && found.version !== pin.version) {
      return {
        missing: `the pinned Claude Code at ${binary} reports version ${found.version}, but recordings/pins.yaml pins ${pin.version}; reinstall it with \`${INSTALL_COMMAND}\``,
      };
    }
    return found;
  } catch (error) {
    if (error instanceof HarnessMissingError) return { missing: `the pinned Claude Code is not installed: ${error.message}` };
    return { missing: `cannot locate the pinned Claude Code: ${error instanceof Error ? error.message : String(error)}; install it with \`${INSTALL_COMMAND}\`` };
  }
}
