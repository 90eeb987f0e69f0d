// The census of equivalent markings (runner/mutation/census.mjs): which stored mutants it re-runs,
// and how the fates of the re-run mutants make each module's census score.

import { describe, expect, it } from "vitest";

// @ts-expect-error: a plain ESM script without type declarations
const { markedMutants, censusFigures } = (await import("../mutation/census.mjs")) as {
  markedMutants: (report: unknown) => { file: string; mutant: { id: string } }[];
  censusFigures: (
    stored: unknown,
    marked: unknown,
    fates: Map<string, string>,
  ) => {
    module: string;
    marked: number;
    killed: number;
    timedOut: number;
    survived: number;
    noCoverage: number;
    missing: number;
    censusScore: number;
    loose: { file: string; line: number }[];
  }[];
};

const at = (line: number) => ({ start: { line, column: 3 }, end: { line, column: 9 } });
const mutant = (id: string, line: number, status: string, statusReason?: string) => ({
  id,
  mutatorName: "ConditionalExpression",
  replacement: "true",
  status,
  location: at(line),
  ...(statusReason ? { statusReason } : {}),
});
const FILE = "reference/src/compose/order.ts";
const stored = {
  files: {
    [FILE]: {
      mutants: [
        mutant("1", 1, "Killed"),
        mutant("2", 2, "Killed"),
        mutant("3", 3, "Survived"),
        mutant("4", 4, "Ignored", "the order is sorted anyway"),
        mutant("5", 5, "Ignored", "wording only"),
        mutant("7", 7, "Ignored", "a cache that only saves time"),
        mutant("6", 6, "Ignored", 'Static mutant (and "ignoreStatic" was enabled)'),
      ],
    },
  },
};
const key = (line: number) => `${FILE}@${line}:3-${line}:9 ConditionalExpression true`;

describe("the census of markings", () => {
  it("re-runs the mutants a directive marks, never Stryker's static ones", () => {
    expect(markedMutants(stored).map((m) => m.mutant.id)).toEqual(["4", "5", "7"]);
  });

  it("scores each marked mutant as it fared: a killed one is a loose marking, a timed-out one is no kill", () => {
    const [figure] = censusFigures(
      stored,
      markedMutants(stored),
      new Map([
        [key(4), "Killed"],
        [key(5), "Survived"],
        [key(7), "Timeout"],
      ]),
    );
    expect(figure).toMatchObject({ module: "composition", marked: 3, killed: 1, timedOut: 1, survived: 1, noCoverage: 0, missing: 0 });
    // 2 killed + 1 freed killed of 3 scored + 3 marked: the timed-out one is not detected
    expect(figure?.censusScore).toBe(50);
    expect(figure?.loose).toEqual([expect.objectContaining({ file: FILE, line: 4 })]);
  });

  it("counts a marked mutant the census did not run as missing, not as survived", () => {
    const [figure] = censusFigures(stored, markedMutants(stored), new Map([[key(4), "Killed"]]));
    expect(figure).toMatchObject({ killed: 1, survived: 0, missing: 2 });
  });
});
