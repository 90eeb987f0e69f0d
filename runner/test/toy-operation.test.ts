// A new operation is one folder: this test registers a toy operation the way
// runner/src/operations/index.ts registers the kit's (CONTRIBUTING.md "Adding an operation"), and
// shows that the core loads its case files (with its own `expect` key in the case schema), sends
// its args, judges its results, reads its exec output and counts its coverage through the
// definition alone, with no switch to extend.

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases, type CaseSet } from "../src/cases/load-cases.js";
import { operationKeyFindings, nullAllowed } from "../src/cases/operation-keys.js";
import { polarityOf } from "../src/coverage/coverage.js";
import { mapExecResult } from "../src/protocol/exec-client.js";
import type { Implementation } from "../src/protocol/implementation.js";
import { ownKeys, type OperationOf } from "../src/registry/operation-definition.js";
import { registerOperation, unregisterOperation } from "../src/registry/operations.js";
import { runCase } from "../src/run/run-case.js";
import type { CaseOf, Operation } from "../src/types/case.js";
import type { CasePayload } from "../shared/protocol.js";

// The toy: the implementation says `word` back, upper-cased. Its case states the word in
// `given.args.word` and the answer it expects in `expect.said`, a key of its own; its result
// borrows the compose result schema, the word in `order`. Its folder would declare its
// expectation like this, and its definition is then given only cases of it.
declare module "../src/types/case.js" {
  interface Expectations {
    shout: { said?: string };
  }
}
const TOY = "shout";
const shout: OperationOf<"shout"> = {
  name: TOY,
  usedIn: { case: true, step: false },
  keys: { given: [], expect: ownKeys<"shout">()(["said"]) },
  // its part of the case schema: the schema of `expect.said`, typed against its expectation
  caseSchema: { expect: { said: { type: "string", nullable: true, minLength: 1 } } },
  nullAllowed: ([a, b]) => a === "expect" && b === "said",
  caseArgs: (c) => ({ word: String(c.given?.args?.["word"] ?? "") }),
  resultSchema: "protocol/compose-result.schema.json",
  async judge(c, result) {
    const expected = c.expect.said;
    const said = (result as { order?: unknown[] }).order?.[0];
    return { ok: true, diff: said === expected ? [] : [{ type: "modified", path: "said", expected: String(expected), actual: String(said) }] };
  },
  polarity: (e) => (e.said === undefined ? "other" : "accepting"),
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

const toyCase: CaseOf<"shout"> = {
  id: "toy/shout/hello",
  title: "says the word back, upper-cased",
  spec: ["TOY-SHOUT"],
  operation: TOY,
  given: { args: { word: "hello" } },
  expect: { said: "HELLO" },
  area: "toy/shout",
  hash: "0".repeat(64),
  location: { file: "cases/toy/shout/hello.yaml", line: 1 },
};

/** The same case as a case file, as its author writes it. */
const TOY_CASE_FILE = [
  "id: toy/shout/hello",
  "title: says the word back, upper-cased",
  "spec: [TOY-SHOUT]",
  "operation: shout",
  "given:",
  "  args: { word: hello }",
  "expect:",
  "  said: HELLO",
  "",
].join("\n");

/** The case file in a suite of its own, loaded as `papc lint` and `papc run` load cases/. */
async function loadToySuite(): Promise<CaseSet> {
  const root = await tmpDir({ unsafeCleanup: true });
  try {
    await mkdir(join(root.path, "cases/toy/shout"), { recursive: true });
    await writeFile(join(root.path, "cases/toy/shout/hello.yaml"), TOY_CASE_FILE);
    return await loadCases(join(root.path, "cases"), root.path);
  } finally {
    await root.cleanup();
  }
}

describe("a toy operation, registered from its own definition", () => {
  beforeAll(() => registerOperation(shout));
  afterAll(() => unregisterOperation(TOY));

  it("has its case files loaded with its own key in the case schema, and refused without it", async () => {
    const loaded = await loadToySuite();
    expect(loaded.problems).toEqual([]);
    expect(loaded.cases.map((c) => [c.id, c.operation, c.given, c.expect])).toEqual([["toy/shout/hello", TOY, { args: { word: "hello" } }, { said: "HELLO" }]]);
    unregisterOperation(TOY);
    try {
      const refused = await loadToySuite();
      expect(refused.cases).toEqual([]);
      expect(refused.problems.map((p) => [p.code, p.line, p.message])).toEqual([
        ["case-schema", 4, expect.stringMatching(/^\/operation must be equal to one of the allowed values \("validate", .*"project"\)$/)],
        ["case-schema", 8, '/expect must NOT have additional properties "said"'],
      ]);
      expect(refused.problems[0]!.message).not.toContain(`"${TOY}"`);
    } finally {
      registerOperation(shout);
    }
    expect((await loadToySuite()).problems).toEqual([]);
  });

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
    expect(nullAllowed(TOY, ["expect", "said"])).toBe(true);
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
