// load-agent-plugin (SPEC 1.8): the implementation loads an Agent Plugins 1.0 package and
// reports what it loaded; papc compares each part the case checks.

import type { AgentPluginLoadResult } from "../../../shared/protocol.js";
import { ownKeys, type OperationOf } from "../../registry/operation-definition.js";
import { compareAgentPlugin } from "./compare.js";
import { loadAgentPluginScaffold } from "./scaffold.js";
import { loadAgentPluginCaseSchema } from "./case-schema.js";

export const loadAgentPlugin: OperationOf<"load-agent-plugin"> = {
  name: "load-agent-plugin",
  usedIn: { case: true, step: false },
  keys: { given: [], expect: ownKeys<"load-agent-plugin">()(["loaded", "identity", "skills", "mcp_servers", "hooks", "apps", "interface", "diagnostics"]) },
  caseSchema: loadAgentPluginCaseSchema,
  noExit: "a load-agent-plugin case has no exit status to check (SPEC 1.8, 1.9)",
  // an identity field or an interface value may be expected null (stated as null in plugin.json)
  nullAllowed: ([a, b, ...rest]) => a === "expect" && (b === "identity" || (b === "interface" && rest.length > 0)),
  scaffold: loadAgentPluginScaffold,
  readsOnly: true,
  resultSchema: "protocol/load-agent-plugin-result.schema.json",
  async judge(c, result) {
    const loaded = result as unknown as AgentPluginLoadResult;
    const contradicted = Object.keys(loaded.unobserved ?? {}).filter((field) => loaded[field as keyof AgentPluginLoadResult] !== undefined);
    if (contradicted.length > 0) return { ok: false, message: `result reports ${contradicted.join(", ")} and also names it under \`unobserved\`` };
    const { diff, unobserved } = compareAgentPlugin(c.expect, loaded);
    return unobserved.length > 0 ? { ok: true, diff, unobserved } : { ok: true, diff };
  },
  // Rejecting when the package is expected not to load or an error diagnostic (something
  // rejected or skipped) is expected; otherwise, when it loads, accepting.
  polarity(e) {
    const skips = (e.diagnostics?.includes ?? []).some((d) => d.severity === "error");
    if (e.loaded === false || skips) return "rejecting";
    return e.loaded === true ? "accepting" : "other";
  },
};
