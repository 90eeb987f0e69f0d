// Compose cases in the kit (KIT-OP-COMPOSE-RESULT): the comparison of a compose result with
// `expect`, and lint findings for malformed compose cases at their lines.

import { describe, expect, it } from "vitest";
import { compareCompose } from "../src/operations/compose/compare.js";
import { check } from "../src/schemas/registry.js";
import type { ComposeResult } from "../shared/protocol.js";
import { loadText, recordingsDir } from "./dispatch-helpers.js";

const result: ComposeResult = {
  order: ["base", "lint"],
  rejected: [
    { package: "b/plugins/x", code: "host_duplicate_name" },
    { package: "a/plugins/x", code: "host_duplicate_name" },
  ],
  tools: [
    { name: "audit", plugin: "base" },
    { name: "lint", plugin: "lint" },
  ],
  fired: ["base#hook:audit", "lint#hook:gate"],
  decision: { kind: "rewrite_input", input: { command: "ls", flags: { a: 1, b: null } }, context: "one\ntwo" },
  conflicts: [],
  failures: [],
};

describe("compareCompose", () => {
  it("compares order, tools and fired exactly, order included", () => {
    expect(compareCompose({ order: ["base", "lint"], fired: ["base#hook:audit", "lint#hook:gate"], tools: result.tools }, result)).toEqual([]);
    expect(compareCompose({ order: ["lint", "base"] }, result)).not.toEqual([]);
    expect(compareCompose({ fired: ["base#hook:audit"] }, result)).not.toEqual([]);
    expect(compareCompose({ conflicts: [{ hooks: ["a#hook:x", "b#hook:y"] }] }, result)).not.toEqual([]);
  });

  it("compares rejected packages as a set of {package, code}", () => {
    expect(
      compareCompose(
        {
          rejected: [
            { package: "a/plugins/x", code: "host_duplicate_name" },
            { package: "b/plugins/x", code: "host_duplicate_name" },
          ],
        },
        result,
      ),
    ).toEqual([]);
    expect(compareCompose({ rejected: [{ package: "a/plugins/x", code: "host_duplicate_name" }] }, result)).not.toEqual([]);
    expect(compareCompose({ rejected: [] }, result)).not.toEqual([]);
  });

  it("compares the decision by the keys it names, input and output as whole values whatever their key order", () => {
    expect(compareCompose({ decision: { kind: "rewrite_input" } }, result)).toEqual([]);
    expect(compareCompose({ decision: { input: { flags: { b: null, a: 1 }, command: "ls" }, context: "one\ntwo" } }, result)).toEqual([]);
    expect(compareCompose({ decision: { input: { command: "ls" } } }, result)).not.toEqual([]);
    expect(compareCompose({ decision: { reason: "x" } }, result)).not.toEqual([]);
    expect(compareCompose({ decision: { kind: "deny" } }, result)).not.toEqual([]);
  });

  it("result schema requires every field and a decision kind", () => {
    expect(check("protocol/compose-result.schema.json", result).ok).toBe(true);
    expect(check("protocol/compose-result.schema.json", { ...result, decision: {} }).ok).toBe(false);
    const { failures: _gone, ...partial } = result;
    expect(check("protocol/compose-result.schema.json", partial).ok).toBe(false);
  });
});

const composeCase = (args: string, extra = ""): string => `id: composition/x/c
title: t
spec: [KIT-A]
operation: compose
given:
  files:
    s/plugins/a/PLUGIN.toml: "schema_version = 1\\n"
  args:
${args}
expect:
  order: [a]
${extra}`;

describe("compose cases in papc lint", () => {
  const problems = async (text: string) => {
    const set = loadText(text, await recordingsDir(), "cases/composition/x/f.yaml", "composition/x");
    return set.problems.map((p) => `${p.line} ${p.code} ${p.message}`);
  };

  it("a well-formed case has no finding", async () => {
    expect(
      await problems(composeCase("    packages: [s/plugins/a]\n    event: { hook: PreToolUse, tool_name: Bash }\n    results: { 'a#hook:gate': { kind: deny, reason: no } }")),
    ).toEqual([]);
  });

  it("reports malformed args, a package without a PLUGIN.toml, an escaping path and a bad result key at their lines", async () => {
    expect(await problems(composeCase("    packages: [s/plugins/a]"))).toEqual([expect.stringMatching(/^8 compose-args given.args \(compose\): .*event/)]);
    const found = await problems(composeCase("    packages: [s/plugins/a, s/plugins/b, ../out]\n    event: { hook: PreToolUse }\n    results: { 'gate': { kind: allow } }"));
    expect(found).toEqual([
      expect.stringMatching(/^9 compose-args package "s\/plugins\/b": the case writes no s\/plugins\/b\/PLUGIN.toml/),
      expect.stringMatching(/^9 compose-args package "\.\.\/out"/),
      expect.stringMatching(/^11 compose-args "gate" is not a hook identity/),
    ]);
  });

  it("reports another operation's key and a top-level exit", async () => {
    const found = await problems(composeCase("    packages: [s/plugins/a]\n    event: { hook: Stop }", "  exit: 0\n  loaded: true\n"));
    expect(found).toEqual([expect.stringMatching(/operation-mismatch .*loaded belongs to load-agent-plugin/), expect.stringMatching(/operation-mismatch .*no exit status/)]);
  });

  // Unlike a lifecycle step (whose result has `exit: 2` for unusable arguments), a compose result
  // has no exit (SPEC 1.9) and a malformed request can only be answered `errored`, outcome `error`:
  // expecting exit 2 never licenses malformed args or a null in them.
  it("keeps the malformed-args and null findings when the case expects exit 2", async () => {
    const found = await problems(composeCase("    packages: s/plugins/a\n    event: { hook: Stop, tool_name: }", "  exit: 2\n"));
    expect(found).toEqual([
      expect.stringMatching(/^10 case-schema \/given\/args\/event\/tool_name is null/),
      expect.stringMatching(/^13 operation-mismatch .*no exit status/),
      expect.stringMatching(/^8 compose-args given.args \(compose\): .*packages/),
    ]);
  });
});
