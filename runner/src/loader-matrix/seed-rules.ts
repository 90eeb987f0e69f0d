// The rows of the Agent Plugins loader matrix: SPEC.md chapter 9's requirements grouped under the
// rule of seed 004 each one serves (the seed's own four rules first, then what AP 1.0.0 adds).
// runner/test/loader-matrix.test.ts checks that every AP-* requirement of SPEC.md is in exactly
// one group, so a new requirement cannot fall out of the matrix.

export interface RuleGroup {
  title: string;
  /** What the rule asks, in a line. */
  gist: string;
  requirements: string[];
}

/** The cases of seed 004's four acceptance fixtures (the third is two cases: nested, symlink). */
export const SEED_FIXTURE_PREFIX = "agent-plugins/seed/";

/** The cases the matrix is about. */
export const AGENT_PLUGIN_CASES = "agent-plugins/";

export const RULE_GROUPS: RuleGroup[] = [
  {
    title: "1. Validate the manifest; select the version by `$schema`",
    gist: "Seed 004: read `$schema` as an identifier, never fetch a schema, and reject an unsupported version before publishing any capability; AP 1.0.0 §5 adds the manifest's own rules.",
    requirements: [
      "AP-SCHEMA-SELECTS",
      "AP-SCHEMA-UNSUPPORTED",
      "AP-MANIFEST-REQUIRED",
      "AP-MANIFEST-OBJECT",
      "AP-MANIFEST-REQUIRED-FIELDS",
      "AP-MANIFEST-NAME",
      "AP-MANIFEST-FIELD-TYPES",
      "AP-MANIFEST-LENIENT-VALUES",
      "AP-MANIFEST-UNKNOWN-KEY",
      "AP-EXTENSIONS-NOT-OBJECT",
      "AP-EXTENSIONS-FOREIGN",
    ],
  },
  {
    title: "2. Fixed discovery: `skills/` immediate children and `mcp.json`",
    gist: "Seed 004: skills are immediate children of `skills/`, MCP configuration lives at `mcp.json`; nothing moves them.",
    requirements: ["AP-DISCOVERY-FIXED", "AP-DISCOVERY-ABSENT", "AP-DISCOVERY-WRONG-KIND", "AP-SKILL-IMMEDIATE-CHILD", "AP-SKILL-CONFORMS"],
  },
  {
    title: "3. Root-confined paths; symlinks inside the root permitted",
    gist: "Seed 004: resolve every package path against the materialized root and skip what escapes it, without banning symlinks that stay inside.",
    requirements: ["AP-PATH-CONTAINED", "AP-SYMLINK-INSIDE"],
  },
  {
    title: "4. Vendor overlays add, never replace",
    gist: "Seed 004: a vendor extension may supply interface, hook or app metadata, never the portable identity, version, description or fixed component roots.",
    requirements: ["AP-VENDOR-NO-OVERRIDE", "AP-VENDOR-ADDS", "AP-VENDOR-INERT-WHEN-REJECTED"],
  },
  {
    title: "5. MCP server entries (AP 1.0.0 §7.2, §9.2)",
    gist: "Beyond seed 004: the shape of `mcp.json` and of each server, and `${PLUGIN_ROOT}`/`${PLUGIN_DATA}` expansion.",
    requirements: ["AP-MCP-FILE", "AP-MCP-SERVER-VARIANT", "AP-MCP-COMMAND", "AP-MCP-CWD", "AP-MCP-EXPANSION", "AP-MCP-RESERVED-ENV", "AP-MCP-REMOTE-URL"],
  },
  {
    title: "6. Reporting",
    gist: "AP 1.0.0 (SHOULD): say what was rejected, skipped or ignored, and why.",
    requirements: ["AP-REPORT"],
  },
];
