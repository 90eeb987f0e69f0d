// The claude-code adapter's protocol endpoint: `node server.js --profile install|loader`
// (adapters-under-test/claude-code-install, claude-code-loader; README.md).

import { serveHarnessAdapter } from "../shared/harness-server.js";
import { findClaude } from "./claude-binary.js";
import { loadAgentPlugin } from "./load-plugin.js";

const COMMAND_TIMEOUT_MS = Number(process.env["PAPC_CLAUDE_COMMAND_TIMEOUT_MS"] ?? 30_000);
const KEEP = process.env["PAPC_CLAUDE_KEEP"] === "1";

await serveHarnessAdapter({
  name: "claude-code",
  implementation: { language: "TypeScript", homepage: "https://github.com/anthropics/claude-code" },
  find: findClaude,
  load: (source, claude, { profile, proxy, log }) => loadAgentPlugin(source, { binary: claude.binary, profile, proxy, commandTimeoutMs: COMMAND_TIMEOUT_MS, keep: KEEP, log }),
});
