// Checks KIT-NEW-CASE (SPEC.md).
// papc new case writes a case file in the suite's own shape (a table file: defaults, then `cases:`
// with one case `<area>/<name>/<case>`), with every field its operation needs. Placeholders fail
// lint until they are filled, each on a line marked # TODO; filled in, the case lints clean and
// runs. It never overwrites, refuses ids lint would refuse and unknown requirements (suggesting
// close ones), and infers the operation from the case files beside the new one.
// Everything is scaffolded into a temporary copy of the kit's folders, never into cases/.

import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { parse as parseYaml, parseDocument } from "yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { loadCases } from "../src/cases/load-cases.js";
import { suitePaths } from "../src/cases/load-suite.js";
import { lintSuite } from "../src/lint/lint.js";
import { runSuite } from "../src/run/run-suite.js";
import { newCaseCommand, scaffoldCase, type NewCaseOptions, type ScaffoldResult } from "../src/scaffold/new-case.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

let root: string;

/** A kit with SPEC.md, recordings/ and two areas of the real suite (validate and dispatch). */
beforeEach(async () => {
  root = (await tmpDir({ unsafeCleanup: true })).path;
  await cp(join(KIT_ROOT, "SPEC.md"), join(root, "SPEC.md"));
  await cp(join(KIT_ROOT, "recordings"), join(root, "recordings"), { recursive: true });
  for (const f of ["cases/manifest/semantic/worked-example.yaml", "cases/hooks/effects/pre-tool-use.yaml", "cases/hooks/effects/stop.yaml"]) {
    await mkdir(join(root, f, ".."), { recursive: true });
    await cp(join(KIT_ROOT, f), join(root, f));
  }
});

async function run(o: Omit<NewCaseOptions, "root">): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await newCaseCommand({ root, ...o }, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

/** The lint findings `papc lint` has for one file of the temporary kit. */
async function lintOf(file: string) {
  const { problems } = await lintSuite(suitePaths(root));
  return problems.filter((p) => p.file === file);
}

/** Fills the scaffold's placeholders as a spec editor would; with `keepMarkers`, forgets to delete the # TODO markers. */
async function fill(r: ScaffoldResult, values: Record<string, unknown>, keepMarkers = false): Promise<void> {
  const path = join(root, r.file);
  const doc = parseDocument(await readFile(path, "utf8"));
  for (const [key, value] of Object.entries(values)) doc.setIn(["cases", 0, ...key.split(".")], value);
  const text = String(doc);
  await writeFile(path, keepMarkers ? text : text.replace(/^#\s*TODO\b.*\n/gm, "").replace(/\s*#\s*TODO\b.*$/gm, ""));
}

const FILLED: Record<string, Record<string, unknown>> = {
  validate: { id: "manifest/semantic/new-rule/valid-demo", title: "A demo package is valid", "expect.exit": 0, "expect.valid": true },
  dispatch: {
    id: "hooks/effects/notification/observe-abstain",
    title: "An observe hook that abstains says nothing",
    "given.hooks.0.effect": "observe",
    "expect.exit": 0,
    "expect.handlers.gate.ran": true,
  },
  compose: { id: "composition/new/demo/deny", title: "A denying hook decides deny", "expect.order": ["demo"], "expect.decision.kind": "deny" },
  "load-agent-plugin": { id: "agent-plugins/new/demo/loads", title: "A minimal package loads", "expect.loaded": true, "expect.skills": ["hello"] },
  steps: { id: "lifecycle/new/demo/edited", title: "An edited tool does not run until approved again" },
  live: {
    id: "live/claude-code/new-demo/observe",
    title: "An observe hook runs once",
    "given.provider": "claude-code",
    "given.hooks.0.effect": "observe",
    "expect.projection.exit": 0,
    "expect.handlers.gate.runs": 1,
  },
};

describe("papc new case", () => {
  it("scaffolds a validate case in the suite's table-file shape, with the requirement and its text", async () => {
    const { code, out } = await run({ path: "manifest/semantic/new-rule", requirement: "PAP-SEM-RESOLVE-SKILL" });
    expect(code).toBe(0);
    expect(out).toMatch(/^wrote cases\/manifest\/semantic\/new-rule\.yaml \(operation validate: the operation of 2 case\(s\) in cases\/manifest\/semantic\)/);
    const text = await readFile(join(root, "cases/manifest/semantic/new-rule.yaml"), "utf8");
    const data = parseYaml(text) as { operation: string; cases: Record<string, unknown>[] };
    // the shape of the suite's files: table defaults, then one case whose id is <area>/<name>/<case>
    expect(data.operation).toBe("validate");
    expect(data.cases).toHaveLength(1);
    expect(data.cases[0]).toMatchObject({ id: "manifest/semantic/new-rule/TODO", spec: ["PAP-SEM-RESOLVE-SKILL"], expect: { exit: "TODO", valid: "TODO" } });
    expect(Object.keys(data.cases[0]!)).toEqual(["id", "title", "spec", "given", "expect"]);
    expect(text).toMatch(/^# Requirements: SPEC\.md 3\.6 PAP-SEM-RESOLVE-SKILL\.$/m);
    expect(text).toMatch(/^# {3}PAP-SEM-RESOLVE-SKILL MUST: /m);
    // what is left: every TODO line, and the lint findings of the placeholders
    expect(out).toContain("left to do: fill each line marked # TODO");
    expect(out).toMatch(/^ {2}cases\/manifest\/semantic\/new-rule\.yaml:\d+ {2}- id: manifest\/semantic\/new-rule\/TODO {2}← the case's own name/m);
    expect(out).toMatch(/lint of the new file: \d+ finding\(s\)/);
    expect(out).toContain("then: papc lint && papc run --adapter reference --case 'manifest/semantic/new-rule/**'");
  });

  it("infers dispatch from the case files beside it, and from the area above a new folder", async () => {
    const beside = await scaffoldCase({ root, path: "hooks/effects/notification" });
    expect(beside.operation).toBe("dispatch");
    expect(beside.operation_from).toMatch(/^the operation of \d+ case\(s\) in cases\/hooks\/effects$/);
    const data = parseYaml(await readFile(join(root, beside.file), "utf8")) as { operation: string; cases: Record<string, unknown>[] };
    expect(data.operation).toBe("dispatch");
    expect(data.cases[0]).toMatchObject({ spec: ["TODO"], given: { event: "claude-code/2.1.233/PreToolUse/bash-echo", hooks: [{ id: "gate", effect: "TODO" }] } });
    const below = await scaffoldCase({ root, path: "hooks/brand-new/thing" });
    expect(below.operation).toBe("dispatch");
    expect(below.operation_from).toMatch(/in and below cases\/hooks$/);
    const fresh = await scaffoldCase({ root, path: "elsewhere/thing" });
    expect(fresh).toMatchObject({ operation: "validate", operation_from: "the default: no case file beside it names an operation" });
    const chosen = await scaffoldCase({ root, path: "hooks/effects/composed", operation: "compose" });
    expect(chosen).toMatchObject({ operation: "compose", operation_from: "given with --operation" });
  });

  for (const op of ["validate", "dispatch", "compose", "load-agent-plugin", "live", "steps"]) {
    it(`${op}: the scaffold fails lint only on its # TODO lines, and lints clean once they are filled`, async () => {
      const area = String(FILLED[op]!.id).split("/").slice(0, -1).join("/");
      const r = await scaffoldCase({ root, path: area, operation: op });
      const todo = new Set(r.todo.map((t) => t.line));
      const before = await lintOf(r.file);
      expect(before.length).toBeGreaterThan(0);
      expect(before.filter((p) => !todo.has(p.line)).map((p) => `${p.line} ${p.message}`)).toEqual([]);
      // papc new case prints the file's lint beside its own list of the # TODO lines; `papc lint` also flags each marker
      expect(before.filter((p) => p.code === "todo-left").map((p) => p.line)).toEqual([...todo].sort((x, y) => x - y));
      expect(r.lint.map((p) => `${p.line} ${p.code}`)).toEqual(before.filter((p) => p.code !== "todo-left").map((p) => `${p.line} ${p.code}`));
      await fill(r, {
        spec: [
          op === "live"
            ? "PAP-LIVE-DENY"
            : op === "dispatch"
              ? "PAP-NATIVE-EMPTY"
              : op === "compose"
                ? "HOST-DENY-WINS"
                : op === "load-agent-plugin"
                  ? "AP-MANIFEST-OBJECT"
                  : op === "steps"
                    ? "PAP-LIFE-TRUST-RECHECK"
                    : "PAP-CLI-EXIT-VALID",
        ],
        ...FILLED[op],
      });
      expect(await lintOf(r.file)).toEqual([]);
    });
  }

  it("filled in but with its # TODO markers left, a scaffold still fails lint, once per marker", async () => {
    const r = await scaffoldCase({ root, path: "manifest/semantic/half-done", requirement: "PAP-CLI-EXIT-VALID" });
    await fill(r, { ...FILLED.validate!, id: "manifest/semantic/half-done/valid-demo" }, true);
    const left = await lintOf(r.file);
    expect(left.length).toBeGreaterThan(0);
    expect(
      left.every((p) => p.code === "todo-left"),
      JSON.stringify(left),
    ).toBe(true);
    expect(left).toHaveLength(r.todo.length); // (filling moved some lines)
  });

  it("filled in, the validate and dispatch scaffolds run and pass against the reference", async () => {
    const validate = await scaffoldCase({ root, path: "manifest/semantic/new-rule", requirement: "PAP-CLI-EXIT-VALID" });
    await fill(validate, FILLED.validate!);
    const dispatch = await scaffoldCase({ root, path: "hooks/effects/notification", requirement: "PAP-NATIVE-EMPTY" });
    await fill(dispatch, FILLED.dispatch!);
    const { cases, problems } = await loadCases(join(root, "cases"), root);
    expect(problems).toEqual([]);
    const mine = cases.filter((c) => c.id === FILLED.validate!.id || c.id === FILLED.dispatch!.id);
    expect(mine).toHaveLength(2);
    const report = await runSuite({
      kitRoot: KIT_ROOT,
      kit: { name: "papc", version: "test" },
      adapter: persistentAdapter(["node", join(KIT_ROOT, "dist/reference/src/protocol-server.js")]),
      cases: mine,
      jobs: 1,
    });
    expect(report.cases.map((c) => `${c.id} ${c.outcome}`).sort()).toEqual([`${FILLED.dispatch!.id} pass`, `${FILLED.validate!.id} pass`]);
  }, 60_000);

  it("points to the existing file when the area is already a case file", async () => {
    const r = await scaffoldCase({ root, path: "manifest/semantic/worked-example/extra" });
    expect(r.notes).toEqual([
      "cases/manifest/semantic/worked-example.yaml already holds the cases of manifest/semantic/worked-example; to add a case to them, add it to that file instead (and delete cases/manifest/semantic/worked-example/extra.yaml)",
    ]);
  });

  it("never overwrites a case file", async () => {
    expect((await run({ path: "manifest/semantic/new-rule" })).code).toBe(0);
    const first = await readFile(join(root, "cases/manifest/semantic/new-rule.yaml"), "utf8");
    const again = await run({ path: "manifest/semantic/new-rule", requirement: "PAP-CLI-EXIT-VALID" });
    expect(again.code).toBe(2);
    expect(again.err).toBe("papc: cases/manifest/semantic/new-rule.yaml exists already; papc new case never overwrites (add the case to that file, or pick another name)\n");
    expect(await readFile(join(root, "cases/manifest/semantic/new-rule.yaml"), "utf8")).toBe(first);
    expect((await run({ path: "manifest/semantic/worked-example" })).code).toBe(2);
  });

  it("refuses an unknown requirement, suggesting close ones, and writes nothing", async () => {
    const { code, err } = await run({ path: "manifest/semantic/new-rule", requirement: "PAP-SEM-RESOLV-SKILL" });
    expect(code).toBe(2);
    expect(err).toMatch(/^papc: requirement PAP-SEM-RESOLV-SKILL is not defined in SPEC\.md; did you mean PAP-SEM-RESOLVE-SKILL, /);
    const loose = await run({ path: "manifest/semantic/new-rule", requirement: "TIMEOUT-RANGE" });
    expect(loose.err).toContain("PAP-STRUCT-HOOK-TIMEOUT-RANGE");
    await expect(readFile(join(root, "cases/manifest/semantic/new-rule.yaml"))).rejects.toThrow(/ENOENT/);
  });

  it("refuses ids lint would refuse, and an unknown operation", async () => {
    for (const path of ["manifest", "Manifest/semantic/x", "manifest/semantic/new_rule", "manifest//x", "manifest/../x"]) {
      const { code, err } = await run({ path });
      expect([path, code]).toEqual([path, 2]);
      expect(err).toMatch(/is not <area>\/<name>/);
    }
    expect((await run({ path: "manifest/semantic/x", case: "Bad" })).err).toMatch(/--case "Bad" is not one id segment/);
    expect((await run({ path: "manifest/semantic/x", operation: "validation" })).err).toMatch(
      /--operation must be one of validate, validate-cli, dispatch, compose, load-agent-plugin, live, project, steps/,
    );
  });

  it("--case names the first case, and --json prints one document", async () => {
    const { code, out } = await run({ path: "hooks/effects/notification", case: "observe-abstain", requirement: ["PAP-NATIVE-EMPTY", "PAP-DISPATCH-EXIT"], json: true });
    expect(code).toBe(0);
    const r = JSON.parse(out) as ScaffoldResult;
    expect(r).toMatchObject({
      file: "cases/hooks/effects/notification.yaml",
      id: "hooks/effects/notification/observe-abstain",
      operation: "dispatch",
      requirements: ["PAP-NATIVE-EMPTY", "PAP-DISPATCH-EXIT"],
    });
    expect(r.todo.some((t) => t.text.startsWith("- id:"))).toBe(false);
    expect(r.lint.filter((p) => p.message.startsWith("/id "))).toEqual([]);
  });
});
