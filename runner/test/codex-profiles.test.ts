// The codex adapter's two profiles have teeth (adapters-under-test/codex/README.md): run against a
// Codex stand-in (runner/test/mutants/wrong-codex.mjs: Codex's command surface around the
// reference's loader) that is made wrong on purpose, each profile fails the cases that wrong
// behaviour breaks, and passes them when the stand-in is right:
// - codex-loader judges the loader: a loader that follows symlinks out of the root fails there,
//   while the install profile (whose correct installer leaves escaping links out) cannot see it;
// - codex-install judges installer and loader together: an installer that copies what escaping
//   links point to, or one that drops in-root symlinks (as Codex 0.147.0's does), fails there,
//   while the loader profile, which bypasses the installer, passes.
// No real harness is needed: this runs wherever the kit is built.

import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir, type DirectoryResult } from "tmp-promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

const STAND_IN = join(KIT_ROOT, "runner/test/mutants/wrong-codex.mjs");
const SERVER = join(KIT_ROOT, "dist/adapters-under-test/codex/server.js");

/** Containment both ways, and a plain package. */
const CASES = [
  "agent-plugins/seed/valid-v1",
  "agent-plugins/seed/symlink-outside",
  "agent-plugins/containment/linked-root/root-is-a-symlink",
  "agent-plugins/containment/roots/skills-dir-outside",
  "agent-plugins/containment/symlinks/skill-md-outside",
  "agent-plugins/containment/symlinks/sibling-with-root-prefix",
  "agent-plugins/containment/symlinks/skill-dir-inside",
  "agent-plugins/containment/symlinks/skill-md-inside",
  "agent-plugins/containment/symlinks/out-and-back-in",
];

let folder: DirectoryResult;
let suite: LoadedCase[] = [];

beforeAll(async () => {
  folder = await tmpDir({ prefix: "papc-wrong-codex-", unsafeCleanup: true });
  const { cases } = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  suite = cases.filter((c) => CASES.includes(c.id));
  expect(suite.map((c) => c.id).sort()).toEqual([...CASES].sort());
});
afterAll(async () => {
  await folder.cleanup();
});

/** The ids of the cases (of `only`, else all of CASES) that fail with the stand-in in `mode`, run through `profile`. */
async function failing(mode: string, profile: "install" | "loader", only?: string[]): Promise<string[]> {
  // The adapter runs Codex with an environment of its own; the mode travels in a wrapper script.
  const binary = join(folder.path, `codex-${mode}`);
  await writeFile(binary, `#!/bin/sh\nPAPC_WRONG_CODEX=${mode} exec ${process.execPath} ${STAND_IN} "$@"\n`);
  await chmod(binary, 0o755);
  const adapter = persistentAdapter(["env", `PAPC_CODEX_BINARY=${binary}`, process.execPath, SERVER, "--profile", profile]);
  const cases = only ? suite.filter((c) => only.includes(c.id)) : suite;
  const report = await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases, jobs: 4, timeoutMs: 30_000 });
  expect(report.header.implementation?.implementation).toMatchObject({ name: "codex", version: "0.0.0-papc-stand-in" });
  const broken = report.cases.filter((c) => !["pass", "fail", "skip"].includes(c.outcome));
  expect(broken.map((c) => `${c.id}: ${c.outcome} ${c.message ?? ""}`)).toEqual([]);
  return report.cases
    .filter((c) => c.outcome === "fail")
    .map((c) => c.id)
    .sort();
}

const ESCAPES = ["agent-plugins/containment/symlinks/sibling-with-root-prefix", "agent-plugins/containment/symlinks/skill-md-outside", "agent-plugins/seed/symlink-outside"];
const INSIDE = [
  "agent-plugins/containment/linked-root/root-is-a-symlink",
  "agent-plugins/containment/symlinks/out-and-back-in",
  "agent-plugins/containment/symlinks/skill-dir-inside",
  "agent-plugins/containment/symlinks/skill-md-inside",
];
// each wrong stand-in meets the cases of what it breaks and of what it must not (the control covers all)
const ESCAPES_AND_ONE_INSIDE = [...ESCAPES, "agent-plugins/containment/symlinks/skill-dir-inside"];
const OUTSIDE = [...ESCAPES, "agent-plugins/containment/roots/skills-dir-outside"];

describe("the codex adapter's profiles against a Codex stand-in", () => {
  it("pass every containment and seed case when the stand-in's installer and loader are right", async () => {
    expect(await failing("none", "loader")).toEqual([]);
    expect(await failing("none", "install")).toEqual([]);
  }, 300_000);

  it("codex-loader catches a loader that follows symlinks out of the root; the installer in front hides it from codex-install", async () => {
    expect(await failing("follows-symlinks-out", "loader", ESCAPES_AND_ONE_INSIDE)).toEqual(ESCAPES);
    expect(await failing("follows-symlinks-out", "install", ESCAPES_AND_ONE_INSIDE)).toEqual([]);
  }, 120_000);

  it("codex-install catches an installer that copies what escaping symlinks point to; codex-loader bypasses it", async () => {
    expect(await failing("installer-follows-symlinks", "install", OUTSIDE)).toEqual([...OUTSIDE].sort());
    expect(await failing("installer-follows-symlinks", "loader", OUTSIDE)).toEqual([]);
  }, 120_000);

  it("codex-install catches an installer that drops in-root symlinks (Codex 0.147.0's); codex-loader bypasses it", async () => {
    expect(await failing("installer-drops-symlinks", "install", INSIDE)).toEqual(INSIDE);
    expect(await failing("installer-drops-symlinks", "loader", INSIDE)).toEqual([]);
  }, 120_000);
});
