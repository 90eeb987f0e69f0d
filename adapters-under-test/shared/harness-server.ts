// The protocol endpoint of a harness adapter (adapters-under-test/codex, claude-code), through the
// shared serveProtocol (runner/shared/serve-protocol.ts). One profile per process, from the
// command line (`--profile install|loader`):
//   hello → implementation <harness> <the binary's version>, operations ["load-agent-plugin"], profiles ["agent-plugins-1.0"]
//   run   → result | skipped (no binary: the reason says how to install it) | errored
//   stop  → exit once the current request is answered
// Outside requests go to a proxy on 127.0.0.1 that refuses them; those a case caused are logged.

import { checkedRun, serveProtocol } from "../../runner/shared/serve-protocol.js";
import type { AgentPluginLoadResult, HelloReply, ImplementationInfo, RunReply } from "../../runner/shared/protocol.js";
import { startBlockingProxy, type BlockingProxy } from "./blocking-proxy.js";
import { isProfile, PROFILES, type Profile } from "./profiles.js";

export type LoadOutcome =
  | { kind: "result"; result: AgentPluginLoadResult; timings: Record<string, number> }
  | { kind: "errored"; message: string; detail?: Record<string, unknown> };

/** What loading one package needs, whatever the harness. */
export interface LoadOptions {
  binary: string;
  profile: Profile;
  /** The refusing proxy's URL. */
  proxy: string;
  /** Per harness command. */
  commandTimeoutMs: number;
  /** Keep the case's temp folder (for debugging); its path goes to stderr. */
  keep?: boolean;
  log?: (text: string) => void;
}

export interface HarnessAdapter<Found extends { version: string }> {
  /** "codex", "claude-code": the implementation's name, and the prefix of stderr lines. */
  name: string;
  implementation: Omit<ImplementationInfo, "name" | "version">;
  find(): Promise<Found | { missing: string }>;
  load(source: string, found: Found, context: { profile: Profile; proxy: string; log: (text: string) => void }): Promise<LoadOutcome>;
}

export async function serveHarnessAdapter<Found extends { version: string }>(adapter: HarnessAdapter<Found>): Promise<void> {
  const flag = process.argv.indexOf("--profile");
  const profile = flag >= 0 ? process.argv[flag + 1] : undefined;
  if (!isProfile(profile)) {
    process.stderr.write(`[${adapter.name}-adapter] usage: server.js --profile ${PROFILES.join("|")}\n`);
    process.exit(2);
  }
  const found = await adapter.find();
  const hello = (): HelloReply => ({
    protocol: 1,
    implementation: { name: adapter.name, version: "missing" in found ? "not installed" : found.version, ...adapter.implementation },
    operations: ["load-agent-plugin"],
    profiles: ["agent-plugins-1.0"],
  });
  let proxy: Promise<BlockingProxy> | undefined;
  const name = `${adapter.name}-${profile}`;
  serveProtocol({
    name,
    hello,
    run: checkedRun(name, ["load-agent-plugin"], async (seq, c, log): Promise<RunReply> => {
      if ("missing" in found) return { seq, skipped: { reason: found.missing } };
      const { url, attempts } = await (proxy ??= startBlockingProxy());
      const started = Date.now();
      const before = attempts.length;
      const outcome = await adapter.load(c.source, found, { profile, proxy: url, log });
      const blocked = attempts.slice(before);
      log(
        `${c.id}: ${outcome.kind} in ${Date.now() - started} ms${outcome.kind === "result" ? ` ${JSON.stringify(outcome.timings)}` : ""}${blocked.length > 0 ? `; refused outside requests: ${blocked.join(", ")}` : ""}`,
      );
      if (outcome.kind === "errored")
        return outcome.detail === undefined ? { seq, errored: { message: outcome.message } } : { seq, errored: { message: outcome.message, detail: outcome.detail } };
      return { seq, result: outcome.result as unknown as Record<string, unknown> };
    }),
    async close() {
      if (proxy) await (await proxy).close();
    },
  });
}
