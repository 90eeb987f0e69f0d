// The package a dispatch case generates (SPEC 1.6, KIT-DISPATCH-PACKAGE): PLUGIN.toml valid under
// SPEC chapters 2–3 as the reference validator judges it, handler scripts that record how they
// were run (KIT-DISPATCH-CAPTURE), and given.files written over the generated files.

import { spawn } from "node:child_process";
import { cp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { parse } from "smol-toml";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it } from "vitest";
import { compareDispatch } from "../src/operations/dispatch/compare.js";
import { killLeftovers, readHandlerRuns } from "../src/dispatch/handler-runs.js";
import { materialize } from "../src/fixtures/materialize.js";
import { fixtureFiles } from "../src/run/case-setup.js";
import type { LoadedCase } from "../src/types/case.js";
import { dispatchCase, loadOne, recordingsDir } from "./dispatch-helpers.js";
import { KIT_ROOT } from "./helpers.js";

let recordings: string;
beforeAll(async () => {
  recordings = await recordingsDir();
});

async function materialized(c: LoadedCase): Promise<string> {
  const root = (await tmpDir({ unsafeCleanup: true })).path;
  await materialize(root, fixtureFiles(c, root));
  return root;
}

async function validate(root: string): Promise<{ exit: number; report: { valid: boolean; diagnostics: { code: string }[]; providers: { status: string }[] } }> {
  const run = await execa("node", [join(KIT_ROOT, "dist/reference/src/cli.js"), "--json", "plugin", "validate", root], { reject: false });
  return { exit: run.exitCode ?? -1, report: JSON.parse(run.stdout) };
}

const PACKAGES: [string, string][] = [
  [
    "a gate, an optional observer and a fail-closed rewrite on PreToolUse",
    `  event: claude-code/2.1.233/PreToolUse/t
  environment: { PAPC_ALLOWED: ok }
  hooks:
    - id: gate
      effect: allow_deny
      failure_policy: fail_closed
      error_visibility: model_and_user
      timeout_ms: 100
      matcher: { tool_names: [Bash, Write] }
      bindings: [{ input: name, field: tool.name }, { input: call, field: tool.call_id }, { input: dir, field: session.cwd }, { input: kind, field: actor.kind }]
      env: [PAPC_ALLOWED, PATH]
      handler: { stdout: { kind: deny, reason: no } }
    - { id: watch, effect: observe, requirement: optional }
    - { id: rewrite, effect: rewrite_input, failure_policy: fail_closed, handler: { stdout: { kind: rewrite_input, input: { command: ls } } } }`,
  ],
  [
    "a continuation on Stop with boolean, text and path bindings",
    `  event: claude-code/2.1.233/Stop/t
  hooks:
    - id: again
      effect: continue_workflow
      bindings: [{ input: continued, field: workflow.already_continued }, { input: last, field: workflow.last_message }, { input: transcript, field: transcript.path }]
      handler: { stdout: { kind: continue_workflow, reason: more } }`,
  ],
  [
    "an observer on SessionEnd and a context on UserPromptSubmit (explicit subject/phase)",
    `  event: claude-code/2.1.233/SessionEnd/t
  hooks:
    - { id: bye, effect: observe, bindings: [{ input: reason, field: session.end_reason }] }
    - { id: ctx, subject: user_prompt, phase: before, effect: add_context, bindings: [{ input: prompt, field: prompt.text }] }`,
  ],
  [
    "a replacement on PostToolUse, and declared inputs with an unbound optional one",
    `  event: claude-code/2.1.233/PostToolUse/t
  plugin: other-name
  hooks:
    - id: swap
      effect: replace_output
      bindings: [{ input: name, field: tool.name }]
      inputs: [{ name: name, type: string }, { name: extra, type: integer, required: false }]
      argv: [--name, "\${input.name}", "\${input.extra}"]
      handler: { stdout: { kind: replace_output, output: replaced } }`,
  ],
  [
    "a hook with its own subject/phase on an event that maps to none",
    `  event: claude-code/2.1.233/SessionStart/t
  hooks: [{ id: gate, subject: tool_call, phase: before, effect: allow_deny }]`,
  ],
];

describe("the generated package", () => {
  it.each(PACKAGES)("is valid for the reference validator: %s", async (_, given) => {
    const c = loadOne(dispatchCase(given), recordings);
    const root = await materialized(c);
    const { exit, report } = await validate(root);
    expect(report.diagnostics).toEqual([]);
    expect([exit, report.valid]).toEqual([0, true]);
    expect(report.providers.map((p) => p.status)).toEqual(
      ["supported", "supported"].map((s, i) => (c.dispatch!.hooks.some((h) => h.effect === "replace_output") && i === 1 ? "unsupported" : s)),
    );
  });

  it("writes every default into PLUGIN.toml: one node tool and one hook per case hook", async () => {
    const c = loadOne(dispatchCase(PACKAGES[0]![1]), recordings);
    const root = await materialized(c);
    const manifest = parse(await readFile(join(root, "plugins/demo/PLUGIN.toml"), "utf8")) as { tool: Record<string, unknown>[]; hook: Record<string, unknown>[] };
    expect(manifest.tool[1]).toEqual({ schema_version: 1, id: "watch", entry: "tools/watch.mjs", runtime: "node", argv: [], cwd: "tool_root", availability: "required" });
    expect(manifest.tool[0]).toMatchObject({
      inputs: [
        { name: "name", type: "string" },
        { name: "call", type: "string" },
        { name: "dir", type: "path" },
        { name: "kind", type: "string" },
      ],
      argv: ["${input.name}", "${input.call}", "${input.dir}", "${input.kind}"],
      env: ["PAPC_ALLOWED", "PATH"],
    });
    expect(manifest.hook[1]).toEqual({
      schema_version: 1,
      id: "watch",
      tool: "watch",
      subject: "tool_call",
      phase: "before",
      effect: "observe",
      requirement: "optional",
      timeout_ms: 2000,
      failure_policy: "report",
      retry: "never",
      error_visibility: "user",
      blocking_scope: "matched_event",
      fallback: "omit",
    });
    expect(manifest.hook[0]).toMatchObject({ timeout_ms: 100, failure_policy: "fail_closed", error_visibility: "model_and_user", matcher: { tool_names: ["Bash", "Write"] } });
  });

  it("leaves the fallback out of an optional hook with `fallback: null`: an invalid package on purpose", async () => {
    const c = loadOne(dispatchCase("  event: claude-code/2.1.233/PreToolUse/t\n  hooks: [{ id: watch, effect: observe, requirement: optional, fallback: null }]"), recordings);
    const { exit, report } = await validate(await materialized(c));
    expect([exit, report.valid, report.diagnostics.map((d) => d.code)]).toEqual([1, false, ["invalid_plugin_package"]]);
  });

  it("writes given.files over the generated files, a given path replacing everything generated below it", async () => {
    const given = `  event: claude-code/2.1.233/PreToolUse/t
  hooks: [{ id: gate, effect: allow_deny }]
  files:
    plugins/demo/PLUGIN.toml: "schema_version = 2\\n"
    plugins/demo/tools: { symlink: /tmp }`;
    const c = loadOne(dispatchCase(given), recordings);
    const root = (await tmpDir({ unsafeCleanup: true })).path;
    const files = fixtureFiles(c, root);
    expect(Object.keys(files).sort()).toEqual([".papc/captures", "plugins/demo/PLUGIN.toml", "plugins/demo/tools"]);
    expect(files["plugins/demo/PLUGIN.toml"]).toBe("schema_version = 2\n");
    await materialize(root, files);
  });
});

/** Runs a generated handler directly, as a dispatcher would; resolves on its exit (not on stdout EOF). */
function runHandler(
  entry: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => setTimeout(() => resolve({ code, stdout, stderr, ms: performance.now() - started }), 50));
    child.stdin.end(stdin);
  });
}

describe("the generated handler", () => {
  const handlerCase = (handler: string) =>
    loadOne(dispatchCase(`  event: claude-code/2.1.233/PreToolUse/t\n  hooks: [{ id: gate, effect: allow_deny, handler: ${handler} }]`), recordings);

  it("records argv, environment, cwd, stdin and its own path, then prints, writes stderr and exits as declared", async () => {
    const c = handlerCase(`{ stdout: { kind: deny, reason: "No." }, stderr: "noise", exit: 3 }`);
    const root = await materialized(c);
    const pkg = join(root, "plugins/demo");
    const run = await runHandler(join(pkg, "tools/gate.mjs"), ["Bash", "two words"], { ONLY: "1" }, pkg, '{"a":1}');
    expect(run).toMatchObject({ code: 3, stdout: '{"kind":"deny","reason":"No."}\n', stderr: "noise" });
    const runs = (await readHandlerRuns(root, ["gate"])).get("gate")!;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ argv: ["Bash", "two words"], env: { ONLY: "1" }, cwd: pkg, stdin: '{"a":1}', entry: join(pkg, "tools/gate.mjs") });
    const expectation = { handlers: { gate: { ran: true, runs: 1, argv: ["Bash", "two words"], env: { ONLY: "1" }, stdin: "event", cwd: "tool_root" as const } } };
    expect(compareDispatch(expectation, { exit: 0, stdout: "" }, { event: { a: 1 }, runs: new Map([["gate", runs]]) })).toEqual([]);
  });

  it("runs with no environment at all, appends one line per run, and prints nothing when told nothing", async () => {
    const c = handlerCase(`{ exit: 0 }`);
    const root = await materialized(c);
    const pkg = join(root, "plugins/demo");
    for (let i = 0; i < 2; i++) expect(await runHandler(join(pkg, "tools/gate.mjs"), [], {}, pkg, "")).toMatchObject({ code: 0, stdout: "" });
    const runs = (await readHandlerRuns(root, ["gate"])).get("gate")!;
    expect(runs.map((r) => r.env)).toEqual([{}, {}]);
  });

  it("prints {parts} output (4 MiB + 1 bytes) and waits delay_ms first", async () => {
    const c = handlerCase(`{ stdout: { parts: ['{"kind":"add_context","context":"', { repeat: x, times: 4194305 }, '"}'] }, delay_ms: 300 }`);
    const root = await materialized(c);
    const pkg = join(root, "plugins/demo");
    const run = await runHandler(join(pkg, "tools/gate.mjs"), [], {}, pkg, "");
    expect(run.stdout.length).toBe(4194305 + 35);
    expect(run.ms).toBeGreaterThanOrEqual(300);
  });

  it("a staged copy still has its tool root as cwd; another directory does not", async () => {
    const c = handlerCase(`{ stdout: { kind: abstain } }`);
    const root = await materialized(c);
    const staged = join((await tmpDir({ unsafeCleanup: true })).path, "stage");
    await cp(join(root, "plugins/demo"), staged, { recursive: true });
    await runHandler(join(staged, "tools/gate.mjs"), [], {}, staged, "");
    await runHandler(join(staged, "tools/gate.mjs"), [], {}, root, "");
    const runs = (await readHandlerRuns(root, ["gate"])).get("gate")!;
    const diff = compareDispatch({ handlers: { gate: { cwd: "tool_root" } } }, { exit: 0, stdout: "" }, { event: {}, runs: new Map([["gate", runs]]) });
    expect(diff).toEqual([{ type: "modify", path: "handlers.gate (run 2 of 2).cwd", expected: staged, actual: root }]);
  });

  it("starts a sleeper that outlives it in its process group; cleanup ends it", async () => {
    const c = handlerCase(`{ stdout: { kind: abstain }, spawn_sleeper: true }`);
    const root = await materialized(c);
    const pkg = join(root, "plugins/demo");
    const run = await runHandler(join(pkg, "tools/gate.mjs"), [], {}, pkg, "");
    expect(run.code).toBe(0);
    const [before] = (await readHandlerRuns(root, ["gate"], true)).get("gate")!;
    expect(before).toMatchObject({ sleeper_pid: expect.any(Number), sleeper_alive: true });
    const diff = compareDispatch({ handlers: { gate: { sleeper_gone: true } } }, { exit: 0, stdout: "" }, { event: {}, runs: new Map([["gate", [before!]]]) });
    expect(diff[0]).toMatchObject({ path: "handlers.gate.sleeper_gone", actual: expect.stringMatching(/still runs/) });
    await killLeftovers(root, ["gate"]);
    const [after] = (await readHandlerRuns(root, ["gate"], true)).get("gate")!;
    expect(after!.sleeper_alive).toBe(false);
  });
});
