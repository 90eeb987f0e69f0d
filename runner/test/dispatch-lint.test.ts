// Loading and linting dispatch cases (KIT-DISPATCH-EVENT, KIT-CASE-OPERATION-KEYS, KIT-CASE-SCHEMA,
// KIT-LINT-LOCATION, KIT-CASE-TABLE-MERGE, KIT-CASE-HASH, KIT-COVERAGE): recordings looked up under the suite's
// recordings root, event edits, hook ids, operation keys, every finding at its file and line.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it } from "vitest";
import { mergeCase } from "../src/cases/load-cases.js";
import { suitePaths } from "../src/cases/load-suite.js";
import { lintSuite } from "../src/lint/lint.js";
import type { LintProblem } from "../src/common/problems.js";
import { polarityOf } from "../src/coverage/coverage.js";
import { dispatchCase, loadOne, loadText, PAYLOADS, recordingsDir } from "./dispatch-helpers.js";
import { PROBE_SUITE } from "./helpers.js";

let recordings: string;
beforeAll(async () => {
  recordings = await recordingsDir();
});

const where = (ps: LintProblem[]) => ps.map((p) => `${p.line} ${p.code}`);
const findings = (text: string) => loadText(text, recordings).problems;

describe("dispatch cases in papc lint", () => {
  it("the probe suite, whose recordings live in its own recordings/, lints clean", async () => {
    const { problems, caseSet } = await lintSuite(suitePaths(PROBE_SUITE));
    expect(problems).toEqual([]);
    expect(caseSet.cases.filter((c) => c.operation === "dispatch").map((c) => c.id)).toEqual(["dispatch/gate-denies", "dispatch/matcher-skips", "dispatch/edited-event"]);
  });

  it("reports an event that names no recording at the given.event line, with the fix", async () => {
    const root = (await tmpDir({ unsafeCleanup: true })).path;
    const files = {
      "SPEC.md": "# spec\n- **[KIT-A]** MUST (test): a.\n",
      "cases/hooks/x/c.yaml": dispatchCase("  hooks: []\n  event: claude-code/2.1.233/PreToolUse/nope"),
      "recordings/claude-code/2.1.233/PreToolUse/t.json": JSON.stringify({ payload: PAYLOADS["claude-code/2.1.233/PreToolUse/t"] }),
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    const ps = (await lintSuite(suitePaths(root))).problems;
    expect(ps.map((p) => `${p.file}:${p.line} ${p.code}`)).toEqual(["cases/hooks/x/c.yaml:7 unknown-recording"]);
    expect(ps[0]!.message).toMatch(/claude-code\/2.1.233\/PreToolUse\/nope.json does not exist/);
    expect(ps[0]!.fix).toMatch(/recordings\/<id>.json/);
  });

  it("reports event edits that cannot be applied, at the pointer", () => {
    const ps = findings(
      dispatchCase("  event:\n    recording: claude-code/2.1.233/PreToolUse/t\n    set:\n      /tool_input/command: ls\n      /nope/deeper: 1\n    delete: [/tool_input/absent]"),
    );
    expect(where(ps)).toEqual(["10 event-edit", "11 event-edit"]);
    expect(ps.map((p) => p.message)).toEqual([expect.stringMatching(/"\/nope" does not exist/), expect.stringMatching(/"\/tool_input\/absent" does not exist/)]);
  });

  it("reports duplicate hook ids, a hook without subject on an unmapped event, and handlers of no hook", () => {
    const ps = findings(
      dispatchCase(
        "  event: claude-code/2.1.233/SessionStart/t\n  hooks:\n    - { id: a, effect: observe, subject: session, phase: end }\n    - { id: a, effect: observe, subject: session, phase: end }\n    - { id: b, effect: observe }",
        "  handlers:\n    ghost: { ran: false }\n    a: { sleeper_gone: true }",
      ),
    );
    expect(where(ps)).toEqual(["9 duplicate-hook-id", "10 hook-subject-needed", "13 unknown-hook", "14 unknown-hook"]);
  });

  it("reports a provider papc does not know, unless given.provider names one", async () => {
    const odd = await recordingsDir({ "acme/1.0.0/PreToolUse/t": PAYLOADS["claude-code/2.1.233/PreToolUse/t"] });
    expect(where(loadText(dispatchCase("  event: acme/1.0.0/PreToolUse/t"), odd).problems)).toEqual(["6 unknown-provider"]);
    expect(loadText(dispatchCase("  event: acme/1.0.0/PreToolUse/t\n  provider: codex"), odd).problems).toEqual([]);
  });

  it("reports keys of another operation at their line", () => {
    const validate = "id: hooks/x/v\ntitle: t\nspec: [KIT-A]\noperation: validate\ngiven:\n  hooks: []\nexpect:\n  exit: 0\n  response: {}\n";
    expect(where(findings(validate))).toEqual(["6 operation-mismatch", "9 operation-mismatch"]);
    const ps = findings(dispatchCase("  event: claude-code/2.1.233/PreToolUse/t", "  exit: 0\n  valid: true"));
    expect(where(ps)).toEqual(["9 operation-mismatch"]);
    expect(ps[0]!.message).toBe("expect.valid belongs to validate and validate-cli cases, not to operation dispatch");
  });

  it("needs given.event, and checks hook and handler shapes against the schema", () => {
    expect(findings(dispatchCase("  hooks: []")).map((p) => p.message)).toEqual(["/given must have required property 'event'"]);
    const ps = findings(
      dispatchCase("  event: claude-code/2.1.233/PreToolUse/t\n  hooks:\n    - id: Gate\n      effect: allow_deny\n      handler: { exit: 300, stdout: 5, colour: red }"),
    );
    expect(ps.map((p) => `${p.line} ${p.message}`)).toEqual([
      '8 /given/hooks/0/id must match pattern "^[a-z0-9]+(?:-[a-z0-9]+)*$"',
      '10 /given/hooks/0/handler must NOT have additional properties "colour"',
      "10 /given/hooks/0/handler/stdout must match a schema in anyOf (it has none of the allowed forms)",
      "10 /given/hooks/0/handler/exit must be <= 255",
    ]);
  });

  it("admits null only where it means something", () => {
    const ok = dispatchCase(
      "  event: { recording: claude-code/2.1.233/PreToolUse/t, set: { /tool_input/command: null } }\n  hooks:\n    - { id: w, effect: observe, requirement: optional, fallback: null, handler: { stdout: { kind: observe, extra: null } } }",
      "  response: null",
    );
    expect(findings(ok)).toEqual([]);
    const bad = findings(dispatchCase("  event: claude-code/2.1.233/PreToolUse/t\n  hooks:\n    - { id: w, effect: observe, env: }"));
    expect(bad.map((p) => `${p.line} ${p.message}`)).toEqual(["8 /given/hooks/0/env is null (an empty YAML value)"]);
  });
});

describe("loaded dispatch cases", () => {
  it("carry the event (edited), provider, plugin and every hook default", () => {
    const c = loadOne(
      dispatchCase(
        "  event: { recording: codex/0.147.0/PreToolUse/t, set: { /tool_name: apply_patch }, delete: [/tool_use_id] }\n  plugin: guard\n  hooks:\n    - { id: gate, effect: allow_deny, requirement: optional, bindings: [{ input: cwd, field: session.cwd }] }",
      ),
      recordings,
    );
    expect(c.dispatch).toMatchObject({ provider: "codex", recording: "codex/0.147.0/PreToolUse/t", eventName: "PreToolUse", plugin: "guard" });
    expect(c.dispatch!.event).toEqual({ ...PAYLOADS["codex/0.147.0/PreToolUse/t"], tool_name: "apply_patch", tool_use_id: undefined });
    expect(c.dispatch!.event).not.toHaveProperty("tool_use_id");
    expect(c.dispatch!.hooks).toEqual([
      {
        id: "gate",
        subject: "tool_call",
        phase: "before",
        effect: "allow_deny",
        requirement: "optional",
        fallback: "omit",
        timeout_ms: 2000,
        failure_policy: "report",
        error_visibility: "user",
        bindings: [{ input: "cwd", field: "session.cwd" }],
        inputs: [{ name: "cwd", type: "path" }],
        argv: ["${input.cwd}"],
        env: [],
        handler: { stdout: { kind: "abstain" } },
      },
    ]);
    expect(PAYLOADS["codex/0.147.0/PreToolUse/t"]!.tool_name).toBe("shell"); // the recording itself is untouched
  });

  it("hash the event they send: a re-recorded payload changes the case hash", async () => {
    const text = dispatchCase("  event: claude-code/2.1.233/PreToolUse/t");
    const changed = await recordingsDir({ "claude-code/2.1.233/PreToolUse/t": { ...PAYLOADS["claude-code/2.1.233/PreToolUse/t"], tool_name: "Write" } });
    expect(loadOne(text, recordings).hash).not.toBe(loadOne(text, changed).hash);
    expect(loadOne(text, recordings).hash).toBe(loadOne(`# a comment\n${text}`, recordings).hash);
  });

  it("merge a table's environment key by key, and reuse hooks through YAML merge keys", () => {
    expect(mergeCase({ given: { environment: { A: "1", B: "2" }, hooks: [{ id: "x" }] } }, { given: { environment: { B: "3" } } })).toEqual({
      given: { environment: { A: "1", B: "3" }, hooks: [{ id: "x" }] },
    });
    const table = [
      "operation: dispatch",
      "spec: [KIT-A]",
      "given:",
      "  event: claude-code/2.1.233/PreToolUse/t",
      "  environment: { A: '1' }",
      "  hooks: [&gate { id: gate, effect: allow_deny, handler: { stdout: { kind: allow } } }]",
      "expect: { exit: 0 }",
      "cases:",
      "  - { id: hooks/x/a, title: a }",
      "  - { id: hooks/x/b, title: b, given: { environment: { B: '2' }, hooks: [{ <<: *gate, timeout_ms: 500 }] } }",
    ].join("\n");
    const set = loadText(table, recordings);
    expect(set.problems).toEqual([]);
    expect(set.cases.map((c) => [c.given?.environment, c.dispatch!.hooks[0]!.timeout_ms, c.dispatch!.hooks[0]!.handler])).toEqual([
      [{ A: "1" }, 2000, { stdout: { kind: "allow" } }],
      [{ A: "1", B: "2" }, 500, { stdout: { kind: "allow" } }],
    ]);
  });
});

describe("coverage polarity of dispatch cases", () => {
  const polarity = (expect: string, extra = "") => polarityOf(loadOne(dispatchCase("  event: claude-code/2.1.233/PreToolUse/t", expect) + extra, recordings), "PAP-X-Y");
  it("is rejecting for a deny, a block or a non-zero exit, accepting otherwise, unless the case says", () => {
    expect(polarity("  exit: 0\n  response: { hookSpecificOutput: { hookEventName: PreToolUse, permissionDecision: deny, permissionDecisionReason: x } }")).toBe("rejecting");
    expect(polarity("  response: { decision: block, reason: x }")).toBe("rejecting");
    expect(polarity("  exit: 1\n  response: null")).toBe("rejecting");
    expect(polarity("  exit: 0\n  response: {}")).toBe("accepting");
    expect(polarity("  response: { hookSpecificOutput: { hookEventName: PreToolUse, additionalContext: x } }")).toBe("accepting");
    expect(polarity("  stdout_excludes: [secret]")).toBe("other");
    expect(polarity("  exit: 0", "polarity: rejecting\n")).toBe("rejecting");
  });
});
