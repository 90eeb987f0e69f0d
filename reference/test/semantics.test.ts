// The semantic layer (SPEC.md chapter 3) end to end through validate(): package contract,
// resolution, skills, agents, instructions, cycles, provider support, report records.

import { access, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ReportDiagnostic } from "../../runner/shared/validation-report.js";
import { validate } from "../src/validate/validate.js";
import { agent, CHECK_TOOL, hook, makeTree, manifest, removeTree, RUN_SH, skill, type TreeEntry } from "./fixtures.js";

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

async function run(files: Record<string, TreeEntry>, sourceId?: string) {
  const root = await makeTree(files);
  roots.push(root);
  const result = await validate(root, sourceId === undefined ? {} : { sourceId });
  const found = (code: string, path?: string): ReportDiagnostic | undefined => result.report.diagnostics.find((d) => d.code === code && (path === undefined || d.path === path));
  return { ...result, root, found, codes: result.report.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path}`) };
}

const M = "plugins/demo/PLUGIN.toml";
const member = (ref: string, requirement = "required", extra = "") => `\n[[plugin.members]]\nref = "${ref}"\nrequirement = "${requirement}"\n${extra}`;
const requires = (ref: string, requirement = "required") => `\n[[plugin.requires]]\nref = "${ref}"\nrequirement = "${requirement}"\n`;

describe("identity", () => {
  it("requires plugin.name to equal the directory name", async () => {
    const r = await run({ [M]: manifest("other") });
    expect([r.exit, r.structural]).toEqual([1, "accept"]);
    expect(r.codes).toEqual([`error invalid_plugin_package ${M}`]);
    expect(r.report.packages).toEqual([]);
  });

  it("reports every package sharing a plugin.id, and only those", async () => {
    const r = await run({
      "plugins/a/PLUGIN.toml": manifest("a", 'id = "dev.shared"\n'),
      "plugins/b/PLUGIN.toml": manifest("b", 'id = "dev.shared"\n'),
      "plugins/c/PLUGIN.toml": manifest("c", 'id = "dev.c"\n'),
    });
    expect(r.codes).toEqual(["error duplicate_plugin_stable_id plugins/a/PLUGIN.toml", "error duplicate_plugin_stable_id plugins/b/PLUGIN.toml"]);
    expect(r.report.packages.map((p) => p.slot_name)).toEqual(["c"]);
  });

  it("does not count an id of a package that is invalid for another reason", async () => {
    const r = await run({
      "plugins/a/PLUGIN.toml": manifest("a", 'id = "dev.shared"\n'),
      "plugins/b/PLUGIN.toml": manifest("wrong", 'id = "dev.shared"\n'),
    });
    expect(r.codes).toEqual(["error invalid_plugin_package plugins/b/PLUGIN.toml"]);
  });
});

describe("members and references", () => {
  const base = { "skills/review/SKILL.md": skill("review"), "instructions/style.md": "# Style\n", "agents/reviewer/AGENT.md": agent("reviewer") };

  it("resolves skill, agent and instruction members and lists them", async () => {
    const r = await run({ ...base, [M]: manifest("demo", member("skill:review") + member("agent:reviewer", "optional") + member("instruction:style", "recommended")) });
    expect(r.exit).toBe(0);
    expect(r.report.members.map((m) => [m.ref, m.requirement, m.status])).toEqual([
      ["skill:review", "required", "resolved"],
      ["agent:reviewer", "optional", "resolved"],
      ["instruction:style", "recommended", "resolved"],
    ]);
    expect(r.report.members[0]?.plugin).toBe("validation:demo");
    expect(r.report.packages[0]?.members).toEqual([
      { ref: { kind: "skill", selector: "review" }, requirement: "required" },
      { ref: { kind: "agent", selector: "reviewer" }, requirement: "optional" },
      { ref: { kind: "instruction", selector: "style" }, requirement: "recommended" },
    ]);
  });

  it("a required instruction member is resolved, never blocked by inactivity", async () => {
    const r = await run({ ...base, [M]: manifest("demo", member("instruction:style")) });
    expect([r.exit, r.report.valid, r.report.diagnostics]).toEqual([0, true, []]);
  });

  it.each([
    ["skill:", /selector is empty/],
    ["skill:docs/style", /contains "\/"/],
    ["skill:a:b:c", /4 ':'-separated parts/],
    ["skill::review", /source is empty/],
    ["skill:rev#1", /contains "#"/],
  ])("rejects the member reference %s", async (ref, message) => {
    const r = await run({ ...base, [M]: manifest("demo", member(ref)) });
    expect(r.structural).toBe("accept");
    expect(r.found("invalid_plugin_package", M)?.message).toMatch(message);
    expect(r.report.members).toEqual([]);
  });

  it("admits recommended only for instructions", async () => {
    const skillRecommended = await run({ ...base, [M]: manifest("demo", member("skill:review", "recommended")) });
    expect(skillRecommended.found("invalid_plugin_package", M)?.message).toMatch(/not admitted for skill members/);
    const agentRecommended = await run({ ...base, [M]: manifest("demo", member("agent:reviewer", "recommended")) });
    expect(agentRecommended.found("invalid_plugin_package", M)?.message).toMatch(/not admitted for agent members/);
  });

  it("rejects duplicate member and dependency references, compared as written", async () => {
    const dup = await run({ ...base, [M]: manifest("demo", member("skill:review") + member("skill:review", "optional")) });
    expect(dup.found("invalid_plugin_package", M)?.message).toMatch(/repeats the reference/);
    const spelled = await run({ ...base, [M]: manifest("demo", member("skill:review") + member("skill:validation:review", "optional")) });
    expect(spelled.exit).toBe(0);
    const deps = await run({ "plugins/base/PLUGIN.toml": manifest("base"), [M]: manifest("demo", requires("plugin:base") + requires("plugin:base", "optional")) });
    expect(deps.found("invalid_plugin_package", M)?.message).toMatch(/plugin.requires repeats/);
  });

  it("allows a fallback only on agent members, to a required skill member", async () => {
    const fallback = 'fallback = { kind = "inline", skill = "skill:review" }\n';
    const ok = await run({ ...base, [M]: manifest("demo", member("skill:review") + member("agent:reviewer", "optional", fallback)) });
    expect(ok.exit).toBe(0);
    expect(ok.report.packages[0]?.members[1]).toEqual({
      ref: { kind: "agent", selector: "reviewer" },
      requirement: "optional",
      fallback: { skill: { kind: "skill", selector: "review" } },
    });
    const onSkill = await run({ ...base, [M]: manifest("demo", member("skill:review", "required", fallback)) });
    expect(onSkill.found("invalid_plugin_package", M)?.message).toMatch(/only agent members/);
    const notMember = await run({ ...base, [M]: manifest("demo", member("agent:reviewer", "required", fallback)) });
    expect(notMember.found("invalid_plugin_package", M)?.message).toMatch(/must also be a required skill member/);
    const optionalSkill = await run({ ...base, [M]: manifest("demo", member("skill:review", "optional") + member("agent:reviewer", "required", fallback)) });
    expect(optionalSkill.found("invalid_plugin_package", M)?.message).toMatch(/must also be a required skill member/);
    const otherSpelling = await run({ ...base, [M]: manifest("demo", member("skill:validation:review") + member("agent:reviewer", "required", fallback)) });
    expect(otherSpelling.found("invalid_plugin_package", M)?.message).toMatch(/must also be a required skill member/);
  });

  it("reports unresolved members by requirement", async () => {
    const r = await run({ [M]: manifest("demo", member("skill:gone") + member("instruction:gone", "optional") + member("instruction:also-gone", "recommended")) });
    expect(r.exit).toBe(1);
    expect(r.report.package_contract.valid).toBe(true);
    // Same path, phase and code: ordered by message ("optional …", "recommended …", "required …").
    expect(r.report.diagnostics.map((d) => [d.code, d.phase, d.severity])).toEqual([
      ["unresolved_member", "member_resolution", "warning"],
      ["unresolved_member", "member_resolution", "warning"],
      ["unresolved_member", "member_resolution", "error"],
    ]);
    expect(r.report.members.map((m) => m.status)).toEqual(["missing", "missing", "missing"]);
  });

  it("only optional unresolved members keep the source valid", async () => {
    const r = await run({ [M]: manifest("demo", member("skill:gone", "optional")) });
    expect([r.exit, r.report.valid, r.codes]).toEqual([0, true, [`warning unresolved_member ${M}`]]);
  });

  it("leaves other sources unavailable_external and resolves the own source id", async () => {
    const files = { ...base, [M]: manifest("demo", member("skill:company:review") + member("skill:other:review", "optional") + requires("plugin:other:x", "optional")) };
    const company = await run(files, "company");
    expect(company.report.members.map((m) => m.status)).toEqual(["resolved", "unavailable_external"]);
    expect(company.report.dependencies.map((d) => d.status)).toEqual(["unavailable_external"]);
    expect(company.exit).toBe(0);
    const byDefault = await run(files);
    expect(byDefault.report.members.map((m) => m.status)).toEqual(["unavailable_external", "unavailable_external"]);
    expect(byDefault.exit).toBe(1);
  });

  it("reports ambiguous selectors (directory of one skill, id of another)", async () => {
    const r = await run({
      "skills/alpha/SKILL.md": skill("alpha", "id: beta\n"),
      "skills/beta/SKILL.md": skill("beta"),
      [M]: manifest("demo", member("skill:beta") + member("skill:alpha", "optional")),
    });
    expect(r.report.members.map((m) => m.status)).toEqual(["ambiguous", "resolved"]);
    expect(r.exit).toBe(1);
  });

  it("never treats a selector as a path", async () => {
    const r = await run({ "SKILL.md": skill("x"), "instructions/..md": "x", [M]: manifest("demo", member("skill:..", "optional") + member("instruction:.", "optional")) });
    expect(r.report.members.map((m) => m.status)).toEqual(["missing", "resolved"]);
    // "instruction:." names the file "..md" inside instructions/, which exists: a name, not a path.
  });

  it("resolves instructions only as bounded UTF-8 regular .md files", async () => {
    const r = await run({
      "instructions/text.txt": "x",
      "instructions/bad.md": Buffer.from([0xff, 0xfe]),
      "instructions/big.md": "x".repeat(1024 * 1024 + 1),
      "instructions/max.md": "x".repeat(1024 * 1024),
      "outside.md": "x",
      "instructions/link.md": { symlink: "../outside.md" },
      [M]: manifest("demo", ["text", "bad", "big", "max", "link"].map((s) => member(`instruction:${s}`, "optional")).join("")),
    });
    expect(r.report.members.map((m) => m.status)).toEqual(["missing", "missing", "missing", "resolved", "missing"]);
  });

  it("does not resolve through a symlinked instructions directory", async () => {
    const r = await run({ "real/style.md": "x", instructions: { symlink: "real" }, [M]: manifest("demo", member("instruction:style", "optional")) });
    expect(r.report.members[0]?.status).toBe("missing");
  });

  it("checks agents at their core", async () => {
    const bad = {
      "agents/noversion/AGENT.md": "---\nname: noversion\ndescription: d\n---\nPrompt\n",
      "agents/wrongname/AGENT.md": agent("other"),
      "agents/noprompt/AGENT.md": "---\nschema_version: 1\nname: noprompt\ndescription: d\n---\n  \n",
      "agents/nofront/AGENT.md": "Just a prompt\n",
      "agents/good/AGENT.md": agent("good", "id: dev.good\n"),
    };
    const refs = ["noversion", "wrongname", "noprompt", "nofront", "good", "dev.good"];
    const r = await run({ ...bad, [M]: manifest("demo", refs.map((s) => member(`agent:${s}`, "optional")).join("")) });
    expect(r.report.members.map((m) => m.status)).toEqual(["missing", "missing", "missing", "missing", "resolved", "resolved"]);
    expect(r.report.members[0]?.detail).toMatch(/schema_version must be 1/);
    expect(r.report.diagnostics.every((d) => d.code === "unresolved_member")).toBe(true);
  });
});

describe("skills", () => {
  const ref = (name: string) => manifest("demo", member(`skill:${name}`, "optional"));

  it.each([
    ["no frontmatter", "# Review\n", "source_malformed_frontmatter"],
    ["unclosed frontmatter", "---\nname: review\ndescription: d\n", "source_malformed_frontmatter"],
    ["not YAML", "---\nname: [review\ndescription: d\n---\n", "source_malformed_frontmatter"],
    ["a YAML list", "---\n- review\n---\n", "source_malformed_frontmatter"],
    ["duplicate keys", "---\nname: review\nname: review\ndescription: d\n---\n", "source_malformed_frontmatter"],
    ["missing name", "---\ndescription: d\n---\n", "source_malformed_frontmatter"],
    ["missing description", "---\nname: review\n---\n", "source_malformed_frontmatter"],
    ["blank description", "---\nname: review\ndescription: '  '\n---\n", "source_malformed_frontmatter"],
    ["long description", `---\nname: review\ndescription: ${"d".repeat(1025)}\n---\n`, "source_malformed_frontmatter"],
    ["long compatibility", `---\nname: review\ndescription: d\ncompatibility: ${"c".repeat(501)}\n---\n`, "source_malformed_frontmatter"],
    ["non-string metadata", "---\nname: review\ndescription: d\nmetadata:\n  version: 1\n---\n", "source_malformed_frontmatter"],
    ["name differs from directory", skill("other"), "source_invalid_slot_name"],
    ["uppercase name", "---\nname: Review\ndescription: d\n---\n", "source_invalid_slot_name"],
    ["non-string name", "---\nname: 12\ndescription: d\n---\n", "source_invalid_slot_name"],
  ])("a skill with %s is unavailable (%s)", async (_title, text, code) => {
    const r = await run({ "skills/review/SKILL.md": text, [M]: ref("review") });
    expect(r.found(code, "skills/review/SKILL.md")).toMatchObject({ phase: "member_resolution", severity: "warning" });
    expect(r.report.members[0]?.status).toBe("missing");
    expect(r.exit).toBe(0); // warnings only: the member is optional
  });

  it("accepts the optional Agent Skills fields, CRLF, and unknown keys", async () => {
    const text =
      "---\r\nname: review\r\ndescription: d\r\nlicense: MIT\r\ncompatibility: Claude Code\r\nmetadata:\r\n  author: me\r\nallowed-tools: Bash(git:*) Read\r\nowners: [team]\r\n---\r\nBody\r\n";
    const r = await run({ "skills/review/SKILL.md": text, [M]: ref("review") });
    expect([r.exit, r.report.diagnostics, r.report.members[0]?.status]).toEqual([0, [], "resolved"]);
  });

  it("skips symlinked skills with a warning", async () => {
    const r = await run({ "elsewhere/review/SKILL.md": skill("review"), "skills/review": { symlink: "../elsewhere/review" }, [M]: ref("review") });
    expect(r.found("source_skipped_symlink", "skills/review")).toBeDefined();
    expect(r.report.members[0]?.status).toBe("missing");
  });

  it("only looks under skills/", async () => {
    const r = await run({ "other/review/SKILL.md": skill("review"), [M]: ref("review") });
    expect(r.report.members[0]?.status).toBe("missing");
  });
});

describe("dependencies and cycles", () => {
  it("resolves dependencies by directory or plugin.id, among valid packages only", async () => {
    const r = await run({
      "plugins/base/PLUGIN.toml": manifest("base", 'id = "dev.base"\n'),
      "plugins/broken/PLUGIN.toml": manifest("nope"),
      [M]: manifest("demo", requires("plugin:base") + requires("plugin:dev.base", "optional") + requires("plugin:broken", "optional")),
    });
    expect(r.report.dependencies.map((d) => d.status)).toEqual(["resolved", "resolved", "missing"]);
    expect(r.found("unresolved_dependency", M)).toMatchObject({ phase: "dependency_resolution", severity: "warning" });
  });

  it("a missing required dependency is an error", async () => {
    const r = await run({ [M]: manifest("demo", requires("plugin:gone")) });
    expect(r.found("unresolved_dependency", M)?.severity).toBe("error");
    expect(r.exit).toBe(1);
  });

  it("reports a required cycle once, on the source root", async () => {
    const r = await run({
      "plugins/alpha/PLUGIN.toml": manifest("alpha", requires("plugin:beta")),
      "plugins/beta/PLUGIN.toml": manifest("beta", requires("plugin:alpha")),
    });
    expect(r.codes).toEqual(["error required_dependency_cycle "]);
    expect(r.report.diagnostics[0]?.message).toMatch(/validation:alpha, validation:beta/);
    expect(r.exit).toBe(1);
  });

  it("reports a self-dependency and ignores loops through an optional dependency", async () => {
    const self = await run({ [M]: manifest("demo", requires("plugin:demo")) });
    expect(self.codes).toEqual(["error required_dependency_cycle "]);
    const optional = await run({
      "plugins/alpha/PLUGIN.toml": manifest("alpha", requires("plugin:beta")),
      "plugins/beta/PLUGIN.toml": manifest("beta", requires("plugin:alpha", "optional")),
    });
    expect([optional.exit, optional.codes]).toEqual([0, []]);
  });
});

describe("tools", () => {
  const tool = (fields: string) => `\n[[tool]]\nschema_version = 1\nid = "check"\nruntime = "executable"\ncwd = "tool_root"\navailability = "required"\n${fields}\n`;

  it("accepts a contained executable entry and reports the parsed record", async () => {
    const extra = tool(
      'entry = "bin/run.sh"\nargv = ["--x", "${input.dir}"]\nfiles = ["lib/a.sh"]\ninputs = [{ name = "dir", type = "path" }]\nenv = ["PATH", "HOME"]\nplatforms = ["linux", "macos", "linux"]\ncapabilities = ["network", "filesystem_read", "network"]',
    );
    const r = await run({ [M]: manifest("demo", extra), "plugins/demo/bin/run.sh": RUN_SH, "plugins/demo/lib/a.sh": "x" });
    expect([r.exit, r.report.diagnostics]).toEqual([0, []]);
    expect(r.report.packages[0]?.tools).toEqual([
      {
        schema_version: 1,
        id: "check",
        source_ref: "validation:demo#tool:check",
        entry: "bin/run.sh",
        runtime: "executable",
        platforms: ["macos", "linux"],
        inputs: [{ name: "dir", type: "path", required: true }],
        argv: ["--x", "${input.dir}"],
        cwd: "tool_root",
        env: ["HOME", "PATH"],
        capabilities: ["filesystem_read", "network"],
        availability: "required",
        files: [
          { path: "bin/run.sh", executable: true },
          { path: "lib/a.sh", executable: false },
        ],
      },
    ]);
  });

  it.each([
    ["entry escapes", 'entry = "../run.sh"\nargv = []', { "plugins/run.sh": RUN_SH }, "invalid_plugin_package", /relative path inside the package/],
    ["entry absolute", 'entry = "/bin/sh"\nargv = []', {}, "invalid_plugin_package", /is absolute/],
    ["entry missing", 'entry = "missing.sh"\nargv = []', {}, "invalid_plugin_package", /not a file of the package/],
    ["entry directory", 'entry = "bin"\nargv = []', { "plugins/demo/bin/x": "x" }, "invalid_plugin_package", /is a directory/],
    ["entry symlink", 'entry = "run.sh"\nargv = []', { "plugins/demo/real.sh": RUN_SH, "plugins/demo/run.sh": { symlink: "real.sh" } }, "unsafe_plugin_package_entry", /symlink/],
    [
      "entry below a symlinked directory",
      'entry = "bin/run.sh"\nargv = []',
      { "plugins/demo/real/run.sh": RUN_SH, "plugins/demo/bin": { symlink: "real" } },
      "unsafe_plugin_package_entry",
      /symlink "bin"/,
    ],
    ["entry not executable", 'entry = "run.sh"\nargv = []', { "plugins/demo/run.sh": "#!/bin/sh\n" }, "invalid_plugin_package", /no executable permission bit/],
    ["entry repeated in files", 'entry = "run.sh"\nargv = []\nfiles = ["run.sh"]', { "plugins/demo/run.sh": RUN_SH }, "invalid_plugin_package", /lists its entry/],
    ["file listed twice", 'entry = "run.sh"\nargv = []\nfiles = ["a", "a"]', { "plugins/demo/run.sh": RUN_SH, "plugins/demo/a": "x" }, "invalid_plugin_package", /more than once/],
    [
      "embedded substitution",
      'entry = "run.sh"\nargv = ["--dir=${input.dir}"]\ninputs = [{ name = "dir", type = "path" }]',
      { "plugins/demo/run.sh": RUN_SH },
      "invalid_plugin_package",
      /embeds a substitution/,
    ],
    ["undeclared input", 'entry = "run.sh"\nargv = ["${input.dir}"]', { "plugins/demo/run.sh": RUN_SH }, "invalid_plugin_package", /not a declared input/],
    [
      "duplicate input",
      'entry = "run.sh"\nargv = []\ninputs = [{ name = "a", type = "string" }, { name = "a", type = "path" }]',
      { "plugins/demo/run.sh": RUN_SH },
      "invalid_plugin_package",
      /more than once/,
    ],
    [
      "input spelling",
      'entry = "run.sh"\nargv = []\ninputs = [{ name = "projectDir", type = "path" }]',
      { "plugins/demo/run.sh": RUN_SH },
      "invalid_plugin_package",
      /lower snake case/,
    ],
    ["env spelling", 'entry = "run.sh"\nargv = []\nenv = ["path"]', { "plugins/demo/run.sh": RUN_SH }, "invalid_plugin_package", /portable environment variable name/],
    ["env repeated", 'entry = "run.sh"\nargv = []\nenv = ["PATH", "PATH"]', { "plugins/demo/run.sh": RUN_SH }, "invalid_plugin_package", /more than once/],
  ])("rejects %s", async (_title, fields, files, code, message) => {
    const r = await run({ [M]: manifest("demo", tool(fields)), ...files });
    expect(r.structural).toBe("accept");
    expect(r.found(code, M)?.message).toMatch(message);
    expect(r.exit).toBe(1);
  });

  it("needs no executable bit for node and python entries", async () => {
    const extra = `\n[[tool]]\nschema_version = 1\nid = "check"\nentry = "main.mjs"\nruntime = "node"\nargv = []\ncwd = "tool_root"\navailability = "required"\n`;
    const r = await run({ [M]: manifest("demo", extra), "plugins/demo/main.mjs": "throw new Error('never run');\n" });
    expect(r.exit).toBe(0);
  });

  it("rejects a repeated tool id", async () => {
    const r = await run({ [M]: manifest("demo", CHECK_TOOL + CHECK_TOOL), "plugins/demo/run.sh": RUN_SH });
    expect(r.found("invalid_plugin_package", M)?.message).toMatch(/declared more than once/);
  });

  it("never executes a tool", async () => {
    const marker = "executed-marker";
    const extra = CHECK_TOOL.replace('argv = ["${input.value}"]', "argv = []").replace('inputs = [{ name = "value", type = "string" }]\n', "");
    const r = await run({ [M]: manifest("demo", extra), "plugins/demo/run.sh": { text: `#!/bin/sh\ntouch ${marker}\ntouch ../${marker}\n`, mode: 0o755 } });
    expect(r.exit).toBe(0);
    await expect(access(join(r.root, "plugins/demo", marker))).rejects.toThrow();
    expect((await readdir(r.root)).sort()).toEqual(["plugins"]);
  });
});

describe("hooks", () => {
  const files = (hooks: string, tool = CHECK_TOOL) => ({ [M]: manifest("demo", tool + hooks), "plugins/demo/run.sh": RUN_SH });

  it("accepts an admitted hook and reports its record", async () => {
    const r = await run(files(hook()));
    expect([r.exit, r.report.diagnostics]).toEqual([0, []]);
    expect(r.report.packages[0]?.hooks).toEqual([
      {
        source_ref: "validation:demo#hook:gate",
        tool_source_ref: "validation:demo#tool:check",
        descriptor: {
          schema_version: 1,
          id: "gate",
          tool: "check",
          subject: "tool_call",
          phase: "before",
          effect: "allow_deny",
          requirement: "required",
          timeout_ms: 5000,
          failure_policy: "fail_closed",
          retry: "never",
          error_visibility: "user",
          matcher: { tool_names: [] },
          bindings: [{ input: "value", field: "session.id" }],
          blocking_scope: "matched_event",
        },
      },
    ]);
  });

  it.each([
    ["a repeated hook id", hook() + hook(), /declared more than once/],
    ["a hook id with --", hook({ id: '"pre--tool"' }), /must not contain "--"/],
    ["a missing tool", hook({ tool: '"other"' }), /does not declare/],
    ["session/before", hook({ subject: '"session"', phase: '"before"', effect: '"observe"', failure_policy: '"report"' }), /not an admitted subject\/phase/],
    ["rewrite_input on user_prompt", hook({ subject: '"user_prompt"', effect: '"rewrite_input"' }), /does not admit/],
    ["allow_deny at completion", hook({ subject: '"workflow"', phase: '"completion_attempt"' }), /does not admit/],
    ["replace_output before a tool call", hook({ effect: '"replace_output"', failure_policy: '"report"' }), /does not admit/],
    ["a matcher on user_prompt", hook({ subject: '"user_prompt"', matcher: '{ tool_names = ["Bash"] }' }), /valid only for the tool_call subject/],
    ["a matcher name with a control character", hook({ matcher: '{ tool_names = ["Ba\\u0007sh"] }' }), /control character/],
    ["a matcher name over 512 bytes", hook({ matcher: `{ tool_names = ["${"é".repeat(257)}"] }` }), /longer than 512 UTF-8 bytes/],
    ["a field the subject lacks", hook({ bindings: '[{ input = "value", field = "prompt.text" }]' }), /do not provide/],
    ["transcript.path on user_prompt", hook({ subject: '"user_prompt"', bindings: '[{ input = "value", field = "transcript.path" }]' }), /do not provide/],
    [
      "permission_mode at session end",
      hook({ subject: '"session"', phase: '"end"', effect: '"observe"', failure_policy: '"report"', bindings: '[{ input = "value", field = "session.permission_mode" }]' }),
      /do not provide/,
    ],
    ["a type mismatch", hook({ bindings: '[{ input = "value", field = "session.cwd" }]' }), /types must match/],
    ["an undeclared input", hook({ bindings: '[{ input = "value", field = "session.id" }, { input = "other", field = "tool.name" }]' }), /not an input of tool/],
    ["an input bound twice", hook({ bindings: '[{ input = "value", field = "session.id" }, { input = "value", field = "tool.name" }]' }), /more than once/],
    ["an unbound required input", hook({ bindings: "[]" }), /does not bind the required input/],
    ["fail_closed on add_context", hook({ effect: '"add_context"' }), /fail_closed/],
    ["fail_closed on observe", hook({ effect: '"observe"' }), /fail_closed/],
    ["fail_open on observe", hook({ effect: '"observe"', failure_policy: '"fail_open"' }), /requires failure_policy = "report"/],
    ["fail_open on replace_output", hook({ phase: '"after"', effect: '"replace_output"', failure_policy: '"fail_open"' }), /requires failure_policy = "report"/],
    ["an optional hook without fallback", hook({ requirement: '"optional"' }), /must declare fallback = "omit"/],
    ["a required hook with fallback", hook({ fallback: '"omit"' }), /must not declare a fallback/],
  ])("rejects %s", async (_title, hooks, message) => {
    const r = await run(files(hooks));
    expect(r.structural).toBe("accept");
    expect(r.found("invalid_plugin_package", M)?.message).toMatch(message);
  });

  it("cannot bind integer inputs and binds booleans and paths by type", async () => {
    const tool = CHECK_TOOL.replace('inputs = [{ name = "value", type = "string" }]', 'inputs = [{ name = "value", type = "integer" }]');
    const integer = await run(files(hook(), tool));
    expect(integer.found("invalid_plugin_package", M)?.message).toMatch(/types must match/);
    const boolTool = CHECK_TOOL.replace(
      'inputs = [{ name = "value", type = "string" }]',
      'inputs = [{ name = "value", type = "boolean" }, { name = "path", type = "path", required = false }]',
    );
    const ok = await run(
      files(
        hook({
          subject: '"workflow"',
          phase: '"completion_attempt"',
          effect: '"continue_workflow"',
          bindings: '[{ input = "value", field = "workflow.already_continued" }, { input = "path", field = "transcript.path" }]',
        }),
        boolTool,
      ),
    );
    expect([ok.exit, ok.report.diagnostics]).toEqual([0, []]);
  });

  it("accepts an optional hook with fallback omit and an empty matcher on another subject", async () => {
    const r = await run(files(hook({ requirement: '"optional"', fallback: '"omit"', subject: '"user_prompt"', matcher: "{ tool_names = [] }" })));
    expect([r.exit, r.report.diagnostics]).toEqual([0, []]);
  });

  it("an unsupported descriptor version invalidates the whole package", async () => {
    const r = await run({ ...files(hook({ schema_version: "2" })), "skills/x/SKILL.md": skill("x") });
    expect(r.found("unsupported_active_component_schema", M)).toBeDefined();
    expect([r.report.packages, r.report.members, r.report.providers.map((p) => p.status)]).toEqual([[], [], ["not_applicable", "not_applicable"]]);
  });
});

describe("provider support", () => {
  const files = (hooks: string) => ({ [M]: manifest("demo", CHECK_TOOL + hooks), "plugins/demo/run.sh": RUN_SH });
  const statuses = async (hooks: string) => {
    const r = await run(files(hooks));
    expect(r.report.valid).toBe(true); // provider support never changes validity
    return r.report.providers.map((p) => [p.provider, p.baseline, p.scope, p.status, p.unsupported_hooks]);
  };

  it("is not_applicable without hooks", async () => {
    expect(await statuses("")).toEqual([
      ["claude", "2.1.233", "hooks", "not_applicable", []],
      ["codex", "0.147.0", "hooks", "not_applicable", []],
    ]);
  });

  it("is supported for admitted hooks both providers map", async () => {
    expect((await statuses(hook())).map((p) => p[3])).toEqual(["supported", "supported"]);
  });

  it("marks replace_output unsupported on Codex only", async () => {
    expect(await statuses(hook({ phase: '"after"', effect: '"replace_output"', failure_policy: '"report"' }))).toEqual([
      ["claude", "2.1.233", "hooks", "supported", []],
      ["codex", "0.147.0", "hooks", "unsupported", ["validation:demo#hook:gate"]],
    ]);
  });

  it("marks model_and_user at SessionEnd unsupported on both", async () => {
    const end = { subject: '"session"', phase: '"end"', effect: '"observe"', failure_policy: '"report"' };
    expect((await statuses(hook({ ...end, error_visibility: '"model_and_user"' }))).map((p) => p[3])).toEqual(["unsupported", "unsupported"]);
    expect((await statuses(hook(end))).map((p) => p[3])).toEqual(["supported", "supported"]);
  });

  it("marks a non-blocking model_and_user Stop hook unsupported on both providers", async () => {
    const stop = { subject: '"workflow"', phase: '"completion_attempt"', effect: '"continue_workflow"', error_visibility: '"model_and_user"' };
    expect((await statuses(hook({ ...stop, failure_policy: '"report"' }))).map((p) => p[3])).toEqual(["unsupported", "unsupported"]);
    expect((await statuses(hook({ ...stop, failure_policy: '"fail_closed"' }))).map((p) => p[3])).toEqual(["supported", "supported"]);
  });

  it("lists unsupported hooks in byte order", async () => {
    const replace = { phase: '"after"', effect: '"replace_output"', failure_policy: '"report"' };
    const result = await statuses(hook({ ...replace, id: '"zeta"' }) + hook({ ...replace, id: '"alpha"' }) + hook({ id: '"ok"' }));
    expect(result[1]).toEqual(["codex", "0.147.0", "hooks", "unsupported", ["validation:demo#hook:alpha", "validation:demo#hook:zeta"]]);
  });
});

describe("report", () => {
  it("keeps package_contract to its phase and valid to error severity", async () => {
    const r = await run({ "plugins/a/PLUGIN.toml": manifest("x"), "plugins/b/PLUGIN.toml": manifest("b", member("skill:gone", "optional")) });
    expect(r.report.package_contract.diagnostics.map((d) => d.path)).toEqual(["plugins/a/PLUGIN.toml"]);
    expect(r.report.diagnostics.map((d) => d.code)).toEqual(["invalid_plugin_package", "unresolved_member"]);
    expect(r.report.valid).toBe(false);
    expect(r.report.packages.map((p) => p.slot_name)).toEqual(["b"]);
  });

  it("is deterministic", async () => {
    const files = {
      "plugins/a/PLUGIN.toml": manifest("a", requires("plugin:b")),
      "plugins/b/PLUGIN.toml": manifest("b", requires("plugin:a")),
      "skills/s/SKILL.md": "# no frontmatter\n",
    };
    const root = await makeTree(files);
    roots.push(root);
    expect(JSON.stringify(await validate(root))).toBe(JSON.stringify(await validate(root)));
  });
});
