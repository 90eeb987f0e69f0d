// The compose operation's wording (reference/src/compose/messages/): every kind belongs to one
// area and is worded.

import { describe, expect, it } from "vitest";
import { AREAS, type ComposeArgsProblem, type ComposePackageProblem, composeArgsMessage, packageProblemText } from "../src/compose/messages/index.js";

const ARGS: ComposeArgsProblem[] = [
  { kind: "compose-args-not-object" },
  { kind: "compose-args-packages" },
  { kind: "compose-args-event" },
  { kind: "compose-args-tool-name" },
  { kind: "compose-args-results" },
];

const PACKAGES: ComposePackageProblem[] = [
  { kind: "compose-manifest-unusable", failure: { code: "unreadable_plugin_path", kind: "manifest-not-regular-file" } },
  { kind: "compose-plugin-name" },
];

describe("compose messages", () => {
  it("give every kind to exactly one area, named with the compose prefix", () => {
    const all = Object.values(AREAS).flatMap((table) => Object.keys(table));
    expect(new Set(all).size).toBe(all.length);
    for (const kind of all) expect(kind).toMatch(/^compose(-[a-z0-9]+)+$/);
    expect(new Set([...ARGS, ...PACKAGES].map((sample) => sample.kind))).toEqual(new Set(all));
  });

  it("word a sample of every kind", () => {
    for (const problem of ARGS) expect(composeArgsMessage(problem)).toMatch(/^compose: \S/);
    for (const problem of PACKAGES) expect(packageProblemText(problem)).not.toBe("");
    // a manifest's failure is worded by the validator
    expect(packageProblemText(PACKAGES[0]!)).toBe("manifest is not a regular file");
  });

  it("refuse a kind they do not word", () => {
    expect(() => composeArgsMessage({ kind: "compose-plugin-name" } as unknown as ComposeArgsProblem)).toThrow(/no wording/);
  });
});
