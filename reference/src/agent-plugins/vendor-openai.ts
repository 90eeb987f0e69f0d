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
import { escapeSegment } from "../json-pointer.js";
import { compareUtf8 } from "../manifest-types.js";
import { normalizeRelative, resolvePackagePath } from "./containment.js";
import type { Findings } from "./diagnostics.js";
import { isJsonObject, jsonType, readJsonFile, type JsonObject } from "./json-file.js";
import { MANIFEST_FILE, OPENAI_NAMESPACE, type PluginManifest } from "./manifest.js";
import { MCP_FILE } from "./mcp.js";
import { schemaProblems, type SchemaName } from "./schemas.js";
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

const EXTENSION_POINTER = `/extensions/${escapeSegment(OPENAI_NAMESPACE)}`;

type Located = { ok: true; path: string; value: JsonObject } | { ok: false };

/**
 * Reads a vendor JSON file at `relative` (normalized, inside the root lexically); an
 * `optional` file that does not exist is silently absent.
 */
async function readVendorFile(rootReal: string, relative: string, optional: boolean, findings: Findings): Promise<Located> {
  const at = { path: relative };
  const located = await resolvePackagePath(rootReal, relative);
  switch (located.kind) {
    case "absent":
      if (!optional) findings.add("agent_plugin_vendor_invalid", `${relative} does not exist; it was ignored`, at);
      return { ok: false };
    case "outside":
      findings.add("agent_plugin_path_escapes", `${relative} resolves outside the plugin root; it was ignored`, at);
      return { ok: false };
    case "unresolvable":
    case "error":
      findings.add("agent_plugin_vendor_invalid", `${relative} cannot be resolved (${located.message}); it was ignored`, at);
      return { ok: false };
    case "inside":
      if (!located.stats.isFile()) {
        findings.add("agent_plugin_vendor_invalid", `${relative} is not a regular file; it was ignored`, at);
        return { ok: false };
      }
  }
  const read = await readJsonFile(located.real);
  if (!read.ok) {
    findings.add("agent_plugin_vendor_invalid", `${relative}: ${read.message}; it was ignored`, at);
    return { ok: false };
  }
  if (!isJsonObject(read.value)) {
    findings.add("agent_plugin_vendor_invalid", `${relative} holds ${jsonType(read.value)}, not a JSON object; it was ignored`, at);
    return { ok: false };
  }
  return { ok: true, path: relative, value: read.value };
}

/** A "./…" path from the extension object → its normalized relative path, or a finding. */
function configuredPath(value: unknown, key: string, findings: Findings): string | undefined {
  const at = { path: MANIFEST_FILE, pointer: `${EXTENSION_POINTER}/${key}` };
  if (typeof value !== "string" || !value.startsWith("./")) {
    findings.add("agent_plugin_vendor_invalid", `${OPENAI_NAMESPACE} ${key} must be a plugin-relative path beginning with "./"; it was ignored`, at);
    return undefined;
  }
  const relative = normalizeRelative(value.slice(2));
  if (relative === undefined) {
    findings.add("agent_plugin_path_escapes", `${OPENAI_NAMESPACE} ${key} ${JSON.stringify(value)} climbs out of the plugin root; it was ignored`, at);
    return undefined;
  }
  if (relative === "") {
    findings.add("agent_plugin_vendor_invalid", `${OPENAI_NAMESPACE} ${key} ${JSON.stringify(value)} names the plugin root, not a file; it was ignored`, at);
    return undefined;
  }
  return relative;
}

/** Reads a vendor file and checks it against its schema; undefined when it cannot be used. */
async function readChecked(rootReal: string, relative: string, optional: boolean, schema: SchemaName, findings: Findings): Promise<JsonObject | undefined> {
  const file = await readVendorFile(rootReal, relative, optional, findings);
  if (!file.ok) return undefined;
  const problems = schemaProblems(schema, file.value);
  for (const problem of problems)
    findings.add("agent_plugin_vendor_invalid", `${relative}: ${problem.message}; the file was ignored`, { path: relative, pointer: problem.pointer });
  return problems.length > 0 ? undefined : file.value;
}

interface HooksFile {
  hooks: Record<string, { hooks: { command: string }[] }[]>;
}

/** One entry per handler: events in name order, groups and handlers in file order. */
function hooksOf(file: HooksFile): AgentPluginHook[] {
  const hooks: AgentPluginHook[] = [];
  for (const event of Object.keys(file.hooks).sort(compareUtf8)) {
    for (const group of file.hooks[event] ?? []) {
      for (const handler of group.hooks) hooks.push({ event, command: handler.command });
    }
  }
  return hooks;
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
      return !(typeof value === "string" && value.startsWith("./") && normalizeRelative(value.slice(2)) === SKILLS_DIR);
    case "mcpServers":
      return !(typeof value === "string" && value.startsWith("./") && normalizeRelative(value.slice(2)) === MCP_FILE);
  }
}

export async function applyOpenAiOverlay(rootReal: string, manifest: PluginManifest, findings: Findings): Promise<VendorOverlay> {
  const overlay: VendorOverlay = { interface: {}, hooks: [], apps: [] };
  const extension = manifest.extensions[OPENAI_NAMESPACE];

  if (extension !== undefined) {
    for (const key of OVERRIDE_KEYS) {
      if (!(key in extension)) continue;
      findings.add("agent_plugin_vendor_override_ignored", `${OPENAI_NAMESPACE} may not set ${key}; root plugin.json and the fixed locations decide it`, {
        path: MANIFEST_FILE,
        pointer: `${EXTENSION_POINTER}/${key}`,
      });
    }
    if ("interface" in extension) {
      const value = extension["interface"];
      if (isJsonObject(value)) overlay.interface = value;
      else
        findings.add("agent_plugin_vendor_invalid", `${OPENAI_NAMESPACE} interface is ${jsonType(value)}, not an object; it was ignored`, {
          path: MANIFEST_FILE,
          pointer: `${EXTENSION_POINTER}/interface`,
        });
    }
  }

  // Hooks: the configured file, else the namespace directory's default file (§8.2).
  let hooksFile: JsonObject | undefined;
  if (extension !== undefined && "hooks" in extension) {
    const relative = configuredPath(extension["hooks"], "hooks", findings);
    if (relative !== undefined) hooksFile = await readChecked(rootReal, relative, false, "openaiHooks", findings);
  } else {
    hooksFile = await readChecked(rootReal, DEFAULT_HOOKS_FILE, true, "openaiHooks", findings);
  }
  if (hooksFile !== undefined) overlay.hooks = hooksOf(hooksFile as unknown as HooksFile);

  if (extension !== undefined && "apps" in extension) {
    const relative = configuredPath(extension["apps"], "apps", findings);
    const appsFile = relative === undefined ? undefined : await readChecked(rootReal, relative, false, "openaiApps", findings);
    if (appsFile !== undefined)
      overlay.apps = Object.keys(appsFile["apps"] as JsonObject)
        .sort(compareUtf8)
        .map((name) => ({ name }));
  }

  // The legacy Codex manifest: never identity or fixed roots; its interface only as a fallback.
  const legacy = await readVendorFile(rootReal, LEGACY_MANIFEST, true, findings);
  if (legacy.ok) {
    for (const key of OVERRIDE_KEYS) {
      if (!(key in legacy.value) || !legacyOverrides(key, legacy.value[key], manifest)) continue;
      findings.add("agent_plugin_vendor_override_ignored", `${LEGACY_MANIFEST} ${key} differs from the root package and was ignored`, {
        path: LEGACY_MANIFEST,
        pointer: `/${key}`,
      });
    }
    const legacyInterface = legacy.value["interface"];
    const extensionHasInterface = extension !== undefined && "interface" in extension;
    if (legacyInterface !== undefined && !isJsonObject(legacyInterface)) {
      findings.add("agent_plugin_vendor_invalid", `${LEGACY_MANIFEST} interface is ${jsonType(legacyInterface)}, not an object; it was ignored`, {
        path: LEGACY_MANIFEST,
        pointer: "/interface",
      });
    } else if (legacyInterface !== undefined && !extensionHasInterface) {
      overlay.interface = legacyInterface;
    }
  }
  return overlay;
}
