// The protocol endpoint, spawned from the build as the runner would start it.

import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitPath } from "../../runner/shared/kit-root.js";
import { makeTree, manifest, removeTree } from "./fixtures.js";

const server = kitPath("dist", "reference", "src", "protocol-server.js");

let root = "";
beforeAll(async () => {
  root = await makeTree({
    "src/plugins/demo/PLUGIN.toml": manifest(),
    "demo/plugin.json": JSON.stringify({ $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", name: "demo" }),
    "demo/mcp.json": JSON.stringify({
      $schema: "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json",
      mcpServers: { data: { type: "stdio", command: "node", cwd: "${PLUGIN_DATA}" } },
    }),
  });
});
afterAll(async () => {
  await removeTree(root);
});

/** Sends all requests, closes stdin, and returns every stdout line parsed. */
async function exchange(requests: (object | string)[]): Promise<{ replies: Record<string, unknown>[]; exitCode: number | undefined }> {
  expect(existsSync(server), `${server} missing: build first (npx tsc -p tsconfig.json)`).toBe(true);
  const input = requests.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
  const run = await execa("node", [server], { input, reject: false, timeout: 20_000 });
  const replies = run.stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { replies, exitCode: run.exitCode };
}

const runCase = (seq: number, operation: string, source: string, args: Record<string, unknown> = {}) => ({
  cmd: "run",
  seq,
  case: { id: `t/${seq}`, operation, root, source, args },
});

describe("protocol server", () => {
  it("answers hello, run and unknown operations in order, then stops", async () => {
    const { replies, exitCode } = await exchange([
      { cmd: "hello", protocol: 1, kit: { name: "papc", version: "0.1.0" } },
      "this line is not JSON",
      runCase(1, "validate", join(root, "src"), { source_id: "company" }),
      runCase(2, "dispatch", join(root, "src")),
      runCase(3, "validate", join(root, "missing")),
      { cmd: "stop" },
      runCase(4, "validate", join(root, "src")), // after stop: never answered
    ]);
    expect(exitCode).toBe(0);
    expect(replies).toHaveLength(4);
    expect(replies[0]).toMatchObject({
      protocol: 1,
      implementation: { name: "pap-reference", language: "TypeScript" },
      operations: ["validate", "validate-cli", "dispatch", "live", "project", "load-agent-plugin", "compose", "review", "approve", "revoke", "activate", "remove"],
      profiles: ["pap-0.1", "agent-plugins-1.0"],
      providers: [
        { name: "claude-code", version: "2.1.233" },
        { name: "codex", version: "0.147.0" },
      ],
    });
    expect(replies[1]).toMatchObject({ seq: 1, result: { exit: 0, structural: "accept", report: { valid: true, packages: [{ source_ref: "company:demo" }] } } });
    expect(replies[2]).toMatchObject({ seq: 2, errored: { message: expect.stringContaining("dispatch") } });
    expect(replies[3]).toMatchObject({ seq: 3, result: { exit: 2 } });
  });

  it("loads an Agent Plugins package with PLUGIN_DATA under the fixture root, never creating it", async () => {
    const { replies } = await exchange([runCase(1, "load-agent-plugin", join(root, "demo")), { cmd: "stop" }]);
    const real = await realpath(root);
    expect(replies[0]).toEqual({
      seq: 1,
      result: {
        loaded: true,
        identity: { name: "demo", version: null, description: null },
        plugin_root: join(real, "demo"),
        plugin_data: join(real, "plugin-data", "demo"),
        skills: [],
        mcp_servers: [{ name: "data", type: "stdio", command: "node", cwd: join(real, "plugin-data", "demo") }],
        hooks: [],
        apps: [],
        interface: {},
        diagnostics: [],
      },
    });
    expect(existsSync(join(root, "plugin-data"))).toBe(false);
  });
});
