// Every kind of finding the Agent Plugins loader reports, and the one place that words them: a
// finding names its code (its severity is the code's, diagnostics.ts), its kind and the values
// it is about; render() gives the diagnostic's message and JSON Pointer. Each area's kinds and
// wording are in its own file here.

import { MANIFEST_MESSAGES, type ManifestFinding } from "./manifest.js";
import { MCP_MESSAGES, type McpFinding } from "./mcp.js";
import { SKILL_MESSAGES, type SkillFinding } from "./skills.js";
import { VENDOR_MESSAGES, type VendorFinding } from "./vendor.js";
import { type Messages, type Rendered, wordBy } from "./wording.js";

export type LoaderFinding = ManifestFinding | SkillFinding | McpFinding | VendorFinding;

const MESSAGES: Messages<LoaderFinding> = {
  ...MANIFEST_MESSAGES,
  ...SKILL_MESSAGES,
  ...MCP_MESSAGES,
  ...VENDOR_MESSAGES,
};

/** Each area's table, for the check that no two areas use the same kind (reference/test/agent-plugins-messages.test.ts). */
export const AREAS: Readonly<Record<string, object>> = {
  manifest: MANIFEST_MESSAGES,
  skills: SKILL_MESSAGES,
  mcp: MCP_MESSAGES,
  vendor: VENDOR_MESSAGES,
};

/** The message and pointer of a finding in the file at `path`. Throws for a kind that has no wording. */
export function render(finding: LoaderFinding, path: string): Rendered {
  return wordBy(MESSAGES, { ...finding, path }, "kind");
}
