// What an implementation leaves on disk is read as untrusted (KIT-READ-BOUNDED): a capture
// replaced by a FIFO or by a symlink to /dev/zero is an error of that case, not a hang or a
// memory blow-up, and a 100 MB file a lifecycle step checks is a failure whose report lines stay
// small, in every rendering.

import { execa } from "execa";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { loadCaseFile, type CaseSet } from "../src/cases/load-cases.js";
import { RecordingStore } from "../src/dispatch/recording-store.js";
import { readBounded } from "../src/fixtures/read-bounded.js";
import { renderHtml } from "../src/report/html.js";
import { reportText } from "../src/report/jsonl.js";
import { renderJunit } from "../src/report/junit.js";
import { renderMarkdown } from "../src/report/markdown.js";
import { runSuite } from "../src/run/run-suite.js";
import type { RunReport } from "../src/types/run-report.js";
import { HOSTILE, KIT_ROOT, persistentAdapter } from "./helpers.js";

const sabotage = (mode: string) => persistentAdapter(["node", join(HOSTILE, "sabotages-its-output.mjs"), mode]);

function load(text: string, folder: string): CaseSet {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  loadCaseFile(text, `cases/${folder}/x.yaml`, folder, set, new RecordingStore(join(KIT_ROOT, "recordings")));
  expect(set.problems).toEqual([]);
  return set;
}

const DISPATCH = [
  "operation: dispatch",
  "cases:",
  "  - id: hooks/x/captured",
  "    title: x",
  "    spec: [PAP-DISPATCH-ENV-ALLOWLIST]",
  "    given:",
  "      event: claude-code/2.1.233/PreToolUse/bash-echo",
  "      hooks: [{ id: gate, effect: observe, handler: { stdout: { kind: observe } } }]",
  "    expect: { handlers: { gate: { ran: true } } }",
  "",
].join("\n");

const ACTIVATION = [
  "cases:",
  "  - id: lifecycle/x/huge",
  "    title: x",
  "    spec: [PAP-LIFE-INSTR-SELECTED]",
  "    given:",
  "      provider: codex",
  '      members: [{ ref: "instruction:rules", requirement: required }]',
  '      files: { instructions/rules.md: "Run the tests.\\n" }',
  "    steps:",
  "      - operation: activate",
  "        args: { instructions: { scope: project, file: project/AGENTS.md } }",
  "        expect: { exit: 0, files: { project/AGENTS.md: { contains: [Run the tests.] } } }",
  "",
].join("\n");

async function run(adapterMode: string, text: string, folder: string): Promise<RunReport> {
  return runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter: sabotage(adapterMode), cases: load(text, folder).cases, jobs: 1, timeoutMs: 20_000 });
}

describe("reading what an implementation left on disk", () => {
  it("refuses a FIFO, a symlink (to /dev/zero), a directory and a file over the cap, and reads a small file", async () => {
    const dir = await tmpDir({ unsafeCleanup: true });
    try {
      await execa("mkfifo", [join(dir.path, "fifo")]);
      await execa("ln", ["-s", "/dev/zero", join(dir.path, "zero")]);
      await writeFile(join(dir.path, "big"), Buffer.alloc(1025));
      await writeFile(join(dir.path, "small"), "ok");
      expect(await readBounded(join(dir.path, "fifo"), 1024)).toEqual({ kind: "refused", why: "is not a regular file (a FIFO, a device or a directory)" });
      expect(await readBounded(join(dir.path, "zero"), 1024)).toEqual({ kind: "refused", why: "is a symlink (not followed)" });
      expect(await readBounded(dir.path, 1024)).toMatchObject({ kind: "refused" });
      expect(await readBounded(join(dir.path, "big"), 1024)).toEqual({ kind: "refused", why: "has 1025 bytes, more than the 1024 papc reads" });
      expect(await readBounded(join(dir.path, "small"), 1024)).toEqual({ kind: "file", bytes: Buffer.from("ok") });
      expect(await readBounded(join(dir.path, "absent"), 1024)).toEqual({ kind: "absent" });
    } finally {
      await dir.cleanup();
    }
  });

  it.each([
    ["fifo", /handler capture .* is not a regular file/],
    ["dev-zero", /handler capture .* is a symlink/],
  ])(
    "a capture replaced by a %s makes the case an error, and the run goes on",
    async (mode, message) => {
      const report = await run(mode, DISPATCH, "hooks/x");
      expect(report.cases.map((c) => [c.outcome, c.message])).toEqual([["error", expect.stringMatching(message)]]);
    },
    60_000,
  );

  it("a 100 MB file a step checks is a failure, and every report line stays small", async () => {
    const report = await run("huge-file", ACTIVATION, "lifecycle/x");
    expect(report.cases.map((c) => c.outcome)).toEqual(["fail"]);
    const jsonl = reportText(report);
    expect(Math.max(...jsonl.split("\n").map((l) => l.length))).toBeLessThan(256 * 1024);
    for (const text of [renderMarkdown(report), renderJunit(report), renderHtml([report])]) expect(text.length).toBeLessThan(2 * 1024 * 1024);
  }, 60_000);
});
