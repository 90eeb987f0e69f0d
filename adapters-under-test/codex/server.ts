// The codex adapter's protocol endpoint: `node server.js --profile install|loader`
// (adapters-under-test/codex-install, codex-loader; README.md).

import { serveHarnessAdapter } from "../shared/harness-server.js";
import { findCodex } from "./codex-binary.js";
import { loadAgentPlugin } from "./load-plugin.js";

const COMMAND_TIMEOUT_MS = Number(process.env["PAPC_CODEX_COMMAND_TIMEOUT_MS"] ?? 5000);
const KEEP = process.env["PAPC_CODEX_KEEP"] === "1";

await serveHarnessAdapter({
  name: "codex",
  implementation: { language: "Rust", homepage: "https://github.com/openai/codex" },
  find: findCodex,
  load: (source, codex, { profile, proxy, log }) =>
    loadAgentPlugin(source, { binary: codex.binary, binaryEnv: codex.env, profile, proxy, commandTimeoutMs: COMMAND_TIMEOUT_MS, keep: KEEP, log }),
});
