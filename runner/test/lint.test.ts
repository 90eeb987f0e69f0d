// papc lint names file:line for each kind of broken case, and the real suite lints clean.
// Checks KIT-LINT-LOCATION, KIT-COVERAGE, KIT-CASE-SCHEMA, KIT-CASE-ID-UNIQUE, KIT-CASE-REQUIREMENTS,
// KIT-FIXTURE-CONTAINED, KIT-LINT-TEETH.

import { mkdir, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { describe, expect, it } from "vitest";
import { suitePaths } from "../src/cases/load-suite.js";
import { lintSuite } from "../src/lint/lint.js";
import type { LintProblem } from "../src/common/problems.js";
import { KIT_ROOT } from "./helpers.js";

const SPEC = `# spec
- **[KIT-A]** MUST (test): first.
- **[KIT-B]** MUST (test): second.
`;

const GOOD = `id: area/x/good
title: good
spec: [KIT-A, KIT-B]
operation: validate
given:
  files:
    plugins/demo/PLUGIN.toml: "schema_version = 1\\n"
expect: { exit: 1 }
`;

async function lintFiles(files: Record<string, string>, links: Record<string, string> = {}): Promise<LintProblem[]> {
  const root = (await tmpDir({ unsafeCleanup: true })).path;
  const all = { "SPEC.md": SPEC, "cases/area/x/good.yaml": GOOD, ...files };
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  for (const [path, target] of Object.entries(links)) await symlink(target, join(root, path));
  return (await lintSuite(suitePaths(root))).problems;
}

const where = (ps: LintProblem[]) => ps.map((p) => `${p.file}:${p.line} ${p.code}`);

describe("papc lint", () => {
  it("accepts a clean suite", async () => {
    expect(await lintFiles({})).toEqual([]);
  });

  it("reports a schema-invalid case at the offending line", async () => {
    const bad = GOOD.replace("id: area/x/good", "id: area/x/bad").replace("expect: { exit: 1 }", "expect:\n  exit: 7\n  color: red");
    const ps = await lintFiles({ "cases/area/x/bad.yaml": bad });
    expect(where(ps)).toEqual(["cases/area/x/bad.yaml:9 case-schema", "cases/area/x/bad.yaml:10 case-schema"]);
    expect(ps[0]!.message).toMatch(/exit must be equal to one of the allowed values/);
    expect(ps[1]!.message).toMatch(/must NOT have additional properties "color"/);
  });

  it("reports YAML syntax errors with their line", async () => {
    const ps = await lintFiles({ "cases/area/x/broken.yaml": "id: area/x/broken\ntitle: [unclosed\nspec: [KIT-A]\n" });
    expect(ps[0]).toMatchObject({ code: "yaml-syntax", file: "cases/area/x/broken.yaml" });
    expect(ps[0]!.line).toBeGreaterThanOrEqual(2);
  });

  it("reports a duplicate id at the second definition, naming the first", async () => {
    const ps = await lintFiles({ "cases/area/x/again.yaml": `# copy\n${GOOD}` });
    expect(where(ps)).toEqual(["cases/area/x/good.yaml:1 duplicate-id"]);
    expect(ps[0]!.message).toMatch(/already used at cases\/area\/x\/again.yaml:2/);
  });

  it("reports an unknown requirement ID", async () => {
    const ps = await lintFiles({ "cases/area/x/unknown.yaml": GOOD.replace("area/x/good", "area/x/unknown").replace("[KIT-A, KIT-B]", "[KIT-A, KIT-NOPE]") });
    expect(where(ps)).toEqual(["cases/area/x/unknown.yaml:1 unknown-requirement"]);
    expect(ps[0]!.message).toMatch(/KIT-NOPE/);
  });

  it("suggests the requirement meant by a misspelt ID", async () => {
    const ps = await lintFiles({ "cases/area/x/typo.yaml": GOOD.replace("area/x/good", "area/x/typo").replace("[KIT-A, KIT-B]", "[KIT-A, KIT-BB]") });
    expect(ps.map((p) => p.message)).toEqual([expect.stringMatching(/^case "area\/x\/typo" names unknown requirement KIT-BB; did you mean KIT-B, /)]);
  });

  it("reports a validate case both constant validators pass as one with no teeth (KIT-LINT-TEETH)", async () => {
    const toothless = (id: string, expect: string, files = `    plugins/demo/PLUGIN.toml: "schema_version = 1\\n"\n`): string =>
      `id: area/x/${id}\ntitle: t\nspec: [KIT-A]\noperation: validate\ngiven:\n  files:\n${files}expect: ${expect}\n`;
    const ps = await lintFiles({
      "cases/area/x/schema-only.yaml": toothless("schema-only", "{ report: { schema_version: 1 } }"),
      // no package: rejecting every package reports nothing either
      "cases/area/x/no-diagnostics.yaml": toothless("no-diagnostics", "{ diagnostics: { count: 0 } }", `    README.md: "hello"\n`),
      // one plugin: the rejecting validator reports one diagnostic, so a count of 0 tells them apart
      "cases/area/x/counted.yaml": toothless("counted", "{ diagnostics: { count: 0 } }"),
      "cases/area/x/named.yaml": toothless("named", "{ diagnostics: { includes: [{ code: invalid_plugin_package, path: plugins/demo/PLUGIN.toml }] } }"),
    });
    expect(where(ps)).toEqual(["cases/area/x/no-diagnostics.yaml:1 no-teeth", "cases/area/x/schema-only.yaml:1 no-teeth"]);
    expect(ps[1]!.message).toBe(
      'case "area/x/schema-only" passes against a validator that accepts everything and one that rejects every package: its expectation tells no validator apart',
    );
  });

  it("reports each # TODO marker left in a case file at its line", async () => {
    const ps = await lintFiles({
      "cases/area/x/todo.yaml": GOOD.replace("area/x/good", "area/x/todo").replace("expect: { exit: 1 }", "expect: { exit: 1 }  # TODO: the exit code"),
    });
    expect(where(ps)).toEqual(["cases/area/x/todo.yaml:8 todo-left"]);
    expect(ps[0]!.message).toBe("a # TODO marker is left: the exit code");
  });

  it("reports a requirement with neither case nor exclusion at its SPEC.md line", async () => {
    const ps = await lintFiles({ "SPEC.md": `${SPEC}- **[KIT-C]** SHOULD (test): third.\n` });
    expect(where(ps)).toEqual(["SPEC.md:4 uncovered-requirement"]);
  });

  it("accepts an exclusion with a reason, and checks that tested_by names the ID", async () => {
    const spec = `${SPEC}- **[KIT-C]** SHOULD (test): third.\n- **[KIT-D]** SHOULD (test): fourth.\n`;
    const exclusions =
      "exclusions:\n  - id: KIT-C\n    reason: checked by the runner's own tests\n    tested_by: t.test.ts\n  - id: KIT-D\n    reason: checked by the runner's own tests\n    tested_by: t.test.ts\n";
    const ps = await lintFiles({ "SPEC.md": spec, "cases/EXCLUSIONS.yaml": exclusions, "t.test.ts": "// KIT-C\n" });
    expect(where(ps)).toEqual(["cases/EXCLUSIONS.yaml:7 exclusion-test-missing"]);
  });

  it("reports a malformed requirement line instead of dropping it", async () => {
    const ps = await lintFiles({ "SPEC.md": `${SPEC}- **[KIT-E]** MUSTN'T (test): typo.\n` });
    expect(where(ps)).toEqual(["SPEC.md:4 spec-format"]);
  });

  it("reports a case file that is a symlink instead of skipping it", async () => {
    const ps = await lintFiles({}, { "cases/area/x/linked.yaml": "good.yaml" });
    expect(where(ps)).toEqual(["cases/area/x/linked.yaml:1 yaml-syntax"]);
    expect(ps[0]!.message).toMatch(/not symlinks/);
  });

  it("reports an id outside its file's folder", async () => {
    const ps = await lintFiles({ "cases/area/y/moved.yaml": GOOD.replace("area/x/good", "area/x/moved") });
    expect(where(ps)).toEqual(["cases/area/y/moved.yaml:1 id-outside-folder"]);
  });

  it.each([
    ["an absolute path", "/etc/passwd", "is absolute"],
    ["a '..' segment", "plugins/../../outside.txt", '".." segment'],
    ["a path below a fixture symlink", "link/inside.txt", 'passes through the symlink "link"'],
  ])("reports a fixture path with %s at the key's line", async (_, path, reason) => {
    const bad = `id: area/x/escape\ntitle: escape\nspec: [KIT-A]\noperation: validate\ngiven:\n  files:\n    link: { symlink: /tmp }\n    "${path}": text\nexpect: { exit: 1 }\n`;
    const ps = await lintFiles({ "cases/area/x/escape.yaml": bad });
    expect(where(ps)).toEqual(["cases/area/x/escape.yaml:8 fixture-path-escapes"]);
    expect(ps[0]!.message).toContain(reason);
  });

  it.each([
    ["a malformed raw-byte escape", '"plugins/{hex:2f}/x"', "fixture-path-escapes", 'names "/" or NUL'],
    ["a raw-byte escape where only entries may have one", '"ok.txt"', "fixture-path-escapes", "raw-byte name"],
    ["an entry that expands past 64 MiB", "big.bin", "fixture-bounds", "over the 67108864"],
  ])("reports %s at the key's line", async (_, key, code, reason) => {
    const entry = code === "fixture-bounds" ? "{ parts: [{ repeat: abcdefgh, times: 268435456 }] }" : "text";
    const source = key === '"ok.txt"' ? "  source: plugins/{hex:ff}\n" : "";
    const bad = `id: area/x/raw\ntitle: raw\nspec: [KIT-A]\noperation: validate\ngiven:\n${source}  files:\n    ${key}: ${entry}\nexpect: { exit: 1 }\n`;
    const ps = await lintFiles({ "cases/area/x/raw.yaml": bad });
    expect(where(ps)).toEqual([`cases/area/x/raw.yaml:${source ? 6 : 7} ${code}`]);
    expect(ps[0]!.message).toContain(reason);
  });

  it("locates errors in a table file at the entry, or at the defaults they came from", async () => {
    const table = [
      "operation: validate",
      "spec: [KIT-A]",
      "given:",
      "  files:",
      "    ../up.txt: text", // line 5: an escaping default, reported for every entry using it
      "expect: { exit: 1 }",
      "cases:",
      "  - id: area/x/t1", // line 8
      "    title: one",
      "    given: { files: { ../up.txt: null } }", // line 10: not a fixture entry
      "  - id: area/x/t2", // line 11
      "    title: two",
      "  - id: area/x/t3", // line 13: no title
    ].join("\n");
    const ps = await lintFiles({ "cases/area/x/table.yaml": table });
    expect(where(ps)).toEqual([
      "cases/area/x/table.yaml:5 fixture-path-escapes",
      "cases/area/x/table.yaml:10 case-schema",
      "cases/area/x/table.yaml:10 case-schema",
      "cases/area/x/table.yaml:13 case-schema",
    ]);
    expect(ps.map((p) => p.caseId)).toEqual(["area/x/t2", "area/x/t1", "area/x/t1", "area/x/t3"]);
    expect(ps[3]!.message).toMatch(/required property 'title'/);
  });

  it("reports invalid table defaults once, where they are written", async () => {
    const table = "operation: validate\nspec: [KIT-A]\nexpect: { exit: 3 }\ncases:\n  - { id: area/x/t3, title: three }\n";
    const ps = await lintFiles({ "cases/area/x/table.yaml": table });
    expect(where(ps)).toEqual(["cases/area/x/table.yaml:3 case-schema"]);
  });

  it("passes on the real suite", async () => {
    const { problems, caseSet } = await lintSuite(suitePaths(KIT_ROOT));
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.code}: ${p.message}`)).toEqual([]);
    expect(caseSet.cases.length).toBeGreaterThan(100);
  });
});

describe("papc lint, empty and escaping values", () => {
  it("reports null values, empty expectations and an escaping given.source", async () => {
    const bad = `id: area/x/empty\ntitle: empty\nspec: [KIT-A]\noperation: validate\ngiven:\n  source: ../../etc\nexpect:\n  diagnostics: { includes: }\n  report: {}\n`;
    const ps = await lintFiles({ "cases/area/x/empty.yaml": bad });
    expect(where(ps)).toEqual(["cases/area/x/empty.yaml:8 case-schema", "cases/area/x/empty.yaml:9 case-schema"]);
    expect(ps.map((p) => p.message).join("\n")).toMatch(/is null/);
    const source = await lintFiles({ "cases/area/x/src.yaml": GOOD.replace("area/x/good", "area/x/src").replace("given:\n", "given:\n  source: ../../etc\n") });
    expect(where(source)).toEqual(["cases/area/x/src.yaml:6 fixture-path-escapes"]);
  });
});
