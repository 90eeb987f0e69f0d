// Where the pinned Codex binary is, via the kit's harness cache (recordings/pins.yaml).
// This adapter was written against, and observed only, Codex 0.147.0.

import { HarnessMissingError, resolveHarness } from "../../runner/src/harness/resolve.js";

export const CODEX_VERSION = "0.147.0";
export const INSTALL_COMMAND = "papc harness install --provider codex";

export type CodexBinary = { binary: string } | { missing: string };

/** The installed pinned binary, or why it cannot be used (the reason a `skipped` reply gives). */
export async function findCodex(): Promise<CodexBinary> {
  try {
    const { pin, binary } = await resolveHarness("codex");
    if (pin.version !== CODEX_VERSION) {
      return { missing: `the codex adapter observes Codex ${CODEX_VERSION} only, but recordings/pins.yaml pins ${pin.version}` };
    }
    return { binary };
  } catch (error) {
    if (error instanceof HarnessMissingError) {
      return { missing: `the pinned Codex is not installed: ${error.message}` };
    }
    return { missing: `cannot locate the pinned Codex: ${error instanceof Error ? error.message : String(error)}; install it with \`${INSTALL_COMMAND}\`` };
  }
}
