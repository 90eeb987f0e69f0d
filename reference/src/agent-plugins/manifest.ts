// Root plugin.json (Agent Plugins 1.0.0 §5): located, read and validated before anything else.
// Its $schema selects the rules (only 1.0.0 is recognized, never fetched); unknown top-level
// keys are reported and ignored (§5.2); a non-object `extensions`, or an implemented
// namespace's member that is not an object, is reported and ignored (§8.1; members of other
// namespaces are not looked at); every other violation rejects the plugin.

import { describePointer, escapeSegment } from "../json-pointer.js";
import { resolvePackagePath } from "./containment.js";
import type { Findings } from "./diagnostics.js";
import { isJsonObject, jsonType, readJsonFile, type JsonObject } from "./json-file.js";
import { comparePointers, schemaProblems } from "./schemas.js";

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
  const at = { path: MANIFEST_FILE };
  const located = await resolvePackagePath(rootReal, MANIFEST_FILE);
  switch (located.kind) {
    case "absent":
      findings.add("agent_plugin_manifest_missing", "plugin.json is missing at the plugin root", at);
      return undefined;
    case "unresolvable":
    case "error":
      findings.add("agent_plugin_manifest_missing", `plugin.json cannot be resolved: ${located.message}`, at);
      return undefined;
    case "outside":
      findings.add("agent_plugin_manifest_missing", "plugin.json resolves outside the plugin root", at);
      return undefined;
    case "inside":
      if (!located.stats.isFile()) {
        findings.add("agent_plugin_manifest_missing", "plugin.json is not a regular file", at);
        return undefined;
      }
  }

  const read = await readJsonFile(located.real);
  if (!read.ok) {
    findings.add("agent_plugin_manifest_malformed", `plugin.json: ${read.message}`, at);
    return undefined;
  }
  const manifest = read.value;
  if (!isJsonObject(manifest)) {
    findings.add("agent_plugin_manifest_malformed", `plugin.json holds ${jsonType(manifest)}, not a JSON object`, at);
    return undefined;
  }
  return checkManifest(manifest, findings);
}

/** Validates a parsed plugin.json object (§5.2-§5.6, §8.1). */
export function checkManifest(manifest: JsonObject, findings: Findings): PluginManifest | undefined {
  const at = (pointer: string) => ({ path: MANIFEST_FILE, pointer });

  // §5.2: the $schema value selects the rules; without a recognized one nothing else is read.
  const schema = manifest["$schema"];
  const specVersion = typeof schema === "string" ? PLUGIN_SCHEMAS.get(schema) : undefined;
  if (specVersion === undefined) {
    const what =
      schema === undefined
        ? "is missing"
        : typeof schema !== "string"
          ? `is ${jsonType(schema)}, not a string`
          : `${JSON.stringify(schema)} is not a supported Agent Plugins version`;
    findings.add("agent_plugin_unsupported_version", `$schema ${what} (supported: ${PLUGIN_SCHEMA_1_0_0})`, at("/$schema"));
    return undefined;
  }

  // Unknown keys (warnings), then schema violations (errors), in pointer order together.
  const found: { pointer: string; add: () => void }[] = [];
  for (const key of Object.keys(manifest)) {
    if (MANIFEST_KEYS.includes(key)) continue;
    const pointer = "/" + escapeSegment(key);
    found.push({ pointer, add: () => findings.add("agent_plugin_unknown_key", `unknown top-level key ${JSON.stringify(key)} was ignored`, at(pointer)) });
  }
  const problems = schemaProblems("manifestFields", manifest);
  for (const problem of problems) {
    found.push({ pointer: problem.pointer, add: () => findings.add("agent_plugin_manifest_invalid", problem.message, at(problem.pointer)) });
  }

  const extensions: Record<string, JsonObject> = {};
  const raw = manifest["extensions"];
  if (raw !== undefined && !isJsonObject(raw)) {
    found.push({
      pointer: "/extensions",
      add: () => findings.add("agent_plugin_extensions_invalid", `extensions is ${jsonType(raw)}, not an object; it was ignored`, at("/extensions")),
    });
  } else if (raw !== undefined) {
    for (const [namespace, value] of Object.entries(raw)) {
      const pointer = "/extensions/" + escapeSegment(namespace);
      if (isJsonObject(value)) extensions[namespace] = value;
      // §8.1: a namespace the reference does not implement is ignored without looking at its value.
      else if (IMPLEMENTED_NAMESPACES.includes(namespace)) {
        found.push({
          pointer,
          add: () => findings.add("agent_plugin_extensions_invalid", `${describePointer(pointer)} is ${jsonType(value)}, not an object; it was ignored`, at(pointer)),
        });
      }
    }
  }

  found.sort((left, right) => comparePointers(left.pointer, right.pointer));
  for (const finding of found) finding.add();
  if (problems.length > 0) return undefined;

  const optional = (key: string): string | null => {
    const value = manifest[key];
    return typeof value === "string" ? value : null;
  };
  return { specVersion, name: manifest["name"] as string, version: optional("version"), description: optional("description"), extensions };
}
