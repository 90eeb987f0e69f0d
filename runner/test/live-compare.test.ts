// The live operation without a harness (SPEC 1.7): loading and linting live cases, comparing a
// projection and an observed run with `expect`, the matrix cells and their rendering, the
// reference's `live` answers, the handlers' `when` variants, coverage polarity, and the skip
// of a live case whose harness is not installed.
// Requirements: KIT-OP-LIVE-RESULT, KIT-LIVE-SKIP (SPEC.md; listed in cases/EXCLUSIONS.yaml with this file).

import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { loadCaseFile, type CaseSet } from "../src/cases/load-cases.js";
import { compareLive, stringsOf } from "../src/operations/live/compare.js";
import { handlerPlan, handlerScript } from "../src/dispatch/handler-script.js";
import { LIVE_DEFAULT_TIMEOUT_MS } from "../src/dispatch/hook-defaults.js";
import type { HandlerRun } from "../src/dispatch/handler-runs.js";
import { liveCells } from "../src/live/cells.js";
import { renderMatrix } from "../src/live/matrix.js";
import type { LiveObservation } from "../src/live/run-live.js";
import { nativeConfigOf } from "../src/live/run-live.js";
import type { LoggedRequest } from "../src/recordings/model-server/server.js";
import { check } from "../src/schemas/registry.js";
import { polarityOf } from "../src/coverage/coverage.js";
import type { LiveExpectation, LoadedCase } from "../src/types/case.js";
import type { LiveResult } from "../shared/protocol.js";
import type { RunReport } from "../src/types/run-report.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

function load(text: string): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, "cases/live/x/f.yaml", "live/x", set);
  return set;
}

const SCENARIO = "  scenario:\n    prompt: Go.\n    turns:\n      - tool: shell\n        arguments: { command: touch ran }\n      - text: Done.\n";
const liveCase = (given: string, expect = "  projection: { exit: 0 }") =>
  `id: live/x/c\ntitle: t\nspec: [PAP-LIVE-X]\noperation: live\ngiven:\n  provider: claude-code\n${given}${SCENARIO}expect:\n${expect}\n`;
const where = (set: CaseSet) => set.problems.map((p) => `${p.line} ${p.code}`);

describe("live cases on load", () => {
  it("resolve provider, plugin, hooks with defaults and the scenario's turns", () => {
    const set = load(liveCase("  hooks:\n    - { id: gate, subject: tool_call, phase: before, effect: allow_deny }\n"));
    expect(set.problems).toEqual([]);
    const c = set.cases[0]!;
    expect(c.live?.provider).toBe("claude-code");
    expect(c.live?.plugin).toBe("demo");
    expect(c.live?.hooks[0]).toMatchObject({
      id: "gate",
      timeout_ms: LIVE_DEFAULT_TIMEOUT_MS,
      failure_policy: "report",
      error_visibility: "user",
      handler: { stdout: { kind: "abstain" } },
    });
    expect(c.live?.scenario.turns).toHaveLength(2);
  });

  it("need a provider and a scenario", () => {
    const set = load("id: live/x/c\ntitle: t\nspec: [PAP-LIVE-X]\noperation: live\ngiven:\n  hooks: []\nexpect:\n  projection: { exit: 0 }\n");
    expect(set.problems.map((p) => p.code)).toContain("case-schema");
    expect(set.problems.map((p) => p.message).join(" ")).toMatch(/provider|scenario/);
  });

  it("report another operation's keys, hooks without subject, tools the provider lacks, {$event} and unknown hooks, each at its line", () => {
    const text = [
      "id: live/x/c",
      "title: t",
      "spec: [PAP-LIVE-X]",
      "operation: live",
      "given:",
      "  provider: claude-code",
      "  event: claude-code/2.1.233/PreToolUse/t", // 7
      "  hooks:",
      "    - { id: gate, effect: allow_deny }", // 9
      "  scenario:",
      "    prompt: Go.",
      "    turns:",
      "      - tool: apply_patch", // 13
      "expect:",
      "  exit: 0", // 15
      "  response: {}", // 16
      "  projection: { refused: [ghost] }", // 17
      "  workdir: { absent: [../escape] }", // 18
      "  handlers:",
      "    gate: { argv: [{ $event: /x }] }", // 20
      "    ghost: { ran: false }", // 21
    ].join("\n");
    const set = load(text);
    expect(where(set).sort()).toEqual(
      [
        "7 operation-mismatch",
        "15 operation-mismatch",
        "16 operation-mismatch",
        "9 hook-subject-needed",
        "13 scenario-tool",
        "17 unknown-hook",
        "18 fixture-path-escapes",
        "20 live-event-value",
        "21 unknown-hook",
      ].sort(),
    );
    expect(set.problems.find((p) => p.code === "operation-mismatch" && p.line === 15)?.message).toMatch(/projection.exit or harness.exit/);
    expect(set.problems.find((p) => p.code === "operation-mismatch" && p.line === 7)?.message).toBe("given.event belongs to dispatch and multi-step cases, not to operation live");
  });

  it("live keys in another operation's case are findings too", () => {
    const set = load("id: live/x/c\ntitle: t\nspec: [PAP-LIVE-X]\noperation: validate\ngiven:\n" + SCENARIO + "expect:\n  valid: true\n  model: { requests: 1 }\n");
    expect(where(set)).toEqual(["6 operation-mismatch", "14 operation-mismatch"]);
  });

  it("are accepting or rejecting by what they expect not to happen, unless they say so", () => {
    const polarity = (e: string, extra = "") => {
      const set = load(liveCase("  hooks: []\n", e) + extra);
      expect(set.problems).toEqual([]);
      return polarityOf(set.cases[0]!, "PAP-LIVE-X");
    };
    expect(polarity("  projection: { exit: 1, refused: [] }")).toBe("rejecting");
    expect(polarity("  workdir: { absent: [ran] }")).toBe("rejecting");
    expect(polarity("  workdir: { present: [ran-rewritten], absent: [ran] }")).toBe("accepting");
    expect(polarity("  model: { requests: 2 }")).toBe("accepting");
    expect(polarity("  model: { requests: 2 }", "polarity: rejecting\n")).toBe("rejecting");
  });
});

const main = (seq: number, body: unknown): LoggedRequest => ({ seq, method: "POST", url: "/v1/messages", headers: {}, body, kind: "main", agent: "root", answer: "text" });

function observation(extra: Partial<LiveObservation> = {}): LiveObservation {
  return {
    harness: { exitCode: 0, timedOut: false, looped: false, output: "PreToolUse:Bash says: hook `g`: hook_handler_timeout", ms: 10 },
    requests: [
      { ...main(1, null), kind: "hello" },
      main(2, { messages: [{ role: "user", content: 'Say "hi"' }] }),
      { ...main(3, { system: "side request mentions papc-secret" }), kind: "side" },
      main(4, { messages: [{ content: [{ type: "tool_result", content: "No shell (papc-7731)." }] }] }),
    ],
    work: "/nonexistent-papc-work",
    runs: new Map([["gate", [{ argv: [], env: {}, stdin: '{"hook_event_name":"PreToolUse"}' }]]]),
    ...extra,
  };
}
const RESULT: LiveResult = {
  exit: 0,
  format: "settings-json",
  text: '{"hooks":{}}',
  omitted: [
    { hook: "b", reason: "r" },
    { hook: "a", reason: "r" },
  ],
  refused: [],
};
const diffOf = (expect: LiveExpectation, obs = observation(), result = RESULT) => compareLive(expect, result, obs).map((d) => `${d.path}: ${d.expected} | ${d.actual}`);

describe("compareLive", () => {
  it("passes when every stated expectation holds", () => {
    expect(
      diffOf({
        projection: { exit: 0, refused: [], omitted: ["a", "b"] },
        harness: { exit: 0, output: { contains: ["hook `g`: hook_handler_timeout"], excludes: ["papc-noise"] } },
        workdir: { absent: ["ran"] },
        model: {
          requests: 2,
          request: [
            { index: 0, contains: ['Say "hi"'], excludes: ["papc-7731"] },
            { index: 1, contains: ["No shell (papc-7731)."] },
          ],
          all: { excludes: ["papc-secret"] },
        },
        handlers: { gate: { runs: 1, argv: [] } },
      }),
    ).toEqual([]);
  });

  it("reports each difference by its path", () => {
    expect(
      diffOf({
        projection: { exit: 1, omitted: ["a"] },
        harness: { exit: 1, output: { contains: ["nope"] } },
        workdir: { present: ["ran"] },
        model: {
          requests: 3,
          request: [
            { index: 5, contains: ["x"] },
            { index: 0, excludes: ["hi"] },
          ],
          all: { contains: ["papc-secret"] },
        },
        handlers: { gate: { runs: 2 } },
      }),
    ).toEqual([
      "projection.exit: 1 | 0",
      expect.stringMatching(/^projection.omitted: /),
      "harness.exit: 1 | 0",
      "harness.output.contains: nope | not found",
      "workdir.present: ran | absent after the run",
      "model.requests: 3 | 2",
      "model.request[5]: main-loop request 5 | only 2 main-loop request(s)",
      expect.stringMatching(/^model.request\[0\].excludes: no "hi" \| …user\nSay "hi"…$/),
      "model.all.contains: papc-secret | not found",
      "handlers.gate.runs: 2 | 1",
    ]);
  });

  it("says why there was no run, and always reports a harness that had to be stopped", () => {
    const notRun = observation({ notRun: "the projection refused b" });
    delete notRun.harness;
    expect(diffOf({ harness: { exit: 0 }, workdir: { present: ["x"] } }, notRun)).toEqual([
      'harness.exit: 0 | "not run (the projection refused b)"',
      "workdir.present: x | absent (harness not run: the projection refused b)",
    ]);
    const looped = observation({ harness: { timedOut: false, looped: true, output: "", ms: 1, signal: "SIGKILL" } });
    expect(diffOf({ projection: { exit: 0 } }, looped)).toEqual([expect.stringMatching(/^harness: a run that ends on its own \| stopped by papc: more than 24 main-loop/)]);
    const broken = observation({ notRun: "x", installError: "the projection's text is not JSON: …" });
    expect(diffOf({ projection: { exit: 0 } }, broken)).toEqual(["projection.text: a configuration the harness can load | the projection's text is not JSON: …"]);
  });

  it("matches texts against a request's string values, not its JSON escaping", () => {
    expect(stringsOf({ a: ['say "hi"\n', { b: "x" }], n: 1 })).toBe('say "hi"\n\nx');
  });

  it("installs Claude settings as JSON and Codex config as TOML, and refuses anything else", () => {
    expect(nativeConfigOf("claude-code", '{"hooks":{}}')).toEqual({ hooks: {} });
    expect(nativeConfigOf("codex", '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n')).toEqual({
      hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] },
    });
    expect(nativeConfigOf("claude-code", "[hooks]")).toMatch(/not JSON/);
    expect(nativeConfigOf("codex", "{")).toMatch(/not TOML/);
    expect(nativeConfigOf("claude-code", "[]")).toMatch(/not a table/);
  });

  it("checks live results against the live result schema", () => {
    expect(check("protocol/live-result.schema.json", RESULT).ok).toBe(true);
    expect(check("protocol/live-result.schema.json", { exit: 0, text: "" }).ok).toBe(false);
    expect(check("protocol/live-args.schema.json", { provider: "codex", plugin: "demo" }).ok).toBe(true);
  });
});

describe("matrix cells and rendering", () => {
  const set = load(
    liveCase(
      [
        "  hooks:",
        "    - { id: gate, subject: tool_call, phase: before, effect: allow_deny, handler: { stdout: { kind: deny, reason: r } } }",
        "    - { id: slow, subject: tool_call, phase: before, effect: allow_deny, timeout_ms: 1000, failure_policy: fail_closed, handler: { delay_ms: 1000 } }",
        '    - { id: stop, subject: workflow, phase: completion_attempt, effect: continue_workflow, handler: { stdout: { kind: continue_workflow, reason: r }, when: [{ argv: ["true"], stdout: { kind: abstain } }] } }',
        "    - { id: post, subject: tool_call, phase: after, effect: replace_output, handler: { stdout: { kind: replace_output, output: x } } }",
        "",
      ].join("\n"),
    ),
  );
  const c = set.cases[0] as LoadedCase;
  const run = (event: string, argv: string[] = []): HandlerRun => ({ argv, stdin: JSON.stringify({ hook_event_name: event }) });
  const runs = new Map<string, HandlerRun[]>([
    ["gate", [run("PreToolUse")]],
    ["slow", [run("PreToolUse")]],
    ["stop", [run("Stop", ["false"]), run("Stop", ["true"])]],
  ]);

  it("names each hook's effect or failure on the events its handler ran on, and refused hooks on their events", () => {
    expect(set.problems).toEqual([]);
    const cells = liveCells(c.live!, { ...RESULT, omitted: [], refused: [{ hook: "post", reason: "r" }] }, runs);
    expect(cells).toEqual({
      provider: "claude-code",
      cells: [
        { kind: "refused", row: "replace_output, report/user", event: "PostToolUse" },
        { kind: "refused", row: "replace_output, report/user", event: "PostToolUseFailure" },
        { kind: "effect", row: "allow_deny (deny)", event: "PreToolUse" },
        { kind: "failure", row: "fail_closed/user", event: "PreToolUse" },
        { kind: "effect", row: "continue_workflow", event: "Stop" },
      ],
    });
  });

  it("renders passing cases per event and row with links, and lists the live cases that did not pass", () => {
    const cells = liveCells(c.live!, RESULT, runs);
    const report: RunReport = {
      header: {
        type: "header",
        report_schema: 1,
        kit: { name: "papc", version: "t" },
        suite: { hash: "0".repeat(64), cases: 2 },
        adapter: { name: "a", mode: "persistent", command: [] },
        implementation: { protocol: 1, implementation: { name: "impl", version: "9" }, operations: ["live"] },
        environment: { node: "v20", platform: "linux", arch: "x64", cpus: 2 },
        started_at: "2026-01-01T00:00:00.000Z",
      },
      cases: [
        { type: "case", id: "live/codex/a", hash: "1".repeat(64), area: "live/codex", spec: [], outcome: "pass", duration_ms: 1, live: { provider: "codex", cells: cells.cells } },
        {
          type: "case",
          id: "live/codex/b",
          hash: "2".repeat(64),
          area: "live/codex",
          spec: [],
          outcome: "fail",
          duration_ms: 1,
          message: "result | differs",
          live: { provider: "codex", cells: cells.cells },
        },
      ],
      footer: { type: "footer", totals: {}, by_area: {}, by_requirement: {}, stale_baselines: [], exit_code: 1, finished_at: "2026-01-01T00:00:01.000Z", duration_ms: 1 },
    };
    const pins = [
      { provider: "claude-code" as const, package: "p", version: "1", binary: "c", version_output: "" },
      { provider: "codex" as const, package: "q", version: "2", binary: "x", version_output: "" },
    ];
    const locations = new Map([["live/codex/a", { file: "cases/live/codex/f.yaml", line: 3 }]]);
    // case a claims three of the four cells its run exercised; the refused one is not claimed
    const proves = new Map([
      [
        "live/codex/a",
        [
          { event: "PreToolUse", effect: "allow_deny (deny)" },
          { event: "PreToolUse", failure: "fail_closed/user" },
          { event: "Stop", effect: "continue_workflow" },
        ],
      ],
    ]);
    const { text, unproven } = renderMatrix({ report, locations, pins, proves });
    expect(unproven).toEqual([]);
    expect(text).toContain("| event | effect | claude-code 1 | codex 2 |");
    expect(text).toContain("| PreToolUse | allow_deny (deny) | — | [a](../cases/live/codex/f.yaml#L3) |");
    expect(text).toContain("| PreToolUse | fail_closed/user | — | [a](../cases/live/codex/f.yaml#L3) |");
    expect(text).toContain("| Stop | continue_workflow | — | [a](../cases/live/codex/f.yaml#L3) |");
    expect(text.indexOf("PreToolUse | allow_deny")).toBeLessThan(text.indexOf("Stop | continue_workflow"));
    expect(text).toContain("## Live cases that did not pass");
    expect(text).toContain("| b | fail | result \\| differs |");
    expect(text).toContain("1 passing live case(s) against impl 9");
    // exercised but not claimed: not cited
    expect(text).not.toContain("replace_output, report/user");
  });

  it("a cell a case claims but its run did not exercise is unproven, and is not cited (KIT-LIVE-PROVES)", () => {
    const cells = liveCells(c.live!, RESULT, new Map([["gate", [run("PreToolUse")]]]));
    const report: RunReport = {
      header: {
        type: "header",
        report_schema: 1,
        kit: { name: "papc", version: "t" },
        suite: { hash: "0".repeat(64), cases: 1 },
        adapter: { name: "a", mode: "persistent", command: [] },
        implementation: { protocol: 1, implementation: { name: "impl", version: "9" }, operations: ["live"] },
        environment: { node: "v20", platform: "linux", arch: "x64", cpus: 2 },
        started_at: "2026-01-01T00:00:00.000Z",
      },
      cases: [
        { type: "case", id: "live/codex/a", hash: "1".repeat(64), area: "live/codex", spec: [], outcome: "pass", duration_ms: 1, live: { provider: "codex", cells: cells.cells } },
      ],
      footer: { type: "footer", totals: {}, by_area: {}, by_requirement: {}, stale_baselines: [], exit_code: 0, finished_at: "2026-01-01T00:00:01.000Z", duration_ms: 1 },
    };
    const proves = new Map([
      [
        "live/codex/a",
        [
          { event: "PreToolUse", effect: "allow_deny (deny)" },
          { event: "PreToolUse", effect: "add_context" },
        ],
      ],
    ]);
    const { text, unproven } = renderMatrix({ report, locations: new Map(), pins: [{ provider: "codex", package: "q", version: "2", binary: "x", version_output: "" }], proves });
    expect(unproven).toEqual(["live/codex/a: PreToolUse effect add_context"]);
    expect(text).toContain("| PreToolUse | allow_deny (deny) | a |");
    expect(text).not.toContain("| PreToolUse | add_context |");
  });

  it("a required hook not started in a live step under a trust store is an untrusted cell, on its events", () => {
    const cells = liveCells(c.live!, RESULT, new Map([["gate", [run("PreToolUse")]]]), true);
    expect(cells.cells.filter((x) => x.kind === "untrusted")).toEqual([
      { kind: "untrusted", row: "fail_closed", event: "PreToolUse" },
      { kind: "untrusted", row: "report", event: "Stop" },
      { kind: "untrusted", row: "report", event: "PostToolUse" },
      { kind: "untrusted", row: "report", event: "PostToolUseFailure" },
    ]);
    expect(liveCells(c.live!, RESULT, new Map([["gate", [run("PreToolUse")]]]), false).cells.some((x) => x.kind === "untrusted")).toBe(false);
  });
});

describe("generated handlers", () => {
  it("take the behaviour of the first `when` entry whose argv equals theirs", async () => {
    const dir = (await tmpDir({ unsafeCleanup: true })).path;
    const script = join(dir, "h.mjs");
    const plan = handlerPlan(
      {
        stdout: { kind: "continue_workflow", reason: "r" },
        when: [
          { argv: ["true"], stdout: { kind: "abstain" } },
          { argv: ["true"], exit: 9 },
          { argv: ["x", "y"], exit: 4 },
        ],
      },
      join(dir, "c.jsonl"),
    );
    await writeFile(script, handlerScript("h", plan));
    const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { input: "", encoding: "utf8" });
    expect(run("false")).toMatchObject({ status: 0, stdout: '{"kind":"continue_workflow","reason":"r"}\n' });
    expect(run("true")).toMatchObject({ status: 0, stdout: '{"kind":"abstain"}\n' });
    expect(run("x", "y")).toMatchObject({ status: 4, stdout: "" });
  });
});

describe("the reference's live answers", () => {
  it("project, refuse, omit, and fail as a result or an error", async () => {
    const root = (await tmpDir({ unsafeCleanup: true })).path;
    const manifest = (requirement: string) =>
      [
        "schema_version = 1",
        '[plugin]\nname = "demo"\ndescription = "d"',
        '[[tool]]\nschema_version = 1\nid = "r"\nentry = "tools/r.mjs"\nruntime = "node"\nargv = []\ncwd = "tool_root"\navailability = "required"',
        `[[hook]]\nschema_version = 1\nid = "r"\ntool = "r"\nsubject = "tool_call"\nphase = "after"\neffect = "replace_output"\nrequirement = "${requirement}"\ntimeout_ms = 1000\nfailure_policy = "report"\nretry = "never"\nerror_visibility = "user"\nblocking_scope = "matched_event"${requirement === "optional" ? '\nfallback = "omit"' : ""}`,
      ].join("\n\n");
    for (const r of ["required", "optional"]) {
      await mkdir(join(root, r, "plugins/demo/tools"), { recursive: true });
      await writeFile(join(root, r, "plugins/demo/PLUGIN.toml"), manifest(r));
      await writeFile(join(root, r, "plugins/demo/tools/r.mjs"), "");
    }
    const lines = [
      { cmd: "hello", protocol: 1, kit: { name: "papc", version: "t" } },
      ...[
        ["required", "claude-code"],
        ["required", "codex"],
        ["optional", "codex"],
        ["missing", "codex"],
        ["required", "nobody"],
      ].map(([dir, provider], i) => ({ cmd: "run", seq: i + 1, case: { id: "live/x/c", operation: "live", root, source: join(root, dir!), args: { provider, plugin: "demo" } } })),
    ];
    const r = await execa("node", [join(KIT_ROOT, "dist/reference/src/protocol-server.js")], { input: lines.map((l) => JSON.stringify(l)).join("\n") + "\n", reject: false });
    const replies = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, any>);
    expect(replies[0]!.operations).toContain("live");
    expect(replies[1]!.result).toMatchObject({ exit: 0, format: "settings-json", refused: [], omitted: [] });
    expect(JSON.parse(replies[1]!.result.text).hooks.PostToolUse[0].hooks[0].command).toMatch(/hook dispatch --provider claude-code --source .* --plugin demo --hook r$/);
    expect(replies[2]!.result).toMatchObject({ exit: 1, text: "", refused: [{ hook: "r" }], omitted: [] });
    expect(replies[3]!.result).toMatchObject({ exit: 0, format: "config-toml", text: "[hooks]\n", refused: [], omitted: [{ hook: "r" }] });
    expect(replies[4]!.result).toMatchObject({ exit: 1, text: "", message: expect.any(String) });
    expect(replies[5]!.errored.message).toMatch(/unknown provider/);
    for (const reply of replies.slice(1, 5)) expect(check("protocol/live-result.schema.json", reply.result).ok).toBe(true);
  });
});

describe("a live case without its harness", () => {
  it("is skipped with the reason and how to install it, never passed, and the run exits 0", async () => {
    const cache = (await tmpDir({ unsafeCleanup: true })).path;
    const out = (await tmpDir({ unsafeCleanup: true })).path;
    const r = await execa("node", [PAPC, "run", "--case", "live/codex/deny-pretooluse", "--out", out], {
      cwd: KIT_ROOT,
      reject: false,
      env: { PAPC_HARNESS_CACHE: cache, NO_COLOR: "1" },
    });
    expect(r.exitCode).toBe(0);
    const record = r.stdout.includes("skip");
    expect(record).toBe(true);
    const { readReport } = await import("../src/report/jsonl.js");
    const report = await readReport(join(out, "reference.jsonl"));
    expect(report.cases).toHaveLength(1);
    expect(report.cases[0]).toMatchObject({ id: "live/codex/deny-pretooluse", outcome: "skip" });
    expect(report.cases[0]!.message).toMatch(/pinned codex harness: @openai\/codex@0.147.0 is not installed .*papc harness install --provider codex/);
  }, 60_000);
});
