// Multi-step cases (SPEC 1.11): KIT-STEPS-RUN (a failure names its step), KIT-STEPS-APPLICABLE
// (never partly run), KIT-STEPS-LINT (findings name the step, at its line) and
// KIT-OP-LIFECYCLE-RESULT (results checked against their schema; a missing key is a difference).

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { compareLifecycle } from "../src/operations/lifecycle/compare.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import type { CaseRecord } from "../src/types/run-report.js";
import { loadText } from "./dispatch-helpers.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

const RECORDINGS = join(KIT_ROOT, "recordings");
const MUTANTS = join(KIT_ROOT, "runner/test/mutants");
const lint = (text: string) => loadText(text, RECORDINGS, "cases/lifecycle/x/f.yaml", "lifecycle/x");

const header = `id: lifecycle/x/c
title: t
spec: [PAP-LIFE-REVOKE]
given:
  event: claude-code/2.1.233/PreToolUse/bash-echo
  hooks:
    - { id: gate, effect: allow_deny, handler: { stdout: { kind: abstain } } }
steps:
`;

async function run(command: string[], cases: LoadedCase[]): Promise<CaseRecord[]> {
  const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter: persistentAdapter(command), cases, jobs: 1 });
  return report.cases;
}

async function suiteCase(id: string): Promise<LoadedCase> {
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  const found = cases.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
}

/** A protocol implementation that announces every operation and answers each run with `result`. */
async function answering(result: unknown): Promise<string[]> {
  const dir = (await tmpDir({ unsafeCleanup: true })).path;
  const file = join(dir, "impl.mjs");
  await writeFile(
    file,
    `import { createInterface } from "node:readline";
createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.cmd === "hello") console.log(JSON.stringify({ protocol: 1, implementation: { name: "t", version: "1" }, operations: ["validate", "dispatch", "approve", "revoke", "activate", "remove"] }));
  if (m.cmd === "run") console.log(JSON.stringify({ seq: m.seq, result: ${JSON.stringify(result)} }));
});
`,
  );
  return ["node", file];
}

describe("multi-step cases in papc lint (KIT-STEPS-LINT)", () => {
  it("a step with an unknown operation is reported at its line, naming the step", () => {
    const set = lint(`${header}  - operation: approve\n    expect: { exit: 0 }\n  - name: frob it\n    operation: frobnicate\n    expect: { exit: 0 }\n`);
    expect(set.cases).toEqual([]);
    expect(set.problems.map((p) => [p.code, p.line, p.message])).toEqual([
      [
        "unknown-step-operation",
        12,
        'step 2 ("frob it"): unknown operation "frobnicate" (a step runs validate, dispatch, live, review, approve, revoke, activate, remove, or is an edit)',
      ],
    ]);
  });

  it("reports a step with both an operation and an edit, another operation's key, a step without expect, and an edit path outside the fixture", () => {
    const set = lint(
      `${header}  - operation: approve\n    edit: { remove: [x] }\n  - operation: revoke\n    expect: { response: {} }\n  - operation: activate\n  - edit: { remove: [../outside] }\n`,
    );
    expect(set.problems.map((p) => `${p.line} ${p.code} ${p.message.split(":")[0]}`)).toEqual([
      "10 step-shape step 1 (approve)",
      "12 operation-mismatch step 2 (revoke)",
      "13 step-shape step 3 (activate)",
      "14 fixture-path-escapes step 4 (edit)",
    ]);
  });

  it("a dispatch step needs the case's event; a case may not have both steps and an operation", () => {
    const noEvent = lint(`id: lifecycle/x/c\ntitle: t\nspec: [PAP-LIFE-REVOKE]\ngiven: { provider: codex }\nsteps:\n  - operation: dispatch\n    expect: { exit: 0 }\n`);
    expect(noEvent.problems.map((p) => `${p.line} ${p.code}`)).toEqual(["6 step-shape"]);
    const both = lint(`${header}  - operation: approve\n    expect: { exit: 0 }\noperation: validate\nexpect: { exit: 0 }\n`);
    expect(both.problems.map((p) => p.code)).toContain("case-schema");
  });

  it("a case with live steps is built as a live case: no given.event, a provider and a scenario, its expectations checked against its hooks", () => {
    const liveHeader = `id: lifecycle/x/c\ntitle: t\nspec: [PAP-LIFE-REVOKE]\ngiven:\n  provider: codex\n  scenario: { prompt: p, turns: [{ text: t }] }\n  hooks: [{ id: gate, subject: tool_call, phase: before, effect: allow_deny, handler: { stdout: { kind: allow } } }]\nsteps:\n`;
    const ok = lint(`${liveHeader}  - operation: approve\n    expect: { exit: 0 }\n  - operation: live\n    expect: { handlers: { gate: { runs: 1 } } }\n`);
    expect(ok.problems).toEqual([]);
    expect(ok.cases[0]?.live?.hooks.map((h) => h.id)).toEqual(["gate"]);
    const unknownHook = lint(`${liveHeader}  - operation: live\n    expect: { handlers: { other: { runs: 1 } } }\n`);
    expect(unknownHook.problems.map((p) => `${p.line} ${p.code} ${p.message.split(":")[0]}`)).toEqual(["10 unknown-hook step 1"]);
    const withEvent = lint(
      `${liveHeader.replace("  provider: codex\n", "  provider: codex\n  event: codex/0.147.0/PreToolUse/bash-echo\n")}  - operation: live\n    expect: { harness: { exit: 0 } }\n`,
    );
    expect(withEvent.problems.map((p) => p.code)).toContain("step-shape");
    const noScenario = lint(
      `id: lifecycle/x/c\ntitle: t\nspec: [PAP-LIFE-REVOKE]\ngiven: { provider: codex }\nsteps:\n  - operation: live\n    expect: { harness: { exit: 0 } }\n`,
    );
    expect(noScenario.problems.map((p) => `${p.line} ${p.code}`)).toEqual(["4 step-shape"]);
    const strayScenario = lint(
      `id: lifecycle/x/c\ntitle: t\nspec: [PAP-LIFE-REVOKE]\ngiven:\n  provider: codex\n  scenario: { prompt: p, turns: [{ text: t }] }\nsteps:\n  - operation: approve\n    expect: { exit: 0 }\n`,
    );
    expect(strayScenario.problems.map((p) => `${p.line} ${p.code}`)).toEqual(["6 operation-mismatch"]);
  });

  it("a lifecycle step sends args the protocol schema refuses, or a null, only when it expects the usage exit (2)", () => {
    // lines: 9 `- operation: approve`, 10 `args:`, 11 `tools: [7]` (where args start), 12 `plugin: null`
    const step = (exit: number) => `${header}  - operation: approve\n    args:\n      tools: [7]\n      plugin: null\n    expect: { exit: ${exit} }\n`;
    const refused = lint(step(1));
    expect(refused.cases).toEqual([]);
    expect(refused.problems.map((p) => `${p.line} ${p.code} ${p.message.split(":")[0]}`)).toEqual(["11 step-shape step 1 (approve)", "12 step-shape step 1 (approve)"]);
    expect(refused.problems[0]?.message).toContain("protocol/lifecycle-args.schema.json");
    const usage = lint(step(2));
    expect(usage.problems).toEqual([]);
    expect(usage.cases.map((c) => c.steps?.[0]?.args)).toEqual([{ tools: [7], plugin: null }]);
    // a null elsewhere in a step is still an empty YAML value
    const emptyExpect = lint(`${header}  - operation: approve\n    args: { plugin: 5 }\n    expect: { exit: 2, approved: }\n`);
    expect(emptyExpect.problems.map((p) => `${p.line} ${p.code}`)).toEqual(["11 case-schema"]);
  });
});

describe("running multi-step cases", () => {
  it("a failing step ends the case and is named in the record, its message and every diff path (KIT-STEPS-RUN)", async () => {
    const c = await suiteCase("lifecycle/trust/tool-bytes-changed");
    const [record] = await run(["node", join(MUTANTS, "wrong-lifecycle.mjs"), "skips-trust-check"], [c]);
    expect(record?.outcome).toBe("fail");
    expect(record?.step).toEqual({ number: 4, name: "dispatch after the edit" });
    expect(record?.message).toBe("step 4 (dispatch after the edit): result differs from expectation");
    expect(record?.diff?.length).toBeGreaterThan(0);
    for (const line of record?.diff ?? []) expect(line.path.startsWith("step 4 (dispatch after the edit).")).toBe(true);
  }, 60_000);

  it("the same case passes against the reference, with no step in the record", async () => {
    const c = await suiteCase("lifecycle/trust/tool-bytes-changed");
    const [record] = await run(["node", join(KIT_ROOT, "dist/reference/src/protocol-server.js")], [c]);
    expect(record?.outcome).toBe("pass");
    expect(record?.step).toBeUndefined();
  }, 60_000);

  it("is not-applicable, naming the missing operations, when the implementation lacks one its steps use (KIT-STEPS-APPLICABLE)", async () => {
    const c = await suiteCase("lifecycle/trust/validated-not-trusted");
    const [record] = await run(["node", join(MUTANTS, "answers-fixed-verdict.mjs"), "accept"], [c]);
    expect(record?.outcome).toBe("not-applicable");
    expect(record?.message).toBe('the implementation does not announce operation "dispatch", which steps of this case use');
  }, 60_000);

  it("a lifecycle result that breaks its schema is an error, and one without a key the step checks is a difference (KIT-OP-LIFECYCLE-RESULT)", async () => {
    const c = await suiteCase("lifecycle/trust/approved-runs");
    const [malformed] = await run(await answering({ exit: 0, valid: true, report: {}, approved: "all" }), [c]);
    expect(malformed?.outcome).toBe("error");
    expect(malformed?.message).toMatch(/^step 1 \(validate\): result does not match the validate result schema/);
    const approve = await suiteCase("lifecycle/trust/revoked");
    const [bad] = await run(await answering({ exit: 0, approved: "all" }), [approve]);
    expect(bad?.outcome).toBe("error");
    expect(bad?.message).toMatch(/^step 1 \(approve\): result does not match the lifecycle result schema/);
    const [missing] = await run(await answering({ exit: 0 }), [await suiteCase("lifecycle/trust/one-hook-approved")]);
    expect(missing?.outcome).toBe("fail");
    expect(missing?.diff?.map((d) => d.path)).toEqual(["step 1 (approve).approved"]);
  }, 60_000);
});

describe("comparing a review (KIT-OP-LIFECYCLE-RESULT)", () => {
  it("an entry listed twice is a difference: the review names each tool and hook once", () => {
    const entry = { ref: "tool:gate", trust: "new" } as const;
    const expectation = { review: { "tool:gate": { trust: "new" } } } as const;
    expect(compareLifecycle(expectation, { exit: 0, review: [entry] }, "/r")).toEqual([]);
    const twice = compareLifecycle(expectation, { exit: 0, review: [entry, entry] }, "/r");
    expect(twice.map((d) => d.path)).toEqual(['review["tool:gate"]']);
  });
});
