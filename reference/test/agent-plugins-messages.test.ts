// The Agent Plugins loader's wording (reference/src/agent-plugins/messages/) and the shared
// frontmatter reasons (reference/src/messages/frontmatter.ts): every kind belongs to one area and
// has a wording, and a finding or reason of a kind without wording stops the loader instead of
// reaching a result. One sample per kind, so a new kind does not compile without its sample.

import { describe, expect, it } from "vitest";
import { SEVERITY } from "../src/agent-plugins/diagnostics.js";
import { AREAS, type LoaderFinding, render } from "../src/agent-plugins/messages/index.js";
import { type JsonFlaw, jsonFlawText, type SchemaViolation } from "../src/agent-plugins/messages/json.js";
import type { UrlFlaw } from "../src/agent-plugins/messages/mcp.js";
import { type SkillFrontmatterFlaw, skillFrontmatterFlawText } from "../src/agent-plugins/messages/skills.js";
import { type FrontmatterFlaw, frontmatterFlawText } from "../src/messages/frontmatter.js";

type Samples<T, D extends keyof T> = { [V in T[D] & string]: Extract<T, Record<D, V>> };

const violation: SchemaViolation = { pointer: "/name", keyword: "required", says: "must have required property 'name'", allowed: undefined };

const FINDINGS: Samples<LoaderFinding, "kind"> = {
  "ap-root-unreadable": { code: "agent_plugin_manifest_missing", kind: "ap-root-unreadable", root: "demo", error: "ENOENT: no such file or directory" },
  "ap-root-not-directory": { code: "agent_plugin_manifest_missing", kind: "ap-root-not-directory", root: "demo" },
  "ap-manifest-absent": { code: "agent_plugin_manifest_missing", kind: "ap-manifest-absent" },
  "ap-manifest-unresolvable": { code: "agent_plugin_manifest_missing", kind: "ap-manifest-unresolvable", error: "ELOOP" },
  "ap-manifest-outside": { code: "agent_plugin_manifest_missing", kind: "ap-manifest-outside" },
  "ap-manifest-not-file": { code: "agent_plugin_manifest_missing", kind: "ap-manifest-not-file" },
  "ap-manifest-unreadable": { code: "agent_plugin_manifest_malformed", kind: "ap-manifest-unreadable", flaw: { flaw: "not-json", error: "Unexpected token" } },
  "ap-manifest-not-object": { code: "agent_plugin_manifest_malformed", kind: "ap-manifest-not-object", value: [] },
  "ap-manifest-schema-unsupported": { code: "agent_plugin_unsupported_version", kind: "ap-manifest-schema-unsupported", schema: 7, supported: "https://x/1.0.0" },
  "ap-manifest-unknown-key": { code: "agent_plugin_unknown_key", kind: "ap-manifest-unknown-key", key: "a/b" },
  "ap-manifest-field-invalid": { code: "agent_plugin_manifest_invalid", kind: "ap-manifest-field-invalid", violation },
  "ap-manifest-extensions-not-object": { code: "agent_plugin_extensions_invalid", kind: "ap-manifest-extensions-not-object", value: "x" },
  "ap-manifest-namespace-not-object": { code: "agent_plugin_extensions_invalid", kind: "ap-manifest-namespace-not-object", namespace: "com.openai", value: null },
  "ap-skills-outside": { code: "agent_plugin_path_escapes", kind: "ap-skills-outside" },
  "ap-skills-unresolvable": { code: "agent_plugin_component_invalid", kind: "ap-skills-unresolvable", error: "ELOOP" },
  "ap-skills-not-directory": { code: "agent_plugin_component_invalid", kind: "ap-skills-not-directory" },
  "ap-skills-unlistable": { code: "agent_plugin_component_invalid", kind: "ap-skills-unlistable", error: "EACCES" },
  "ap-skill-folder-outside": { code: "agent_plugin_path_escapes", kind: "ap-skill-folder-outside" },
  "ap-skill-file-outside": { code: "agent_plugin_path_escapes", kind: "ap-skill-file-outside" },
  "ap-skill-unreadable": { code: "agent_plugin_skill_invalid", kind: "ap-skill-unreadable", flaw: { flaw: "frontmatter-not-utf8" } },
  "ap-skill-frontmatter-invalid": { code: "agent_plugin_skill_invalid", kind: "ap-skill-frontmatter-invalid", flaws: [{ flaw: "name-missing" }, { flaw: "description-missing" }] },
  "ap-mcp-outside": { code: "agent_plugin_path_escapes", kind: "ap-mcp-outside" },
  "ap-mcp-unresolvable": { code: "agent_plugin_component_invalid", kind: "ap-mcp-unresolvable", error: "ELOOP" },
  "ap-mcp-not-file": { code: "agent_plugin_component_invalid", kind: "ap-mcp-not-file" },
  "ap-mcp-unreadable": { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-unreadable", flaw: { flaw: "too-large", maxBytes: 1048576 } },
  "ap-mcp-not-object": { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-not-object", value: 1 },
  "ap-mcp-schema-unsupported": { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-schema-unsupported", schema: "https://x/2.0.0", version: "2.0.0", pluginVersion: "1.0.0" },
  "ap-mcp-key-not-allowed": { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-key-not-allowed", key: "servers" },
  "ap-mcp-servers-missing": { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-servers-missing" },
  "ap-mcp-servers-not-object": { code: "agent_plugin_mcp_invalid", kind: "ap-mcp-servers-not-object", value: [] },
  "ap-mcp-server-not-object": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-server-not-object", value: "x" },
  "ap-mcp-server-type-missing": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-server-type-missing" },
  "ap-mcp-server-type-unknown": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-server-type-unknown", type: "ws" },
  "ap-mcp-server-field-invalid": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-server-field-invalid", violation },
  "ap-mcp-command-placeholder": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-command-placeholder", command: "${PLUGIN_ROOT}/x" },
  "ap-mcp-command-root": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-command-root", command: "./" },
  "ap-mcp-command-outside": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-command-outside", command: "./../x" },
  "ap-mcp-command-form": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-command-form", command: "/bin/x" },
  "ap-mcp-cwd-form": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-cwd-form", cwd: "/tmp" },
  "ap-mcp-cwd-outside": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-cwd-outside", cwd: "${PLUGIN_DATA}/..", container: "plugin-data" },
  "ap-mcp-env-reserved": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-env-reserved", key: "PLUGIN_ROOT" },
  "ap-mcp-url-invalid": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-url-invalid", flaw: "plain-http" },
  "ap-mcp-header-invalid": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-header-invalid", header: "X Y", flaw: "name" },
  "ap-mcp-header-repeated": { code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-header-repeated", header: "x-a", earlier: "X-A" },
  "ap-vendor-path-form": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-path-form", namespace: "com.openai", key: "hooks" },
  "ap-vendor-path-escapes": { code: "agent_plugin_path_escapes", kind: "ap-vendor-path-escapes", namespace: "com.openai", key: "apps", value: "./../x" },
  "ap-vendor-path-root": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-path-root", namespace: "com.openai", key: "apps", value: "./" },
  "ap-vendor-override": { code: "agent_plugin_vendor_override_ignored", kind: "ap-vendor-override", namespace: "com.openai", key: "name" },
  "ap-vendor-interface-not-object": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-interface-not-object", namespace: "com.openai", value: [] },
  "ap-vendor-file-absent": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-absent" },
  "ap-vendor-file-outside": { code: "agent_plugin_path_escapes", kind: "ap-vendor-file-outside" },
  "ap-vendor-file-unresolvable": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-unresolvable", error: "ELOOP" },
  "ap-vendor-file-not-file": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-not-file" },
  "ap-vendor-file-unreadable": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-unreadable", flaw: { flaw: "cannot-open", error: "EACCES" } },
  "ap-vendor-file-not-object": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-not-object", value: true },
  "ap-vendor-file-invalid": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-invalid", violation },
  "ap-vendor-legacy-override": { code: "agent_plugin_vendor_override_ignored", kind: "ap-vendor-legacy-override", key: "version" },
  "ap-vendor-legacy-interface-not-object": { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-legacy-interface-not-object", value: "x" },
};

const FRONTMATTER_FLAWS: Samples<FrontmatterFlaw, "flaw"> = {
  "cannot-open": { flaw: "cannot-open", error: "EACCES" },
  "cannot-read": { flaw: "cannot-read", error: "EIO" },
  "no-opening-line": { flaw: "no-opening-line" },
  unclosed: { flaw: "unclosed", length: 12, maxBytes: 65536 },
  "flow-too-deep": { flaw: "flow-too-deep", maxDepth: 64 },
  "not-yaml": { flaw: "not-yaml", error: "Map keys must be unique at line 2, column 1:\n\nname: a\n^\n" },
  "not-buildable": { flaw: "not-buildable", error: "Excessive alias count indicates a resource exhaustion attack" },
  "not-mapping": { flaw: "not-mapping" },
};

const JSON_FLAWS: Samples<JsonFlaw, "flaw"> = {
  "cannot-open": { flaw: "cannot-open", error: "EACCES" },
  "cannot-read": { flaw: "cannot-read", error: "EIO" },
  "too-large": { flaw: "too-large", maxBytes: 1048576 },
  "not-utf8": { flaw: "not-utf8" },
  "not-json": { flaw: "not-json", error: "Unexpected end of JSON input" },
};

const SKILL_FLAWS: Samples<SkillFrontmatterFlaw, "flaw"> = {
  "name-missing": { flaw: "name-missing" },
  name: { flaw: "name", name: "Pdf", nameFlaw: "spelling", dir: "Pdf", maxCharacters: 64 },
  "description-missing": { flaw: "description-missing" },
  description: { flaw: "description", maxCharacters: 1024 },
  "optional-field": { flaw: "optional-field", problem: { flaw: "metadata" } },
};

const URL_FLAWS: Record<UrlFlaw, true> = {
  "blank-or-control": true,
  fragment: true,
  "not-absolute-http": true,
  unparsable: true,
  scheme: true,
  userinfo: true,
  "no-host": true,
  "plain-http": true,
};

describe("Agent Plugins loader messages", () => {
  it("give every kind to exactly one area, prefixed ap-, each with a sample here", () => {
    const all = Object.values(AREAS).flatMap((table) => Object.keys(table));
    expect(new Set(all).size).toBe(all.length);
    for (const kind of all) expect(kind).toMatch(/^ap-[a-z]+(-[a-z0-9]+)+$/);
    expect(all.sort()).toEqual(Object.keys(FINDINGS).sort());
  });

  it("word every kind: a message, and a pointer only as a JSON Pointer", () => {
    for (const finding of Object.values(FINDINGS) as LoaderFinding[]) {
      const rendered = render(finding, "plugin.json");
      expect(rendered.message, finding.kind).toMatch(/\S/);
      if (rendered.pointer !== undefined) expect(rendered.pointer, finding.kind).toMatch(/^(\/[^/]*)+$/);
      expect(SEVERITY[finding.code], finding.kind).toMatch(/^(error|warning)$/);
    }
  });

  it("word a few as the loader always has", () => {
    expect(render(FINDINGS["ap-manifest-unknown-key"], "plugin.json")).toEqual({ message: 'unknown top-level key "a/b" was ignored', pointer: "/a~1b" });
    expect(render(FINDINGS["ap-mcp-server-field-invalid"], "mcp.json")).toEqual({
      message: 'server "s": /mcpServers/s/name is required; the server was skipped',
      pointer: "/mcpServers/s/name",
    });
    expect(render(FINDINGS["ap-skill-frontmatter-invalid"], "skills/a/SKILL.md").message).toBe("skills/a/SKILL.md: name is missing; description is missing; the skill was skipped");
    expect(render(FINDINGS["ap-mcp-schema-unsupported"], "mcp.json").message).toBe("$schema targets Agent Plugins 2.0.0, plugin.json targets 1.0.0; MCP is disabled");
  });

  it("word every reason a finding quotes", () => {
    for (const flaw of Object.values(FRONTMATTER_FLAWS) as FrontmatterFlaw[]) expect(frontmatterFlawText(flaw), flaw.flaw).toMatch(/\S/);
    for (const flaw of Object.values(JSON_FLAWS) as JsonFlaw[]) expect(jsonFlawText(flaw), flaw.flaw).toMatch(/\S/);
    for (const flaw of Object.values(SKILL_FLAWS) as SkillFrontmatterFlaw[]) expect(skillFrontmatterFlawText(flaw), flaw.flaw).toMatch(/\S/);
    for (const flaw of Object.keys(URL_FLAWS) as UrlFlaw[]) {
      expect(render({ code: "agent_plugin_mcp_server_invalid", server: "s", kind: "ap-mcp-url-invalid", flaw }, "mcp.json").message, flaw).toMatch(/^server "s": url \S/);
    }
    expect(frontmatterFlawText(FRONTMATTER_FLAWS["not-yaml"])).toBe("the frontmatter is not valid YAML: Map keys must be unique at line 2, column 1:");
    expect(skillFrontmatterFlawText(SKILL_FLAWS.name)).toBe('name "Pdf" may contain only a-z, 0-9 and single hyphens, not at either end');
  });

  it("refuse a kind or reason they do not word", () => {
    expect(() => render({ code: "agent_plugin_manifest_missing", kind: "" } as unknown as LoaderFinding, "plugin.json")).toThrow(/no wording/);
    expect(() => render({ ...FINDINGS["ap-mcp-url-invalid"], flaw: "" } as unknown as LoaderFinding, "mcp.json")).toThrow(/no wording/);
    expect(() => render({ ...FINDINGS["ap-mcp-cwd-outside"], container: "" } as unknown as LoaderFinding, "mcp.json")).toThrow(/no wording/);
    expect(() => frontmatterFlawText({ flaw: "" } as unknown as FrontmatterFlaw)).toThrow(/no wording/);
    expect(() => jsonFlawText({ flaw: "" } as unknown as JsonFlaw)).toThrow(/no wording/);
    expect(() => skillFrontmatterFlawText({ flaw: "" } as unknown as SkillFrontmatterFlaw)).toThrow(/no wording/);
  });
});
