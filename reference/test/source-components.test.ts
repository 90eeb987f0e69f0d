// The source's components at the unit level: skill frontmatter rules as typed flaws, and the
// wording (reference/src/validate/messages/sources.ts, resolution.ts) of the findings and
// details that no conformance case reaches (unreadable paths need a non-root run, truncated
// listings 4096 entries).

import { describe, expect, it } from "vitest";
import { diagnostic } from "../src/validate/diagnostic-codes.js";
import { resolutionDetail } from "../src/validate/messages/resolution.js";
import { agentReasonText, instructionReasonText } from "../src/validate/messages/sources.js";
import type { ComponentReference } from "../src/validate/references.js";
import { skillFieldFlaws, skillNameFlaw } from "../src/validate/skills.js";

describe("skill frontmatter", () => {
  it.each([
    [12, "review", "not-string"],
    ["", "", "length"],
    ["x".repeat(65), "x".repeat(65), "length"],
    ["Review", "Review", "spelling"],
    ["a--b", "a--b", "spelling"],
    ["review", "review-2", "not-directory-name"],
    ["review", "review", undefined],
  ])("the name %j in %j: %j", (name, dir, flaw) => {
    expect(skillNameFlaw(name, dir)).toBe(flaw);
  });

  it("lists the field flaws in order", () => {
    expect(skillFieldFlaws({ license: 1, "allowed-tools": [], compatibility: "", metadata: { a: 1 }, id: " " })).toEqual([
      { flaw: "description-missing" },
      { flaw: "not-string", field: "license" },
      { flaw: "not-string", field: "allowed-tools" },
      { flaw: "compatibility", maxCharacters: 500 },
      { flaw: "metadata" },
      { flaw: "id" },
    ]);
    expect(skillFieldFlaws({ description: " " })).toEqual([{ flaw: "description", maxCharacters: 1024 }]);
    expect(skillFieldFlaws({ description: "d" })).toEqual([]);
  });
});

describe("wording the suite does not reach", () => {
  const message = (problem: Parameters<typeof diagnostic>[0]["problem"]) => diagnostic({ path: "skills", problem }).message;

  it("skill warnings", () => {
    expect(message({ code: "source_unreadable_path", kind: "skill-directory-unreadable", error: "EACCES: denied" })).toBe("cannot list skills: EACCES: denied");
    expect(message({ code: "source_unreadable_path", kind: "skill-file-uninspectable", error: "EACCES: denied" })).toBe("cannot inspect SKILL.md: EACCES: denied");
    expect(message({ code: "source_unreadable_path", kind: "skill-file-unreadable", failure: { flaw: "cannot-open", error: "EACCES" } })).toBe(
      "cannot read SKILL.md: cannot open: EACCES",
    );
    expect(
      diagnostic({ path: "skills/a/SKILL.md", problem: { code: "source_malformed_frontmatter", kind: "skill-fields", flaws: [{ flaw: "metadata" }, { flaw: "id" }] } }),
    ).toEqual({
      code: "source_malformed_frontmatter",
      phase: "member_resolution",
      severity: "warning",
      path: "skills/a/SKILL.md",
      message: "metadata must be a mapping from strings to strings; id must be a non-empty string",
    });
  });

  it("agent and instruction reasons", () => {
    expect(agentReasonText({ flaw: "uninspectable", error: "EACCES: denied" })).toBe("cannot inspect AGENT.md: EACCES: denied");
    expect(agentReasonText({ flaw: "unreadable", failure: { flaw: "cannot-read", error: "EIO" } })).toBe("cannot read: EIO");
    expect(agentReasonText({ flaw: "agents-unreadable", error: "EACCES: denied" })).toBe("cannot list agents: EACCES: denied");
    expect(agentReasonText({ flaw: "agents-truncated", maxEntries: 4096 })).toBe("agents holds more than 4096 entries; only the first were examined");
    expect(instructionReasonText({ flaw: "directory-unreadable", error: "EACCES: denied" })).toBe("cannot list instructions: EACCES: denied");
    expect(instructionReasonText({ flaw: "missing", path: "instructions/a.md", truncated: true, maxEntries: 4096 })).toBe(
      "instructions/a.md does not exist among the first 4096 entries of instructions (the rest were not examined)",
    );
    expect(instructionReasonText({ flaw: "uninspectable", path: "instructions/a.md", error: "EACCES: denied" })).toBe("cannot inspect instructions/a.md: EACCES: denied");
    expect(instructionReasonText({ flaw: "unreadable", path: "instructions/a.md", failure: { flaw: "cannot-open", error: "EACCES" } })).toBe(
      "instructions/a.md: cannot open: EACCES",
    );
  });

  it("resolution details and the unresolved findings", () => {
    const reference: ComponentReference = { kind: "agent", selector: "reviewer" };
    const reason = { outcome: "unusable-agent", reference, rejection: { flaw: "agents-unreadable", error: "EACCES: denied" } } as const;
    expect(resolutionDetail(reason)).toBe("agent:reviewer is not present in the supplied source tree: agents/reviewer: cannot list agents: EACCES: denied");
    const problem = { code: "unresolved_member", kind: "resolution-member-unresolved", ref: "agent:reviewer", requirement: "optional", status: "missing", reason } as const;
    expect(diagnostic({ path: "plugins/demo/PLUGIN.toml", problem, required: false })).toEqual({
      code: "unresolved_member",
      phase: "member_resolution",
      severity: "warning",
      path: "plugins/demo/PLUGIN.toml",
      message: "optional member agent:reviewer is missing: agent:reviewer is not present in the supplied source tree: agents/reviewer: cannot list agents: EACCES: denied",
    });
  });

  it("fails loudly for a reason it has no wording for", () => {
    expect(() => agentReasonText({ flaw: "" } as never)).toThrow(/no wording/);
    expect(() => instructionReasonText({ flaw: "" } as never)).toThrow(/no wording/);
    expect(() => resolutionDetail({ outcome: "" } as never)).toThrow(/no wording/);
    expect(() => message({ code: "source_malformed_frontmatter", kind: "skill-fields", flaws: [{ flaw: "" } as never] })).toThrow(/no wording/);
  });
});
