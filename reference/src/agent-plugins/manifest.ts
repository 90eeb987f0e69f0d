// Root plugin.json (Agent Plugins 1.0.0 §5): located, read and validated before anything else.
// Its $schema selects the rules (only 1.0.0 is recognized, never fetched); unknown top-level
// keys are reported and ignored (§5.2); a non-object `extensions`, or an implemented
// namespace's member that is not an object, is reported and ignored (§8.1; members of other
// namespaces are not looked at); every other violation rejects the plugin.

import { resolvePackagePath } from "./containment.js";
import type { Findings, LoaderFinding } from "./diagnostics.js";
import { isJsonObject, readJsonFile, type JsonObject } from "./json-file.js";
import { schemaViolations } from "./schemas.js";

export const MANIFEST_FILE = "plugin.json";
export const PLUGIN_SCHEMA_1_0_0 = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";
/** Recognized plugin.json $schema identifiers → the Agent Plugins version they select. */
export const PLUGIN_SCHEMAS: ReadonlyMap<string, string> = new Map([[PLUGIN_SCHEMA_1_0_0, "1.0.0"]]);

/** The vendor namespace the reference implements (vendor-openai.ts). */
export const OPENAI_NAMESPACE = "com.openai";
/** Extension namespaces the reference implements; all others are ignored unread (§8.1). */
export const IMPLEMENTED_NAMESPACES: readonly string[] = [OPENAI_NAMESPACE];

/** The closed set of top-level keys (§5.2). */
export const MANIFEST_KEYS: readonly string[] = ["$schema", "name", "version", "description", "author", "homepage", "repository", "license", "keywords", "extensions"];

export interface PluginManifest {
  /** The Agent Plugins version its $schema selected ("1.0.0"). */
  specVersion: string;
  name: string;
  version: string | null;
  description: string | null;
  /** Namespace → its object; members that are not objects were reported and left out. */
  extensions: Record<string, JsonObject>;
}

/** Reads and validates plugin.json; findings go to `findings`, undefined means "not loaded". */
export async function readManifest(rootReal: string, findings: Findings): Promise<PluginManifest | undefined> {
  const located = await resolvePackagePath(rootReal, MANIFEST_FILE);
  switch (located.kind) {
    // Stryker disable next-line ConditionalExpression: falling through to the next case reports the same code
    case "absent":
      findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_missing", kind: "ap-manifest-absent" });
      return undefined;
    case "unresolvable":
    // Stryker disable next-line ConditionalExpression: falling through to the next case reports the same code
    case "error":
      findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_missing", kind: "ap-manifest-unresolvable", error: located.error });
      return undefined;
    case "outside":
      findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_missing", kind: "ap-manifest-outside" });
      return undefined;
    case "inside":
      if (!located.stats.isFile()) {
        findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_missing", kind: "ap-manifest-not-file" });
        return undefined;
      }
  }

  const read = await readJsonFile(located.real);
  // Stryker disable next-line ConditionalExpression,BlockStatement: a failed read has no value, which the next check reports with the same code
  if (!read.ok) {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_malformed", kind: "ap-manifest-unreadable", flaw: read.flaw });
    return undefined;
  }
  const manifest = read.value;
  if (!isJsonObject(manifest)) {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_manifest_malformed", kind: "ap-manifest-not-object", value: manifest });
    return undefined;
  }
  return checkManifest(manifest, findings);
}

/** Validates a parsed plugin.json object (§5.2-§5.6, §8.1). */
export function checkManifest(manifest: JsonObject, findings: Findings): PluginManifest | undefined {
  // §5.2: the $schema value selects the rules; without a recognized one nothing else is read.
  const schema = manifest["$schema"];
  // Stryker disable next-line ConditionalExpression: Map.get of a non-string key is undefined as well
  const specVersion = typeof schema === "string" ? PLUGIN_SCHEMAS.get(schema) : undefined;
  if (specVersion === undefined) {
    findings.add(MANIFEST_FILE, { code: "agent_plugin_unsupported_version", kind: "ap-manifest-schema-unsupported", schema, supported: PLUGIN_SCHEMA_1_0_0 });
    return undefined;
  }

  // Unknown keys (warnings), then schema violations (errors), reported in pointer order together.
  const found: LoaderFinding[] = [];
  for (const key of Object.keys(manifest)) {
    if (!MANIFEST_KEYS.includes(key)) found.push({ code: "agent_plugin_unknown_key", kind: "ap-manifest-unknown-key", key });
  }
  const violations = schemaViolations("manifestFields", manifest);
  for (const violation of violations) found.push({ code: "agent_plugin_manifest_invalid", kind: "ap-manifest-field-invalid", violation });

  const extensions: Record<string, JsonObject> = {};
  const raw = manifest["extensions"];
  if (raw !== undefined && !isJsonObject(raw)) {
    found.push({ code: "agent_plugin_extensions_invalid", kind: "ap-manifest-extensions-not-object", value: raw });
  } else if (raw !== undefined) {
    for (const [namespace, value] of Object.entries(raw)) {
      if (isJsonObject(value)) extensions[namespace] = value;
      // §8.1: a namespace the reference does not implement is ignored without looking at its value.
      else if (IMPLEMENTED_NAMESPACES.includes(namespace)) {
        found.push({ code: "agent_plugin_extensions_invalid", kind: "ap-manifest-namespace-not-object", namespace, value });
      }
    }
  }

  findings.addByPointer(MANIFEST_FILE, found);
  if (violations.length > 0) return undefined;

  const optional = (key: string): string | null => {
    const value = manifest[key];
    return typeof value === "string" ? value : null;
  };
  return { specVersion, name: manifest["name"] as string, version: optional("version"), description: optional("description"), extensions };
}
