// A new operation is one folder: this test registers a toy operation the way
// runner/src/operations/index.ts registers the kit's (CONTRIBUTING.md "Adding an operation"), and
// shows that the core loads its keys, sends its args, judges its results, reads its exec output
// and counts its coverage through the definition alone, with no switch to extend.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationKeyFindings, nullAllowed } from "../src/cases/operation-keys.js";
import { polarityOf } from "../src/coverage/coverage.js";
import { mapExecResult } from "../src/protocol/exec-client.js";
import type { Implementation } from "../src/protocol/implementation.js";
import type { OperationOf } from "../src/registry/operation-definition.js";
import { registerOperation, unregisterOperation } from "../src/registry/operations.js";
import { runCase } from "../src/run/run-case.js";
import type { LoadedCase, Operation } from "../src/types/case.js";
import type { CasePayload } from "../shared/protocol.js";

// The toy: the implementation says `word` back, upper-cased. Its case states the word in
// `given.args.word` and the answer it expects in `expect.report` (a key the case schema already has);
// its result borrows the compose result schema, the word in `order`. Its folder would declare
// its expectation like this, and its definition is then given only cases of it.
declare module "../src/types/case.js" {
  interface Expectations {
    shout: { report?: { said?: string } };
  }
}
const TOY = "shout";
const shout: OperationOf<"shout"> = {
  name: TOY,
  usedIn: { case: true, step: false },
  keys: { given: [], expect: ["report"] },
  nullAllowed: ([a, b]) => a === "expect" && b === "report",
  caseArgs: (c) => ({ word: String(c.given?.args?.["word"] ?? "") }),
  resultSchema: "protocol/compose-result.schema.json",
  async judge(c, result) {
    const expected = c.expect.report?.said;
    const said = (result as { order?: unknown[] }).order?.[0];
    return { ok: true, diff: said === expected ? [] : [{ type: "modified", path: "said", expected: String(expected), actual: String(said) }] };
  },
  polarity: (e) => (e.report === undefined ? "other" : "accepting"),
  readExec: (exit, stdout) => ({ kind: "result", result: { order: [stdout.trim()], exit } }),
};

/** An in-process implementation of the toy: `wrong` answers in lower case. */
function toyImplementation(wrong = false): Implementation {
  return {
    hello: async () => ({ protocol: 1, implementation: { name: "toy", version: "1" }, operations: [TOY as Operation] }),
    run: async (payload: CasePayload) => {
      const word = String(payload.args["word"]);
      return {
        exchange: {
          kind: "result",
          result: { order: [wrong ? word : word.toUpperCase()], rejected: [], tools: [], fired: [], decision: { kind: "none" }, conflicts: [], failures: [] },
        },
        stderr: "",
      };
    },
    drainStderr: () => "",
    close: async () => {},
  };
}

const toyCase: LoadedCase = {
  id: "toy/shout/hello",
  title: "says the word back, upper-cased",
  spec: ["TOY-SHOUT"],
  operation: TOY,
  given: { args: { word: "hello" } },
  expect: { report: { said: "HELLO" } },
  area: "toy/shout",
  hash: "0".repeat(64),
  location: { file: "cases/toy/shout.yaml", line: 1 },
};

describe("a toy operation, registered from its own definition", () => {
  beforeAll(() => registerOperation(shout));
  afterAll(() => unregisterOperation(TOY));

  it("is judged by its definition: a right implementation passes, a wrong one fails", async () => {
    const options = { timeoutMs: 5000, baseline: {} };
    const passed = await runCase(toyCase, toyImplementation(), options);
    expect(passed.message).toBeUndefined();
    expect(passed.outcome).toBe("pass");
    const failed = await runCase(toyCase, toyImplementation(true), options);
    expect(failed.outcome).toBe("fail");
    expect(failed.diff).toEqual([{ type: "modified", path: "said", expected: "HELLO", actual: "hello" }]);
  });

  it("owns its keys, its nulls, its exec reading and its coverage polarity", () => {
    expect(operationKeyFindings(toyCase)).toEqual([]);
    expect(operationKeyFindings({ ...toyCase, expect: { valid: true } })).toEqual([
      { path: ["expect", "valid"], message: "expect.valid belongs to validate and validate-cli cases, not to operation shout" },
    ]);
    expect(nullAllowed(TOY, ["expect", "report"])).toBe(true);
    expect(nullAllowed(TOY, ["expect", "valid"])).toBe(false);
    expect(mapExecResult(TOY, 0, "HELLO\n")).toEqual({ kind: "result", result: { order: ["HELLO"], exit: 0 } });
    expect(polarityOf(toyCase, "TOY-SHOUT")).toBe("accepting");
  });

  it("is unknown again once unregistered: its case is a suite bug, never a pass", async () => {
    unregisterOperation(TOY);
    try {
      const record = await runCase(toyCase, toyImplementation(), { timeoutMs: 5000, baseline: {} });
      expect(record.outcome).toBe("suite-bug");
      expect(record.message).toBe('papc cannot yet compare results of operation "shout"');
    } finally {
      registerOperation(shout);
    }
  });
});
