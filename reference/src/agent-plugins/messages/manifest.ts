// Findings about the plugin root and root plugin.json (reference/src/agent-plugins/load.ts,
// manifest.ts; Agent Plugins 1.0.0 §5, §8.1). Their path is plugin.json.

import { describePointer, pointerFrom } from "../../messages/json-pointer.js";
import { type JsonFlaw, jsonFlawText, jsonTypeText, type SchemaViolation, violationText } from "./json.js";
import { type Messages, quote } from "./wording.js";

export type ManifestFinding =
  /** The plugin root cannot be resolved or inspected (`error`: the OS error's text). */
  | { code: "agent_plugin_manifest_missing"; kind: "ap-root-unreadable"; root: string; error: string }
  | { code: "agent_plugin_manifest_missing"; kind: "ap-root-not-directory"; root: string }
  | { code: "agent_plugin_manifest_missing"; kind: "ap-manifest-absent" }
  | { code: "agent_plugin_manifest_missing"; kind: "ap-manifest-unresolvable"; error: string }
  | { code: "agent_plugin_manifest_missing"; kind: "ap-manifest-outside" }
  | { code: "agent_plugin_manifest_missing"; kind: "ap-manifest-not-file" }
  | { code: "agent_plugin_manifest_malformed"; kind: "ap-manifest-unreadable"; flaw: JsonFlaw }
  | { code: "agent_plugin_manifest_malformed"; kind: "ap-manifest-not-object"; value: unknown }
  /** `schema`: the $schema value (undefined when absent), `supported`: the identifier the reference recognizes. */
  | { code: "agent_plugin_unsupported_version"; kind: "ap-manifest-schema-unsupported"; schema: unknown; supported: string }
  | { code: "agent_plugin_unknown_key"; kind: "ap-manifest-unknown-key"; key: string }
  | { code: "agent_plugin_manifest_invalid"; kind: "ap-manifest-field-invalid"; violation: SchemaViolation }
  | { code: "agent_plugin_extensions_invalid"; kind: "ap-manifest-extensions-not-object"; value: unknown }
  | { code: "agent_plugin_extensions_invalid"; kind: "ap-manifest-namespace-not-object"; namespace: string; value: unknown };

function unsupportedSchema(schema: unknown): string {
  if (schema === undefined) return "is missing";
  if (typeof schema !== "string") return `is ${jsonTypeText(schema)}, not a string`;
  return `${quote(schema)} is not a supported Agent Plugins version`;
}

export const MANIFEST_MESSAGES: Messages<ManifestFinding> = {
  "ap-root-unreadable": (f) => ({ message: `the plugin root ${f.root} is not a readable directory (${f.error})` }),
  "ap-root-not-directory": (f) => ({ message: `the plugin root ${f.root} is not a readable directory (not a directory)` }),
  "ap-manifest-absent": () => ({ message: "plugin.json is missing at the plugin root" }),
  "ap-manifest-unresolvable": (f) => ({ message: `plugin.json cannot be resolved: ${f.error}` }),
  "ap-manifest-outside": () => ({ message: "plugin.json resolves outside the plugin root" }),
  "ap-manifest-not-file": () => ({ message: "plugin.json is not a regular file" }),
  "ap-manifest-unreadable": (f) => ({ message: `plugin.json: ${jsonFlawText(f.flaw)}` }),
  "ap-manifest-not-object": (f) => ({ message: `plugin.json holds ${jsonTypeText(f.value)}, not a JSON object` }),
  "ap-manifest-schema-unsupported": (f) => ({ message: `$schema ${unsupportedSchema(f.schema)} (supported: ${f.supported})`, pointer: "/$schema" }),
  "ap-manifest-unknown-key": (f) => ({ message: `unknown top-level key ${quote(f.key)} was ignored`, pointer: pointerFrom([f.key]) }),
  "ap-manifest-field-invalid": (f) => ({ message: violationText(f.violation), pointer: f.violation.pointer }),
  "ap-manifest-extensions-not-object": (f) => ({ message: `extensions is ${jsonTypeText(f.value)}, not an object; it was ignored`, pointer: "/extensions" }),
  "ap-manifest-namespace-not-object": (f) => {
    const pointer = pointerFrom(["extensions", f.namespace]);
    return { message: `${describePointer(pointer)} is ${jsonTypeText(f.value)}, not an object; it was ignored`, pointer };
  },
};
