// Hostile case files that try to write outside their fixture root (KIT-FIXTURE-CONTAINED): an
// edit that appends through a symlink to a file outside, an activation whose instructions.file
// is absolute or climbs out with "..", and user directories in given.environment that point
// elsewhere. Lint names each at its line; run as they are (lint bypassed), each is a suite-bug
// and the canary folder outside stays exactly as it was.

import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir, type DirectoryResult } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCaseFile, type CaseSet } from "../src/cases/load-cases.js";
import { RecordingStore } from "../src/dispatch/recording-store.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

const REFERENCE = persistentAdapter(["node", join(KIT_ROOT, "dist/reference/src/protocol-server.js")]);
let canaryDir: DirectoryResult;
let canary: string;
const CANARY_TEXT = "the canary's own bytes\n";

beforeAll(async () => {
  canaryDir = await tmpDir({ prefix: "papc-canary-", unsafeCleanup: true });
  canary = canaryDir.path;
  await writeFile(join(canary, "AGENTS.md"), CANARY_TEXT);
});

afterAll(async () => {
  await canaryDir.cleanup();
});

function load(text: string): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, "cases/lifecycle/x.yaml", "lifecycle", set, new RecordingStore(join(KIT_ROOT, "recordings")));
  return set;
}

/** One multi-step case with the gate package; `given` and `steps` as YAML lines (6 and 4 spaces in). */
const caseText = (given: string[], steps: string[]): string =>
  [
    "cases:",
    "  - id: lifecycle/x/escape",
    "    title: x",
    "    spec: [PAP-LIFE-TRUST-COVERS]",
    "    given:",
    "      provider: codex",
    "      event: claude-code/2.1.233/PreToolUse/bash-echo",
    "      hooks: [{ id: gate, effect: allow_deny, handler: { stdout: { kind: abstain } } }]",
    ...given.map((l) => `      ${l}`),
    "    steps:",
    ...steps.map((l) => `    ${l}`),
    "",
  ].join("\n");

const ACTIVATE_INTO = (file: string): string[] => [
  "  - operation: approve",
  "    expect: { exit: 0 }",
  "  - operation: activate",
  `    args: { instructions: { scope: project, file: "${file}" } }`,
  "    expect: { exit: 0 }",
];

async function canaryUnchanged(): Promise<void> {
  expect((await readdir(canary)).sort()).toEqual(["AGENTS.md"]);
  expect(await readFile(join(canary, "AGENTS.md"), "utf8")).toBe(CANARY_TEXT);
}

async function runAsWritten(c: LoadedCase): Promise<{ outcome: string; message?: string }> {
  const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter: REFERENCE, cases: [c], jobs: 1 });
  const record = report.cases[0]!;
  return { outcome: record.outcome, ...(record.message === undefined ? {} : { message: record.message }) };
}

/** The case of `text` as the runner would hold it had lint let it through: `patch` puts the attack back. */
function bypassingLint(clean: string, patch: (c: LoadedCase) => void): LoadedCase {
  const set = load(clean);
  expect(set.problems).toEqual([]);
  const c = set.cases[0]!;
  patch(c);
  return c;
}

describe("a case cannot write outside its fixture root", () => {
  it("lint names an absolute or climbing instructions.file at its line", () => {
    const absolute = load(caseText([], ACTIVATE_INTO("/tmp/elsewhere/AGENTS.md")));
    expect(absolute.problems.map((p) => [p.code, p.line])).toEqual([["fixture-path-escapes", 13]]);
    expect(absolute.problems[0]!.message).toMatch(/instructions.file "\/tmp\/elsewhere\/AGENTS.md" is absolute/);
    const climbing = load(caseText([], ACTIVATE_INTO("../../x/AGENTS.md")));
    expect(climbing.problems.map((p) => [p.code, p.line])).toEqual([["fixture-path-escapes", 13]]);
  });

  it("lint names a user directory in given.environment that is absolute or climbs out, and allows empty or a fixture path", () => {
    const set = load(caseText(["environment: { HOME: /root, CODEX_HOME: ../.codex, CLAUDE_CONFIG_DIR: home/claude }"], ACTIVATE_INTO("project/AGENTS.md")));
    expect(set.problems.map((p) => [p.code, p.line, p.message.split(":")[0]])).toEqual([
      ["fixture-path-escapes", 9, 'HOME "/root" is absolute'],
      ["fixture-path-escapes", 9, 'CODEX_HOME "../.codex" contains a ".." segment'],
    ]);
    expect(load(caseText(['environment: { CODEX_HOME: "" }'], ACTIVATE_INTO("project/AGENTS.md"))).problems).toEqual([]);
  });

  it("lint names an edit that appends through a symlink leading outside, at the edited path's line", () => {
    const set = load(
      caseText(
        ["files: { notes.txt: { symlink: /etc/hostname }, inside.txt: { symlink: plugins/demo/tools/gate.mjs } }"],
        ['  - edit: { append: { inside.txt: "// x\\n" } }', "  - edit:", '      append: { notes.txt: "x\\n" }'],
      ),
    );
    expect(set.problems.map((p) => [p.code, p.line])).toEqual([["fixture-path-escapes", 13]]);
    expect(set.problems[0]!.message).toMatch(/notes.txt" is a symlink to "\/etc\/hostname", outside the fixture root/);
  });

  it("run as written, an instructions.file outside is a suite-bug and nothing is written there", async () => {
    const c = bypassingLint(caseText([], ACTIVATE_INTO("project/AGENTS.md")), (x) => {
      x.steps![1]!.args = { instructions: { scope: "project", file: join(canary, "AGENTS.md") } };
    });
    expect(await runAsWritten(c)).toMatchObject({ outcome: "suite-bug", message: expect.stringMatching(/step 2 \(activate\): instructions.file ".*" is absolute/) });
    const climbing = bypassingLint(caseText([], ACTIVATE_INTO("project/AGENTS.md")), (x) => {
      x.steps![1]!.args = { instructions: { scope: "project", file: `../../../../../../../../..${canary}/AGENTS.md` } };
    });
    expect(await runAsWritten(climbing)).toMatchObject({ outcome: "suite-bug" });
    await canaryUnchanged();
  }, 60_000);

  it("run as written, a user directory outside is a suite-bug and the user file outside is not written", async () => {
    const c = bypassingLint(
      caseText([], ["  - operation: approve", "    expect: { exit: 0 }", "  - operation: activate", "    args: { instructions: { scope: user } }", "    expect: { exit: 0 }"]),
      (x) => {
        x.given = { ...x.given, environment: { CODEX_HOME: canary } };
      },
    );
    expect(await runAsWritten(c)).toMatchObject({ outcome: "suite-bug", message: expect.stringMatching(/CODEX_HOME ".*" is absolute/) });
    await canaryUnchanged();
  }, 60_000);

  it("run as written, an edit through a symlink to a file outside is a suite-bug and the file keeps its bytes", async () => {
    const c = bypassingLint(caseText([], ['  - edit: { append: { notes.txt: "appended\\n" } }', "  - operation: validate", "    expect: { exit: 0 }"]), (x) => {
      x.given = { ...x.given, files: { ...x.given?.files, "notes.txt": { symlink: join(canary, "AGENTS.md") } } };
    });
    expect(await runAsWritten(c)).toMatchObject({ outcome: "suite-bug", message: expect.stringMatching(/notes.txt" is a symlink that leads outside the fixture root/) });
    const dangling = bypassingLint(caseText([], ['  - edit: { append: { notes.txt: "appended\\n" } }', "  - operation: validate", "    expect: { exit: 0 }"]), (x) => {
      x.given = { ...x.given, files: { ...x.given?.files, "notes.txt": { symlink: join(canary, "new.md") } } };
    });
    expect(await runAsWritten(dangling)).toMatchObject({ outcome: "suite-bug", message: expect.stringMatching(/dangling/) });
    await canaryUnchanged();
  }, 60_000);
});
