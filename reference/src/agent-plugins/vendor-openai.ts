// The com.openai vendor overlay (Agent Plugins 1.0.0 §8: the reference implements this one
// namespace; every other namespace is ignored without looking inside). It adds only what the
// portable format leaves to clients: interface metadata, hooks and apps. It never changes the
// identity or the fixed component locations: keys that try to (name, version, description,
// skills, mcpServers) are reported and ignored.
//
//   extensions["com.openai"].interface   object → result.interface
//   extensions["com.openai"].hooks       "./…" → {"hooks": {"<Event>": [{"matcher"?, "hooks": [{"type": "command", "command"}]}]}}
//                                        absent → com.openai/hooks/hooks.json when that exists (§8.2)
//   extensions["com.openai"].apps        "./…" → {"apps": {"<name>": {…}}}
//   .codex-plugin/plugin.json            the legacy Codex manifest: only its `interface` can apply,
//                                        and only when the extension has no `interface` key

import type { AgentPluginHook } from "../../../runner/shared/protocol.js";
import { compareUtf8 } from "../manifest-types.js";
import { normalizeRelative, resolvePackagePath } from "./containment.js";
import type { Findings } from "./diagnostics.js";
import { isJsonObject, readJsonFile, type JsonObject } from "./json-file.js";
import { MANIFEST_FILE, OPENAI_NAMESPACE, type PluginManifest } from "./manifest.js";
import { MCP_FILE } from "./mcp.js";
import type { VendorFileKey } from "./messages/vendor.js";
import { type SchemaName, schemaViolations } from "./schemas.js";
import { SKILLS_DIR } from "./skill-discovery.js";

export const DEFAULT_HOOKS_FILE = `${OPENAI_NAMESPACE}/hooks/hooks.json`;
export const LEGACY_MANIFEST = ".codex-plugin/plugin.json";
/** Keys a vendor may not use to replace identity or fixed component locations. */
export const OVERRIDE_KEYS = ["description", "mcpServers", "name", "skills", "version"] as const;

export interface VendorOverlay {
  interface: Record<string, unknown>;
  hooks: AgentPluginHook[];
  apps: { name: string }[];
}

type Located = { ok: true; path: string; value: JsonObject } | { ok: false };

/**
 * Reads a vendor JSON file at `relative` (normalized, inside the root lexically); an
 * `optional` file that does not exist is silently absent.
 */
async function readVendorFile(rootReal: string, relative: string, optional: boolean, findings: Findings): Promise<Located> {
  const located = await resolvePackagePath(rootReal, relative);
  switch (located.kind) {
    case "absent":
      if (!optional) findings.add(relative, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-absent" });
      // Stryker disable next-line ObjectLiteral: `{}` has no `ok` either
      return { ok: false };
    case "outside":
      findings.add(relative, { code: "agent_plugin_path_escapes", kind: "ap-vendor-file-outside" });
      // Stryker disable next-line ObjectLiteral: `{}` has no `ok` either
      return { ok: false };
    // Stryker disable next-line StringLiteral: an unmatched kind reaches readJsonFile without a path, which fails with the same code
    case "unresolvable":
    // Stryker disable next-line StringLiteral: an unmatched kind reaches readJsonFile without a path, which fails with the same code
    case "error":
      findings.add(relative, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-unresolvable", error: located.error });
      // Stryker disable next-line ObjectLiteral: `{}` has no `ok` either
      return { ok: false };
    // Stryker disable next-line ConditionalExpression,StringLiteral: without this check a directory fails the read with the same code
    case "inside":
      // Stryker disable next-line ConditionalExpression,BlockStatement: a directory fails the read below with the same code
      if (!located.stats.isFile()) {
        findings.add(relative, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-not-file" });
        // Stryker disable next-line ObjectLiteral: `{}` has no `ok` either
        return { ok: false };
      }
  }
  const read = await readJsonFile(located.real);
  // Stryker disable next-line ConditionalExpression,BlockStatement: a failed read has no value, which the next check reports with the same code
  if (!read.ok) {
    findings.add(relative, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-unreadable", flaw: read.flaw });
    // Stryker disable next-line ObjectLiteral: `{}` has no `ok` either
    return { ok: false };
  }
  if (!isJsonObject(read.value)) {
    findings.add(relative, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-not-object", value: read.value });
    // Stryker disable next-line ObjectLiteral: `{}` has no `ok` either
    return { ok: false };
  }
  return { ok: true, path: relative, value: read.value };
}

/** The "./…" path at `key` of the extension object → its normalized relative path, or a finding. */
function configuredPath(extension: JsonObject, key: VendorFileKey, findings: Findings): string | undefined {
  const namespace = OPENAI_NAMESPACE;
  const value = extension[key];
  if (typeof value !== "string" || !value.startsWith("./")) {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-path-form", namespace, key });
    return undefined;
  }
  const relative = normalizeRelative(value.slice(2));
  if (relative === undefined) {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_path_escapes", kind: "ap-vendor-path-escapes", namespace, key, value });
    return undefined;
  }
  if (relative === "") {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-path-root", namespace, key, value });
    return undefined;
  }
  return relative;
}

/** Reads a vendor file and checks it against its schema; undefined when it cannot be used. */
async function readChecked(rootReal: string, relative: string, optional: boolean, schema: SchemaName, findings: Findings): Promise<JsonObject | undefined> {
  const file = await readVendorFile(rootReal, relative, optional, findings);
  if (!file.ok) return undefined;
  const violations = schemaViolations(schema, file.value);
  for (const violation of violations) findings.add(relative, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-file-invalid", violation });
  return violations.length > 0 ? undefined : file.value;
}

interface HooksFile {
  hooks: Record<string, { hooks: { command: string }[] }[]>;
}

/** One entry per handler: events in name order, groups and handlers in file order. */
function hooksOf(file: HooksFile): AgentPluginHook[] {
  const hooks: AgentPluginHook[] = [];
  // Stryker disable next-line MethodExpression: hooks are compared as a multiset, in no order (KIT-OP-AP-RESULT)
  for (const event of Object.keys(file.hooks).sort(compareUtf8)) {
    // Stryker disable next-line ArrayDeclaration: `event` is a key of file.hooks, so the fallback is never used
    for (const group of file.hooks[event] ?? []) {
      for (const handler of group.hooks) hooks.push({ event, command: handler.command });
    }
  }
  return hooks;
}

/** Is a legacy-manifest value the "./…" path of `fixed`, a component location the format fixes? */
function namesFixedPath(value: unknown, fixed: string): boolean {
  if (typeof value !== "string" || !value.startsWith("./")) return false;
  // Stryker disable next-line MethodExpression: posix.normalize drops the "./" too; only a value starting ".//" tells them apart, which no requirement decides
  return normalizeRelative(value.slice(2)) === fixed;
}

/** Does a legacy-manifest value differ from what the root package already fixes? */
function legacyOverrides(key: (typeof OVERRIDE_KEYS)[number], value: unknown, manifest: PluginManifest): boolean {
  switch (key) {
    case "name":
      return value !== manifest.name;
    case "version":
      return value !== manifest.version;
    case "description":
      return value !== manifest.description;
    case "skills":
      return !namesFixedPath(value, SKILLS_DIR);
    case "mcpServers":
      return !namesFixedPath(value, MCP_FILE);
  }
}

export async function applyOpenAiOverlay(rootReal: string, manifest: PluginManifest, findings: Findings): Promise<VendorOverlay> {
  const overlay: VendorOverlay = { interface: {}, hooks: [], apps: [] };
  const extension = manifest.extensions[OPENAI_NAMESPACE];

  if (extension !== undefined) {
    for (const key of OVERRIDE_KEYS) {
      if (!(key in extension)) continue;
      findings.add(MANIFEST_FILE, { code: "agent_plugin_vendor_override_ignored", kind: "ap-vendor-override", namespace: OPENAI_NAMESPACE, key });
    }
    if ("interface" in extension) {
      const value = extension["interface"];
      if (isJsonObject(value)) overlay.interface = value;
      else findings.add(MANIFEST_FILE, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-interface-not-object", namespace: OPENAI_NAMESPACE, value });
    }
  }

  // Hooks: the configured file, else the namespace directory's default file (§8.2).
  let hooksFile: JsonObject | undefined;
  if (extension !== undefined && "hooks" in extension) {
    const relative = configuredPath(extension, "hooks", findings);
    if (relative !== undefined) hooksFile = await readChecked(rootReal, relative, false, "openaiHooks", findings);
  } else {
    hooksFile = await readChecked(rootReal, DEFAULT_HOOKS_FILE, true, "openaiHooks", findings);
  }
  if (hooksFile !== undefined) overlay.hooks = hooksOf(hooksFile as unknown as HooksFile);

  if (extension !== undefined && "apps" in extension) {
    const relative = configuredPath(extension, "apps", findings);
    const appsFile = relative === undefined ? undefined : await readChecked(rootReal, relative, false, "openaiApps", findings);
    if (appsFile !== undefined) {
      const names = Object.keys(appsFile["apps"] as JsonObject);
      // Stryker disable next-line MethodExpression: apps are compared as a set, in no order (KIT-OP-AP-RESULT)
      overlay.apps = names.sort(compareUtf8).map((name) => ({ name }));
    }
  }

  // The legacy Codex manifest: never identity or fixed roots; its interface only as a fallback.
  const legacy = await readVendorFile(rootReal, LEGACY_MANIFEST, true, findings);
  if (legacy.ok) {
    for (const key of OVERRIDE_KEYS) {
      if (!(key in legacy.value) || !legacyOverrides(key, legacy.value[key], manifest)) continue;
      findings.add(LEGACY_MANIFEST, { code: "agent_plugin_vendor_override_ignored", kind: "ap-vendor-legacy-override", key });
    }
    const legacyInterface = legacy.value["interface"];
    const extensionHasInterface = extension !== undefined && "interface" in extension;
    if (legacyInterface !== undefined && !isJsonObject(legacyInterface)) {
      findings.add(LEGACY_MANIFEST, { code: "agent_plugin_vendor_invalid", kind: "ap-vendor-legacy-interface-not-object", value: legacyInterface });
    } else if (legacyInterface !== undefined && !extensionHasInterface) {
      overlay.interface = legacyInterface;
    }
  }
  return overlay;
}
