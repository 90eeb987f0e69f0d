// Findings about the com.openai vendor overlay (reference/src/agent-plugins/vendor-openai.ts;
// Agent Plugins 1.0.0 §8): its keys in root plugin.json's extensions, the hooks and apps files it
// names, and the legacy .codex-plugin/plugin.json. A vendor file's findings name it as their path.

import { pointerFrom } from "../../messages/json-pointer.js";
import { type JsonFlaw, jsonFlawText, jsonTypeText, type SchemaViolation, violationText } from "./json.js";
import { type Messages, quote } from "./wording.js";

/** A key of the extension object that names a vendor file. */
export type VendorFileKey = "hooks" | "apps";

/** A finding about a key of extensions[namespace] in plugin.json. */
type ExtensionFinding = { namespace: string } & (
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-path-form"; key: VendorFileKey }
  | { code: "agent_plugin_path_escapes"; kind: "ap-vendor-path-escapes"; key: VendorFileKey; value: string }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-path-root"; key: VendorFileKey; value: string }
  /** A key the vendor may not use to replace identity or fixed component locations. */
  | { code: "agent_plugin_vendor_override_ignored"; kind: "ap-vendor-override"; key: string }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-interface-not-object"; value: unknown }
);

/** A finding about a vendor file (its path). */
type FileFinding =
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-file-absent" }
  | { code: "agent_plugin_path_escapes"; kind: "ap-vendor-file-outside" }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-file-unresolvable"; error: string }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-file-not-file" }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-file-unreadable"; flaw: JsonFlaw }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-file-not-object"; value: unknown }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-file-invalid"; violation: SchemaViolation }
  /** A key of the legacy manifest that differs from what the root package fixes. */
  | { code: "agent_plugin_vendor_override_ignored"; kind: "ap-vendor-legacy-override"; key: string }
  | { code: "agent_plugin_vendor_invalid"; kind: "ap-vendor-legacy-interface-not-object"; value: unknown };

export type VendorFinding = ExtensionFinding | FileFinding;

/** The pointer of a key of extensions[namespace] in plugin.json. */
const extensionKey = (namespace: string, key: string) => pointerFrom(["extensions", namespace, key]);

export const VENDOR_MESSAGES: Messages<VendorFinding> = {
  "ap-vendor-path-form": (f) => ({
    message: `${f.namespace} ${f.key} must be a plugin-relative path beginning with "./"; it was ignored`,
    pointer: extensionKey(f.namespace, f.key),
  }),
  "ap-vendor-path-escapes": (f) => ({
    message: `${f.namespace} ${f.key} ${quote(f.value)} climbs out of the plugin root; it was ignored`,
    pointer: extensionKey(f.namespace, f.key),
  }),
  "ap-vendor-path-root": (f) => ({
    message: `${f.namespace} ${f.key} ${quote(f.value)} names the plugin root, not a file; it was ignored`,
    pointer: extensionKey(f.namespace, f.key),
  }),
  "ap-vendor-override": (f) => ({
    message: `${f.namespace} may not set ${f.key}; root plugin.json and the fixed locations decide it`,
    pointer: extensionKey(f.namespace, f.key),
  }),
  "ap-vendor-interface-not-object": (f) => ({
    message: `${f.namespace} interface is ${jsonTypeText(f.value)}, not an object; it was ignored`,
    pointer: extensionKey(f.namespace, "interface"),
  }),
  "ap-vendor-file-absent": (f) => ({ message: `${f.path} does not exist; it was ignored` }),
  "ap-vendor-file-outside": (f) => ({ message: `${f.path} resolves outside the plugin root; it was ignored` }),
  "ap-vendor-file-unresolvable": (f) => ({ message: `${f.path} cannot be resolved (${f.error}); it was ignored` }),
  "ap-vendor-file-not-file": (f) => ({ message: `${f.path} is not a regular file; it was ignored` }),
  "ap-vendor-file-unreadable": (f) => ({ message: `${f.path}: ${jsonFlawText(f.flaw)}; it was ignored` }),
  "ap-vendor-file-not-object": (f) => ({ message: `${f.path} holds ${jsonTypeText(f.value)}, not a JSON object; it was ignored` }),
  "ap-vendor-file-invalid": (f) => ({ message: `${f.path}: ${violationText(f.violation)}; the file was ignored`, pointer: f.violation.pointer }),
  "ap-vendor-legacy-override": (f) => ({ message: `${f.path} ${f.key} differs from the root package and was ignored`, pointer: pointerFrom([f.key]) }),
  "ap-vendor-legacy-interface-not-object": (f) => ({
    message: `${f.path} interface is ${jsonTypeText(f.value)}, not an object; it was ignored`,
    pointer: "/interface",
  }),
};
