// The native hook response per harness and event (SPEC 6.1).
// R = model-facing reasons, C = contexts, U = user diagnostics (systemMessage).
// SessionEnd is not rendered here: both harnesses ignore its stdout (dispatch.ts).

import type { Composed } from "./compose.js";
import type { Harness } from "./types.js";

type Json = Record<string, unknown>;

function specific(event: string, fields: Json): Json {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

function withContext(fields: Json, contexts: readonly string[]): Json {
  return contexts.length > 0 ? { ...fields, additionalContext: contexts.join("\n") } : fields;
}

function body(harness: Harness, event: string, c: Composed): Json {
  switch (event) {
    case "PreToolUse":
      if (c.denyReasons.length > 0) return specific(event, { permissionDecision: "deny", permissionDecisionReason: c.denyReasons.join("\n") });
      if (c.rewrite !== undefined) {
        // Codex applies updatedInput only together with an explicit allow; Claude Code keeps its
        // ordinary permission flow, so allow is never rendered there.
        const decision = harness === "codex" ? { permissionDecision: "allow" } : {};
        return specific(event, withContext({ ...decision, updatedInput: c.rewrite }, c.contexts));
      }
      return c.contexts.length > 0 ? specific(event, withContext({}, c.contexts)) : {};
    case "UserPromptSubmit":
      if (c.denyReasons.length > 0) return { decision: "block", reason: c.denyReasons.join("\n") };
      return c.contexts.length > 0 ? specific(event, withContext({}, c.contexts)) : {};
    case "PostToolUse":
    case "PostToolUseFailure":
      // effect-compat.ts lets a replacement through only for Claude Code's PostToolUse.
      if (c.replacement !== undefined) return specific(event, withContext({ updatedToolOutput: c.replacement.output }, c.contexts));
      return c.contexts.length > 0 ? specific(event, withContext({}, c.contexts)) : {};
    case "Stop":
      return c.continuation.length > 0 ? { decision: "block", reason: c.continuation.join("\n") } : {};
    default:
      return {};
  }
}

export function nativeResponse(harness: Harness, event: string, composed: Composed): Json {
  const response = body(harness, event, composed);
  return composed.diagnostics.length > 0 ? { ...response, systemMessage: composed.diagnostics.join("\n") } : response;
}
