// Comparing a dispatch result with `expect` (KIT-OP-DISPATCH-RESULT, KIT-EXPECT-ONLY-STATED):
// exit, the response compared exactly with value matchers, stdout_excludes, stderr, and the
// handlers' runs; every mismatch is a diff line reduced to what the case states.

import { describe, expect, it } from "vitest";
import { compareDispatch, parseResponse } from "../src/operations/dispatch/compare.js";
import { expectedView, matchesExactly } from "../src/compare/value-match.js";
import type { HandlerRun } from "../src/dispatch/handler-runs.js";
import type { DispatchExpectation } from "../src/types/case.js";

const DENY = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "hook `gate` failed" } };
const EVENT = { hook_event_name: "PreToolUse", tool_name: "Bash" };
const none = { event: EVENT, runs: new Map<string, HandlerRun[]>() };
const compare = (e: DispatchExpectation, stdout: string, runs: Record<string, HandlerRun[]> = {}, exit = 0, stderr?: string) =>
  compareDispatch(e, stderr === undefined ? { exit, stdout } : { exit, stdout, stderr }, { event: EVENT, runs: new Map(Object.entries(runs)) });

describe("value matchers", () => {
  it("$string checks contains, excludes and max_bytes; $any needs the key present", () => {
    const m = { $string: { contains: ["gate"], excludes: ["hook_handler_failed"], max_bytes: 20 } };
    expect(matchesExactly(m, "hook `gate` failed")).toBe(true);
    expect(matchesExactly(m, "hook `gate`: hook_handler_failed")).toBe(false);
    expect(matchesExactly(m, "hook `gate` failed because é")).toBe(false); // 29 bytes
    expect(matchesExactly(m, 5)).toBe(false);
    expect(matchesExactly({ a: { $any: true } }, { a: null })).toBe(true);
    expect(matchesExactly({ a: { $any: true } }, {})).toBe(false);
  });

  it("objects and arrays compare exactly: no extra key, same order", () => {
    expect(matchesExactly({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(matchesExactly([1, 2], [2, 1])).toBe(false);
    expect(matchesExactly({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
  });

  it("the expected view shows matched matchers as what they matched, failing ones as written", () => {
    expect(expectedView({ a: { $any: true }, b: { $string: { contains: ["x"] } } }, { a: 7, b: "y" })).toEqual({ a: 7, b: { $string: { contains: ["x"] } } });
  });
});

describe("compareDispatch", () => {
  it("passes an exact response, with matchers, and compares nothing unstated", () => {
    const response = { hookSpecificOutput: { ...DENY.hookSpecificOutput, permissionDecisionReason: { $string: { contains: ["gate"], excludes: ["hook_handler_failed"] } } } };
    expect(compare({ exit: 0, response }, `${JSON.stringify(DENY)}\n`)).toEqual([]);
    expect(compare({}, "not even JSON", {}, 7)).toEqual([]);
  });

  it("shows an extra key of the response as a diff of the response", () => {
    const actual = { ...DENY, systemMessage: "hook `gate`: hook_handler_failed" };
    expect(compare({ response: DENY }, JSON.stringify(actual))).toEqual([{ type: "add", path: "response", actual: '  "systemMessage": "hook `gate`: hook_handler_failed"' }]);
  });

  it("shows a failing matcher beside the value it did not accept", () => {
    const response = { hookSpecificOutput: { ...DENY.hookSpecificOutput, permissionDecisionReason: { $string: { excludes: ["failed"] } } } };
    const diff = compare({ response }, JSON.stringify(DENY));
    expect(new Set(diff.map((d) => d.path))).toEqual(new Set(["response"]));
    expect(diff[0]).toEqual({ type: "modify", path: "response", expected: '    "permissionDecisionReason": {', actual: '    "permissionDecisionReason": "hook `gate` failed"' });
    expect(diff.map((d) => d.expected).join("\n")).toContain('"$string": {');
    expect(diff.map((d) => `${d.expected}${d.actual}`).join("\n")).not.toContain("hookEventName");
  });

  it("reads empty stdout as null and says so when stdout is not JSON", () => {
    expect(parseResponse(" \n")).toEqual({ ok: true, value: null });
    expect(compare({ response: null }, "")).toEqual([]);
    expect(compare({ response: {} }, "")).toEqual([{ type: "modify", path: "response", expected: "{}", actual: "null" }]);
    expect(compare({ response: {} }, "{oops")).toEqual([{ type: "modify", path: "response", expected: "{}", actual: 'stdout is not JSON: "{oops"' }]);
  });

  it("checks exit, stdout_excludes (with an excerpt) and stderr", () => {
    const diff = compare(
      { exit: 0, stdout_excludes: ["s3cret", "absent"], stderr: { $string: { contains: ["hook `bye`: hook_handler_failed"] } } },
      '{"systemMessage":"token s3cret"}',
      {},
      1,
      "nothing",
    );
    expect(diff).toEqual([
      { type: "modify", path: "exit", expected: "0", actual: "1" },
      { type: "add", path: "stdout_excludes[0]", expected: 'no "s3cret" in stdout', actual: '…{"systemMessage":"token s3cret"}…' },
      { type: "modify", path: "stderr", expected: '{"$string":{"contains":["hook `bye`: hook_handler_failed"]}}', actual: '"nothing"' },
    ]);
    expect(compare({ stderr: { $string: { contains: ["x"] } } }, "{}")).toEqual([
      { type: "modify", path: "stderr", expected: '{"$string":{"contains":["x"]}}', actual: "(absent)" },
    ]);
  });
});

describe("handler expectations", () => {
  const run = (extra: Partial<HandlerRun> = {}): HandlerRun => ({
    argv: ["Bash"],
    env: { PAPC_ALLOWED: "ok" },
    cwd: "/pkg",
    stdin: JSON.stringify(EVENT),
    entry: "/pkg/tools/gate.mjs",
    pid: 1,
    ...extra,
  });
  const full = { ran: true, runs: 1, argv: ["Bash"], env: { PAPC_ALLOWED: "ok" }, stdin: "event", cwd: "tool_root" as const };

  it("pass for a run as declared; stdin compares as JSON, not as bytes", () => {
    expect(compare({ handlers: { gate: full } }, "{}", { gate: [run({ stdin: '{ "tool_name": "Bash", "hook_event_name": "PreToolUse" }' })] })).toEqual([]);
    expect(compare({ handlers: { gate: { stdin: "raw text" } } }, "{}", { gate: [run({ stdin: "raw text" })] })).toEqual([]);
  });

  it("$event in argv stands for the sent event's value as bound text; a missing pointer never matches", () => {
    expect(compare({ handlers: { gate: { argv: [{ $event: "/tool_name" }] } } }, "{}", { gate: [run()] })).toEqual([]);
    expect(compare({ handlers: { gate: { argv: [{ $event: "/hook_event_name" }] } } }, "{}", { gate: [run()] }).map((d) => d.path)).toContain("handlers.gate.argv");
    expect(compare({ handlers: { gate: { argv: [{ $event: "/missing" }] } } }, "{}", { gate: [run({ argv: [""] })] }).map((d) => d.path)).toContain("handlers.gate.argv");
  });

  it("report a handler that never ran, or ran when it should not", () => {
    expect(compare({ handlers: { gate: full } }, "{}")).toEqual([
      { type: "modify", path: "handlers.gate.ran", expected: "true", actual: "false (never started)" },
      { type: "modify", path: "handlers.gate.runs", expected: "1", actual: "0" },
      { type: "remove", path: "handlers.gate", expected: "a run to compare argv/env/stdin/cwd with", actual: "never started" },
    ]);
    expect(compare({ handlers: { gate: { ran: false } } }, "{}", { gate: [run(), run()] })).toEqual([
      { type: "modify", path: "handlers.gate.ran", expected: "false", actual: "true (2 run(s))" },
    ]);
  });

  it("show each differing field per run, and withhold the values of unexpected variables", () => {
    const leaky = run({ argv: ["Write"], env: { PAPC_ALLOWED: "ok", PAPC_SECRET: "s3cret" }, stdin: "{}", cwd: "/elsewhere" });
    const diff = compare({ handlers: { gate: full } }, "{}", { gate: [run(), leaky] });
    expect(diff.map((d) => d.path)).toEqual([
      "handlers.gate.runs",
      "handlers.gate (run 2 of 2).argv",
      "handlers.gate (run 2 of 2).argv",
      "handlers.gate (run 2 of 2).env",
      "handlers.gate (run 2 of 2).stdin",
      "handlers.gate (run 2 of 2).stdin",
      "handlers.gate (run 2 of 2).cwd",
    ]);
    expect(diff.find((d) => d.path.endsWith(".env"))).toEqual({ type: "add", path: "handlers.gate (run 2 of 2).env", actual: '  "PAPC_SECRET": "(set; value not shown)"' });
    expect(JSON.stringify(diff)).not.toContain("s3cret");
    expect(diff.at(-1)).toEqual({ type: "modify", path: "handlers.gate (run 2 of 2).cwd", expected: "/pkg", actual: "/elsewhere" });
  });

  it("report an unreadable capture line", () => {
    expect(compare({ handlers: { gate: { argv: [] } } }, "{}", { gate: [{ unreadable: '{"argv":' }] })).toEqual([
      { type: "modify", path: "handlers.gate", expected: "a capture line", actual: 'unreadable: "{\\"argv\\":"' },
    ]);
  });

  it("need a sleeper that is gone when the dispatcher answered", () => {
    expect(compare({ handlers: { gate: { sleeper_gone: true } } }, "{}", { gate: [run({ sleeper_pid: 5, sleeper_alive: false })] })).toEqual([]);
    expect(compare({ handlers: { gate: { sleeper_gone: true } } }, "{}", { gate: [run()] })[0]).toMatchObject({ actual: "no sleeper was started" });
  });

  it("ignore handlers the case does not name", () => {
    expect(
      compareDispatch(
        { handlers: { gate: { ran: true } } },
        { exit: 0, stdout: "{}" },
        {
          ...none,
          runs: new Map([
            ["gate", [run()]],
            ["other", []],
          ]),
        },
      ),
    ).toEqual([]);
  });
});
