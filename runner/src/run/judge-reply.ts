// A reply judged within the judging time bound (KIT-JUDGE-TIMEOUT): its result by the operation's
// definition (run/result-check.ts), then the checks of what the implementation left on disk
// (`expect.fixture`, and in a step `expect.files`). One place for single-operation cases and for
// each step of a multi-step case.

import { CaseFault } from "../compare/case-fault.js";
import { compareFiles } from "../compare/compare-files.js";
import { compareFixture } from "../compare/compare-fixture.js";
import type { TreeDigest } from "../fixtures/tree-digest.js";
import type { JudgeContext } from "../registry/operation-definition.js";
import type { FileExpectation, FixtureEntry, FixtureExpectation, LoadedCase } from "../types/case.js";
import type { DiffLine, LiveCells } from "../types/run-report.js";
import { JudgeTimeout, withinJudgeTime } from "./judge-deadline.js";
import { judge } from "./result-check.js";
import type { LeftoverProcess } from "../../shared/process-cell.js";

/** What is checked on disk after the reply: the fixture (with its digest from before the request) and named files. */
export interface LeftChecks {
  fixture?: FixtureExpectation;
  before?: TreeDigest;
  files?: Record<string, FileExpectation>;
  /** The fixture as given, for `as_given` file checks. */
  given?: Record<string, FixtureEntry>;
}

export type JudgedReply =
  | { kind: "judged"; diff: DiffLine[]; live?: LiveCells; unobserved?: string[]; leftovers?: LeftoverProcess[] }
  /** error: the implementation's fault (a malformed result, a fixture it made unreadable, judging past its bound); suite-bug: the case's. */
  | { kind: "error" | "suite-bug"; message: string };

export async function judgeReply(c: LoadedCase, result: Record<string, unknown>, at: JudgeContext, left: LeftChecks, ms: number): Promise<JudgedReply> {
  try {
    return await withinJudgeTime(async (signal): Promise<JudgedReply> => {
      const verdict = await judge(c, result, { ...at, signal });
      if (!verdict.ok) return { kind: verdict.suiteBug ? "suite-bug" : "error", message: verdict.message };
      const diff = [...verdict.diff];
      try {
        if (left.fixture) diff.push(...(await compareFixture(left.fixture, at.root, left.before)));
        if (left.files) diff.push(...(await compareFiles(left.files, at.root, left.given ?? {})));
      } catch (err) {
        if (err instanceof CaseFault) return { kind: "suite-bug", message: err.message };
        // e.g. the implementation removed or locked its fixture
        return { kind: "error", message: `fixture could not be checked after the run: ${(err as Error).message}` };
      }
      return {
        kind: "judged",
        diff,
        ...(verdict.live ? { live: verdict.live } : {}),
        ...(verdict.unobserved ? { unobserved: verdict.unobserved } : {}),
        ...(verdict.leftovers ? { leftovers: verdict.leftovers } : {}),
      };
    }, ms);
  } catch (err) {
    if (err instanceof JudgeTimeout) return { kind: "error", message: err.message };
    throw err;
  }
}
