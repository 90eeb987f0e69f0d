// SPEC table 5.1 read as data (runner/src/spec/event-table.ts): the dispatch cases' hook
// defaults come from the table the spec prints.

import { describe, expect, it } from "vitest";
import { kitEventTable, nativeEventTable } from "../src/spec/event-table.js";

describe("SPEC table 5.1", () => {
  it("maps the six native events, each with the providers that have it", () => {
    expect(Object.fromEntries(kitEventTable())).toEqual({
      SessionEnd: { subject: "session", phase: "end", providers: ["claude-code", "codex"] },
      UserPromptSubmit: { subject: "user_prompt", phase: "before", providers: ["claude-code", "codex"] },
      PreToolUse: { subject: "tool_call", phase: "before", providers: ["claude-code", "codex"] },
      PostToolUse: { subject: "tool_call", phase: "after", providers: ["claude-code", "codex"] },
      PostToolUseFailure: { subject: "tool_call", phase: "after", providers: ["claude-code"] },
      Stop: { subject: "workflow", phase: "completion_attempt", providers: ["claude-code", "codex"] },
    });
  });

  it("refuses a SPEC.md without the table rather than mapping nothing", () => {
    expect(() => nativeEventTable("# papc\n\n### 5.1 Events and hooks\n\nno table\n\n### 5.2 Bindings\n")).toThrow(/no event row/);
    expect(() => nativeEventTable("# papc\n")).toThrow(/no section 5.1/);
  });
});
