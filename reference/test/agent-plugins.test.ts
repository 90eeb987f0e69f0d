// Pure helpers of the Agent Plugins 1.0 loader that the conformance cases reach poorly:
// placeholder expansion (§9.2), name rules (§5.5, Agent Skills), command, URL and header
// syntax (§7.2.1), containment arithmetic (§4.1). The loader itself is tested by the cases in
// cases/agent-plugins/.

import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { dir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { loadAgentPlugin } from "../src/agent-plugins/load.js";
import { isWithin, normalizeRelative } from "../src/agent-plugins/containment.js";
import { headerFlaw, isBareCommand, isLoopbackHost, urlFlaw } from "../src/agent-plugins/mcp.js";
import { PLUGIN_NAME_MAX, PLUGIN_NAME_PATTERN, skillNameFlaw } from "../src/agent-plugins/names.js";
import { expandPlaceholders } from "../src/agent-plugins/placeholders.js";
import { skillFrontmatterFlaws } from "../src/agent-plugins/skill-discovery.js";

describe("expandPlaceholders", () => {
  const values = { PLUGIN_ROOT: "/r", PLUGIN_DATA: "/d" };

  it("replaces every exact occurrence of both placeholders", () => {
    expect(expandPlaceholders("${PLUGIN_ROOT}/a:${PLUGIN_DATA}/b:${PLUGIN_ROOT}", values)).toBe("/r/a:/d/b:/r");
    expect(expandPlaceholders("no placeholders", values)).toBe("no placeholders");
  });

  it("is a single pass: replacement text is never scanned again", () => {
    expect(expandPlaceholders("${PLUGIN_ROOT}", { PLUGIN_ROOT: "${PLUGIN_DATA}", PLUGIN_DATA: "/d" })).toBe("${PLUGIN_DATA}");
    expect(expandPlaceholders("${PLUGIN_DATA}${PLUGIN_ROOT}", { PLUGIN_ROOT: "}", PLUGIN_DATA: "${PLUGIN_ROOT" })).toBe("${PLUGIN_ROOT}");
    // Text assembled around a replacement does not form a new placeholder either.
    expect(expandPlaceholders("${${PLUGIN_ROOT}}", { PLUGIN_ROOT: "PLUGIN_DATA", PLUGIN_DATA: "/d" })).toBe("${PLUGIN_DATA}");
  });

  it("leaves unknown and near-miss placeholders literal", () => {
    for (const literal of ["${HOME}", "$PLUGIN_ROOT", "${plugin_root}", "${PLUGIN_ROOT", "$(PLUGIN_ROOT)", "${ PLUGIN_ROOT }", "%PLUGIN_ROOT%", "${PLUGIN_ROOT_DIR}"]) {
      expect(expandPlaceholders(literal, values)).toBe(literal);
    }
    expect(expandPlaceholders("$${PLUGIN_ROOT}", values)).toBe("$/r");
  });

  it("does not interpret replacement patterns in the values", () => {
    expect(expandPlaceholders("${PLUGIN_ROOT}", { PLUGIN_ROOT: "/a$&b$1$$", PLUGIN_DATA: "" })).toBe("/a$&b$1$$");
  });
});

describe("the plugin name rule (§5.5): PLUGIN_NAME_PATTERN and 1-PLUGIN_NAME_MAX characters, as plugin.json's schema uses them", () => {
  const valid = (name: string): boolean => name.length >= 1 && name.length <= PLUGIN_NAME_MAX && new RegExp(PLUGIN_NAME_PATTERN, "u").test(name);

  it("accepts the spec's valid names and the length bounds", () => {
    for (const name of ["my-plugin", "acme.tools", "lint3r", "a", "a.b-c.d", "a-.b", "9", "x".repeat(64)]) expect(valid(name), name).toBe(true);
  });

  it("refuses the spec's invalid names and the other edges", () => {
    for (const name of ["My-Plugin", "-start", "has--double", "too.many..dots", "", "end-", "end.", ".start", "x".repeat(65), "a_b", "a b", "é", "a--b"]) {
      expect(valid(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe("Agent Skills names and frontmatter", () => {
  it("applies the name rules and the folder equality", () => {
    expect(skillNameFlaw("pdf-tools", "pdf-tools")).toBeUndefined();
    expect(skillNameFlaw("x".repeat(64), "x".repeat(64))).toBeUndefined();
    for (const name of ["PDF", "-a", "a-", "a--b", "a.b", "", "x".repeat(65)]) expect(skillNameFlaw(name, name), name).toBeDefined();
    expect(skillNameFlaw("hello", "hello-2")).toBe("not-directory-name");
  });

  it("requires a description of 1-1024 characters and checks the optional fields' shapes", () => {
    expect(skillFrontmatterFlaws({ name: "a", description: "d" }, "a")).toEqual([]);
    expect(
      skillFrontmatterFlaws({ name: "a", description: "é".repeat(1024), license: "MIT", compatibility: "node", metadata: { k: "v" }, "allowed-tools": "Bash", extra: 1 }, "a"),
    ).toEqual([]);
    expect(skillFrontmatterFlaws({ name: "a" }, "a")).toEqual([{ flaw: "description-missing" }]);
    expect(skillFrontmatterFlaws({ name: "a", description: "" }, "a")).toEqual([{ flaw: "description", maxCharacters: 1024 }]);
    expect(skillFrontmatterFlaws({ name: "a", description: "x".repeat(1025) }, "a")).toHaveLength(1);
    expect(skillFrontmatterFlaws({ description: "d" }, "a")).toEqual([{ flaw: "name-missing" }]);
    expect(skillFrontmatterFlaws({ name: "B", description: "d" }, "B")).toEqual([{ flaw: "name", name: "B", nameFlaw: "spelling", dir: "B", maxCharacters: 64 }]);
    expect(skillFrontmatterFlaws({ name: "a", description: "d", compatibility: "x".repeat(501), metadata: { k: 1 } }, "a")).toEqual([
      { flaw: "optional-field", problem: { flaw: "compatibility", maxCharacters: 500 } },
      { flaw: "optional-field", problem: { flaw: "metadata" } },
    ]);
  });
});

describe("MCP server syntax (§7.2.1)", () => {
  it("tells bare executable names from paths and shell command strings", () => {
    for (const command of ["node", "npx", "uvx", "my-server.exe"]) expect(isBareCommand(command), command).toBe(true);
    for (const command of ["", ".", "..", "bin/server", "../bin/server", "/usr/bin/node", "C:\\node.exe", "npx -y server"]) expect(isBareCommand(command), command).toBe(false);
  });

  it("accepts https anywhere and http only for localhost and loopback literals", () => {
    for (const url of [
      "https://deploy.example.com/mcp",
      "https://example.com:8443/a?b=c",
      "http://localhost:3000/mcp",
      "http://127.0.0.1/mcp",
      "http://127.9.9.9/",
      "http://[::1]:8080/sse",
      "http://[0:0:0:0:0:0:0:1]/",
    ]) {
      expect(urlFlaw(url), url).toBeUndefined();
    }
    for (const url of ["http://example.com/mcp", "http://127.1/", "http://2130706433/", "http://localhost.example/", "http://10.0.0.1/", "http://[::2]/"]) {
      expect(urlFlaw(url), url).toBe("plain-http");
    }
  });

  it("refuses relative, non-http, userinfo and fragment URLs", () => {
    for (const url of [
      "/mcp",
      "example.com/mcp",
      "ftp://example.com/",
      "wss://example.com/",
      "https:example.com",
      "https://user:pw@example.com/",
      "https://@example.com/",
      "https://example.com/#",
      "https://example.com/#frag",
      " https://example.com/",
      "https://exa mple.com/",
    ]) {
      expect(urlFlaw(url), url).toBeDefined();
    }
  });

  it("recognizes loopback hosts as written", () => {
    expect(isLoopbackHost("LocalHost")).toBe(true);
    expect(isLoopbackHost("[::ffff:127.0.0.1]")).toBe(true);
    expect(isLoopbackHost("::1")).toBe(false); // an IPv6 literal in a URL is bracketed
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
  });

  it("checks header field syntax", () => {
    expect(headerFlaw("X-Tenant", "public-tenant")).toBeUndefined();
    expect(headerFlaw("Authorization", "Bearer a b")).toBeUndefined();
    expect(headerFlaw("X-Empty", "")).toBeUndefined();
    for (const [name, value, flaw] of [
      ["Bad Name", "v", "name"],
      ["", "v", "name"],
      ["X:Y", "v", "name"],
      ["X", "a\r\nInjected: 1", "value"],
      ["X", "nul\u0000", "value"],
      ["X", " padded", "value"],
      ["X", "€", "value"],
    ] as const) {
      expect(headerFlaw(name, value), `${name}: ${value}`).toBe(flaw);
    }
  });
});

describe("containment arithmetic (§4.1)", () => {
  it("compares resolved paths by whole segments", () => {
    expect(isWithin("/p/root", "/p/root")).toBe(true);
    expect(isWithin("/p/root", "/p/root/a/b")).toBe(true);
    expect(isWithin("/p/root", "/p/root-other/a")).toBe(false);
    expect(isWithin("/p/root", "/p")).toBe(false);
    expect(isWithin("/", "/anything")).toBe(true);
  });

  it("normalizes package-relative paths and refuses lexical escapes", () => {
    expect(normalizeRelative("hooks/hooks.json")).toBe("hooks/hooks.json");
    expect(normalizeRelative("a/../b/")).toBe("b");
    expect(normalizeRelative(".")).toBe("");
    for (const path of ["..", "../x", "a/../../x", "/etc/passwd"]) expect(normalizeRelative(path), path).toBeUndefined();
  });
});

describe("$schema is an identifier, never fetched (AP-SCHEMA-SELECTS)", () => {
  it("loads no URL while loading, even a $schema or mcp.json $schema that points at a live server", async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? "");
      res.end("{}");
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const port = (server.address() as { port: number }).port;
    const tmp = await dir({ unsafeCleanup: true });
    try {
      const root = join(tmp.path, "demo");
      await mkdir(root);
      const local = `http://127.0.0.1:${port}/schemas/1.0.0/plugin.schema.json`;
      await writeFile(join(root, "plugin.json"), JSON.stringify({ $schema: local, name: "demo" }));
      const result = await loadAgentPlugin({ pluginRoot: root, dataRoot: join(tmp.path, "data") });
      expect(result.loaded).toBe(false);
      expect(result.diagnostics?.map((d) => d.code)).toEqual(["agent_plugin_unsupported_version"]);
      await writeFile(join(root, "plugin.json"), JSON.stringify({ $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", name: "demo" }));
      await writeFile(join(root, "mcp.json"), JSON.stringify({ $schema: `http://127.0.0.1:${port}/mcp.schema.json`, mcpServers: {} }));
      const second = await loadAgentPlugin({ pluginRoot: root, dataRoot: join(tmp.path, "data") });
      expect(second.loaded).toBe(true);
      expect(second.diagnostics?.map((d) => d.code)).toEqual(["agent_plugin_mcp_invalid"]);
      expect(requests).toEqual([]);
    } finally {
      server.close();
      await tmp.cleanup();
    }
  });
});
