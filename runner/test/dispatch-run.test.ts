// Dispatch cases end to end (KIT-OP-DISPATCH-RESULT, KIT-PROTOCOL-EXEC-DISPATCH): the probe
// suite's dispatch cases run against a tiny probe dispatcher over the persistent protocol and in
// exec mode (event on stdin, environment over the process's, one --hook per projected hook), a
// lazy dispatcher gets judged failures with diffs, and a malformed result is an error.

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { readAdapter } from "../src/adapters/load-adapter.js";
import { fillArgv, type PlaceholderValues } from "../src/protocol/exec-client.js";
import type { Adapter } from "../src/types/adapter.js";
import { KIT_ROOT, outcomes, persistentAdapter, runProbe } from "./helpers.js";

const PROBE = join(KIT_ROOT, "runner/test/fixtures/probe-dispatcher.mjs");
const runDispatch = (adapter: Adapter) => runProbe(adapter, {}, "dispatch");

const execAdapter: Adapter = {
  name: "probe-exec",
  description: "the probe dispatcher, one process per case",
  mode: "exec",
  implementation: { name: "probe-dispatcher", version: "0" },
  operations: {
    dispatch: {
      argv: ["node", PROBE, "--exec", "--provider", "{args.provider}", "--source", "{source}", "--plugin", "{args.plugin}", ["--hook", "{args.hooks[]}"]],
      stdin: "event",
    },
  },
  baseline: {},
  dir: KIT_ROOT,
};

describe("dispatch cases against a probe dispatcher", () => {
  it("pass over the persistent protocol", async () => {
    const report = await runDispatch(persistentAdapter(["node", PROBE]));
    expect(report.cases.map((c) => [c.id, c.outcome, c.message ?? ""])).toEqual([
      ["dispatch/gate-denies", "pass", ""],
      ["dispatch/matcher-skips", "pass", ""],
      ["dispatch/edited-event", "pass", ""],
    ]);
  });

  it("pass in exec mode, with the event on stdin and the environment set over the process's", async () => {
    const report = await runDispatch(execAdapter);
    expect(report.header.adapter.mode).toBe("exec");
    expect(outcomes(report)).toEqual({ "dispatch/gate-denies": "pass", "dispatch/matcher-skips": "pass", "dispatch/edited-event": "pass" });
  });

  it("fail against a lazy dispatcher (whole environment, matchers ignored), each with its diff", async () => {
    const report = await runDispatch(persistentAdapter(["node", PROBE, "--naive"]));
    expect(outcomes(report)).toEqual({ "dispatch/gate-denies": "fail", "dispatch/matcher-skips": "fail", "dispatch/edited-event": "pass" });
    const gate = report.cases.find((c) => c.id === "dispatch/gate-denies")!;
    expect(new Set(gate.diff!.map((d) => d.path))).toEqual(new Set(["handlers.gate.env"]));
    expect(gate.diff).toContainEqual({ type: "add", path: "handlers.gate.env", actual: '  "PAPC_SECRET": "(set; value not shown)"' });
    const skips = report.cases.find((c) => c.id === "dispatch/matcher-skips")!;
    expect(skips.diff).toContainEqual({ type: "modify", path: "handlers.gate.ran", expected: "false", actual: "true (1 run(s))" });
    expect(skips.diff).toContainEqual({ type: "add", path: "response", actual: '    "permissionDecision": "deny"' });
  });

  it("give a result that breaks the dispatch result schema the outcome error", async () => {
    const script = `require("readline").createInterface({ input: process.stdin }).on("line", (l) => { const m = JSON.parse(l);
      if (m.cmd === "hello") console.log(JSON.stringify({ protocol: 1, implementation: { name: "x", version: "1" }, operations: ["dispatch"] }));
      if (m.cmd === "run") console.log(JSON.stringify({ seq: m.seq, result: { exit: "0", stdout: "{}" } })); });`;
    const report = await runDispatch(persistentAdapter(["node", "-e", script]));
    expect(new Set(Object.values(outcomes(report)))).toEqual(new Set(["error"]));
    expect(report.cases[0]!.message).toBe("result does not match the dispatch result schema: /exit must be integer");
  });
});

describe("exec argv templates with arrays", () => {
  const values: PlaceholderValues = new Map<string, string | string[]>([
    ["source", "/src"],
    ["args.hooks", '["a","b"]'],
    ["args.hooks[]", ["a", "b"]],
    ["args.none[]", []],
  ]);

  it("repeat a group once per entry, and a lone element once per entry", () => {
    expect(fillArgv(["x", ["--hook", "{args.hooks[]}"], "{source}"], values)).toEqual(["x", "--hook", "a", "--hook", "b", "/src"]);
    expect(fillArgv(["x", "--hooks", "{args.hooks[]}"], values)).toEqual(["x", "--hooks", "a", "b"]);
    expect(fillArgv(["--all={args.hooks}"], values)).toEqual(['--all=["a","b"]']);
  });

  it("give nothing for an empty or absent array, and drop a group missing another value", () => {
    expect(fillArgv(["x", ["--hook", "{args.none[]}"], ["--hook", "{args.absent[]}"], "{args.absent[]}"], values)).toEqual(["x"]);
    expect(fillArgv(["x", ["--hook", "{args.hooks[]}", "{args.missing}"]], values)).toEqual(["x"]);
  });

  it("are checked when the adapter is read: one array per group, stdin only `event`", async () => {
    const dir = (await tmpDir({ unsafeCleanup: true })).path;
    const write = async (body: string) => {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, "adapter.yaml"), `name: t\ndescription: t\nmode: exec\nimplementation: { name: x, version: "1" }\noperations:\n  dispatch:\n${body}`);
      return readAdapter(join(dir, "adapter.yaml"), dir);
    };
    expect((await write('    argv: [x, ["{args.hooks[]}"]]\n    stdin: event\n')).problems).toEqual([]);
    const two = await write('    argv: [x, ["{args.a[]}", "{args.b[]}"]]\n');
    expect(two.problems.map((p) => `${p.line} ${p.message}`)).toEqual([
      "7 operations.dispatch.argv repeats one group over two arrays (args.a, args.b); use one [] placeholder per group",
    ]);
    const stdin = await write("    argv: [x]\n    stdin: file\n");
    expect(stdin.problems.map((p) => `${p.line} ${p.message}`)).toEqual(['8 /operations/dispatch/stdin must be equal to one of the allowed values ("event")']);
  });
});
