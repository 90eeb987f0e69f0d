// The activation lifecycle (SPEC 1.11, chapter 11) through the protocol endpoint, in process:
// approve / revoke / activate / remove, and dispatch under the consumer's trust store.

import { existsSync } from "node:fs";
import { appendFile, chmod, mkdir, readFile, readdir, stat, symlink, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { stringify } from "smol-toml";
import { dir } from "tmp-promise";
import { afterEach, describe, expect, it } from "vitest";
import type { LifecycleResult } from "../../runner/shared/protocol.js";
import { appendBlock, removeBlock, renderBlock } from "../src/lifecycle/instruction-blocks.js";
import { handleRun } from "../src/protocol-server.js";
import { claude, codex, run } from "./dispatch-fixtures.js";

interface HookSpec {
  id: string;
  subject?: string;
  phase?: string;
  effect?: string;
  requirement?: "required" | "optional";
  availability?: "required" | "optional";
  tool_names?: string[];
}

interface Fixture {
  root: string;
  source: string;
  state: string;
  /** Where the handler of hook `id` appends a line each time it runs. */
  mark: (id: string) => string;
  entry: (id: string, plugin?: string) => string;
  manifest: (plugin?: string) => string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function handlerScript(markFile: string): string {
  return `import { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(markFile)}, "ran\\n");\nprocess.stdout.write(JSON.stringify({ kind: "abstain" }));\n`;
}

async function writeTree(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, relative)), { recursive: true });
    await writeFile(join(root, relative), content);
  }
}

/** A source under <root>/src with package(s) whose hooks each run their own node tool (tool id = hook id). */
async function fixture(
  packages: Record<string, { hooks?: HookSpec[]; members?: { ref: string; requirement: string }[] }>,
  files: Record<string, string | Buffer> = {},
): Promise<Fixture> {
  const tmp = await dir({ unsafeCleanup: true, prefix: "papc-life-" });
  cleanups.push(() => tmp.cleanup());
  const root = tmp.path;
  const source = join(root, "src");
  const mark = (id: string) => join(root, `ran-${id}.txt`);
  const tree: Record<string, string | Buffer> = {};
  for (const [name, spec] of Object.entries(packages)) {
    const plugin: Record<string, unknown> = { name, description: `Lifecycle test package ${name}` };
    if (spec.members) plugin["members"] = spec.members;
    const manifest: Record<string, unknown> = { schema_version: 1, plugin };
    const hooks = spec.hooks ?? [];
    if (hooks.length > 0) {
      manifest["tool"] = hooks.map((h) => ({
        schema_version: 1,
        id: h.id,
        entry: `tools/${h.id}.mjs`,
        runtime: "node",
        argv: [],
        cwd: "tool_root",
        availability: h.availability ?? "required",
      }));
      manifest["hook"] = hooks.map((h) => {
        const hook: Record<string, unknown> = {
          schema_version: 1,
          id: h.id,
          tool: h.id,
          subject: h.subject ?? "tool_call",
          phase: h.phase ?? "before",
          effect: h.effect ?? "allow_deny",
          requirement: h.requirement ?? "required",
          timeout_ms: 5000,
          failure_policy: (h.effect ?? "allow_deny") === "allow_deny" ? "fail_closed" : "report",
          retry: "never",
          error_visibility: "user",
          blocking_scope: "matched_event",
        };
        if (h.tool_names) hook["matcher"] = { tool_names: h.tool_names };
        if (h.requirement === "optional") hook["fallback"] = "omit";
        return hook;
      });
      for (const h of hooks) tree[`plugins/${name}/tools/${h.id}.mjs`] = handlerScript(mark(h.id));
    }
    tree[`plugins/${name}/PLUGIN.toml`] = stringify(manifest) + "\n";
  }
  await writeTree(source, { ...tree, ...files });
  return {
    root,
    source,
    state: join(root, "consumer-state"),
    mark,
    entry: (id, plugin = "demo") => join(source, "plugins", plugin, "tools", `${id}.mjs`),
    manifest: (plugin = "demo") => join(source, "plugins", plugin, "PLUGIN.toml"),
  };
}

let seq = 0;

async function lifecycle(f: Fixture, operation: string, args: Record<string, unknown> = {}): Promise<LifecycleResult> {
  const reply = await handleRun(++seq, {
    id: "t/lifecycle",
    operation,
    root: f.root,
    source: f.source,
    args: { provider: "claude-code", plugin: "demo", state_dir: f.state, environment: { HOME: join(f.root, "home") }, ...args },
  });
  if (!("result" in reply)) throw new Error(`not a result: ${JSON.stringify(reply)}`);
  return reply.result as unknown as LifecycleResult;
}

async function gatedDispatch(f: Fixture, args: Record<string, unknown> = {}): Promise<{ exit: number; stdout: string; stderr: string }> {
  const reply = await handleRun(++seq, {
    id: "t/dispatch",
    operation: "dispatch",
    root: f.root,
    source: f.source,
    args: { provider: "claude-code", plugin: "demo", event: claude.preToolUse(), environment: {}, state_dir: f.state, ...args },
  });
  if (!("result" in reply)) throw new Error(`not a result: ${JSON.stringify(reply)}`);
  return reply.result as { exit: number; stdout: string; stderr: string };
}

async function runs(f: Fixture, id: string): Promise<number> {
  return existsSync(f.mark(id)) ? (await readFile(f.mark(id), "utf8")).split("\n").filter(Boolean).length : 0;
}

const statuses = (result: LifecycleResult): Record<string, string> => Object.fromEntries((result.members ?? []).map((m) => [m.ref, m.status]));

describe("trust: approve, dispatch, revoke", () => {
  it("runs nothing before approval: a required fail_closed gate denies and says why; approved, it runs", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    const before = await gatedDispatch(f);
    expect(await runs(f, "gate")).toBe(0);
    expect(before.exit).toBe(0);
    expect(before.stderr).toBe("hook `gate`: hook_not_trusted (not approved)\n");
    expect(JSON.parse(before.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "hook `gate` failed" } });

    expect(await lifecycle(f, "approve")).toEqual({ exit: 0, approved: ["hook:gate", "tool:gate"] });
    const after = await gatedDispatch(f);
    expect(after.exit).toBe(0);
    expect(after.stderr).toBe("");
    expect(after.stdout).not.toContain("deny");
    expect(await runs(f, "gate")).toBe(1);
  });

  it("answers an event whose every hook is an unapproved optional one as if no hook were installed", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate", requirement: "optional" }] } });
    const refused = await gatedDispatch(f);
    const none = await run(f.source, "claude-code", claude.preToolUse(), { hooks: [] });
    expect(refused.stdout).toBe(none.stdout);
    expect(refused.exit).toBe(none.exit);
    expect(refused.stderr).toBe(none.stderr + "pap-reference: hook gate not run: not approved\n");
    // and the same with the hooks named, as the projection names them
    expect((await gatedDispatch(f, { hooks: ["gate"] })).stdout).toBe(none.stdout);
  });

  it("fails an unapproved required hook as the handler failing would, without starting it", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    const refused = await gatedDispatch(f);
    await writeFile(f.entry("gate"), "process.exit(3);\n");
    const failed = await run(f.source, "claude-code", claude.preToolUse(), {});
    const codes = (text: string) => text.replace("hook_not_trusted (not approved)", "<code>").replace("hook_handler_failed (exit code 3)", "<code>");
    expect(codes(refused.stdout)).toBe(codes(failed.stdout));
    expect(codes(refused.stderr)).toBe(codes(failed.stderr));
    expect(await runs(f, "gate")).toBe(0);
  });

  it("says nothing about a refused hook the event does not concern", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    const stop = await gatedDispatch(f, { event: claude.stop() });
    expect(stop.stderr).toBe("");
    expect(await runs(f, "gate")).toBe(0);
  });

  it("rechecks the tool bytes at dispatch time: an edit refuses the hook until approved again", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    await lifecycle(f, "approve");
    await appendFile(f.entry("gate"), "// changed\n");
    const changed = await gatedDispatch(f);
    expect(changed.stderr).toContain("hook `gate`: hook_not_trusted (tool bytes changed since approval)\n");
    expect(await runs(f, "gate")).toBe(0);

    expect((await lifecycle(f, "approve", { hooks: ["gate"] })).approved).toEqual(["hook:gate", "tool:gate"]);
    await gatedDispatch(f);
    expect(await runs(f, "gate")).toBe(1);
  });

  it("refuses other bytes behind a symlinked entry: the package no longer validates, and the approved gate fails as untrusted", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } }, { "other.mjs": 'process.stdout.write("{\\"kind\\":\\"abstain\\"}");\n' });
    await lifecycle(f, "approve");
    await unlink(f.entry("gate"));
    await symlink(join(f.source, "other.mjs"), f.entry("gate"));
    const result = await gatedDispatch(f);
    expect(result.exit).toBe(0);
    expect(result.stderr).toContain("hook `gate`: hook_not_trusted (the package no longer validates");
    expect(await runs(f, "gate")).toBe(0);
  });

  it("rechecks the tool contract and the hook table", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    await lifecycle(f, "approve");
    const original = await readFile(f.manifest(), "utf8");

    await writeFile(f.manifest(), original.replace('availability = "required"', 'availability = "required"\nenv = [ "PAPC_X" ]'));
    expect((await gatedDispatch(f)).stderr).toContain("hook `gate`: hook_not_trusted (tool contract changed since approval)");

    await writeFile(f.manifest(), original.replace("timeout_ms = 5000", "timeout_ms = 6000"));
    expect((await gatedDispatch(f)).stderr).toContain("hook `gate`: hook_not_trusted (hook changed since approval)");

    await writeFile(f.manifest(), original);
    await gatedDispatch(f);
    expect(await runs(f, "gate")).toBe(1);
  });

  it("approves only what is named: a tool alone does not authorize its hook; one hook not another", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "first" }, { id: "second" }] } });
    expect(await lifecycle(f, "approve", { tools: ["first"] })).toEqual({ exit: 0, approved: ["tool:first"] });
    expect((await gatedDispatch(f)).stderr).toContain("hook `first`: hook_not_trusted (not approved)");
    expect(await lifecycle(f, "approve", { hooks: ["first"] })).toEqual({ exit: 0, approved: ["hook:first", "tool:first"] });
    const result = await gatedDispatch(f);
    expect(result.stderr).toBe("hook `second`: hook_not_trusted (not approved)\n");
    expect([await runs(f, "first"), await runs(f, "second")]).toEqual([1, 0]);
  });

  it("does not start a handler after revoke, until approved again", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    await lifecycle(f, "approve");
    expect(await lifecycle(f, "revoke", { hooks: ["gate"] })).toEqual({ exit: 0, revoked: ["hook:gate"] });
    expect((await gatedDispatch(f)).stderr).toContain("hook `gate`: hook_not_trusted (not approved)");
    expect(await lifecycle(f, "revoke")).toEqual({ exit: 0, revoked: ["tool:gate"] });
    expect(await lifecycle(f, "revoke")).toEqual({ exit: 0, revoked: [] });
    expect(await runs(f, "gate")).toBe(0);
    await lifecycle(f, "approve");
    await gatedDispatch(f);
    expect(await runs(f, "gate")).toBe(1);
  });

  it("keeps dispatch without state_dir as it was: no trust store, the hook runs", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    const reply = await handleRun(++seq, {
      id: "t",
      operation: "dispatch",
      root: f.root,
      source: f.source,
      args: { provider: "claude-code", plugin: "demo", event: claude.preToolUse(), environment: {} },
    });
    expect(reply).toMatchObject({ result: { exit: 0, stderr: "" } });
    expect(await runs(f, "gate")).toBe(1);
  });

  it("answers unusable arguments and unknown ids with exit 2, an invalid package with exit 1", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    expect(await lifecycle(f, "approve", { hooks: ["nope"] })).toMatchObject({ exit: 2 });
    expect(await lifecycle(f, "approve", { tools: ["nope"] })).toMatchObject({ exit: 2 });
    expect(await lifecycle(f, "approve", { state_dir: "relative" })).toMatchObject({ exit: 2 });
    expect(await lifecycle(f, "approve", { plugin: "../demo" })).toMatchObject({ exit: 2 });
    expect(await lifecycle(f, "activate", { provider: "gemini" })).toMatchObject({ exit: 2 });
    expect(await lifecycle(f, "activate", { instructions: { scope: "project", file: "AGENTS.md" } })).toMatchObject({ exit: 2 });
    expect(await lifecycle(f, "approve", { plugin: "absent" })).toMatchObject({ exit: 1, approved: [] });
    expect(existsSync(f.state)).toBe(false);
  });
});

const INSTRUCTIONS = {
  "instructions/rules.md": "Always run the tests.\n",
  "instructions/style.md": "Prefer short functions.", // no final newline: the block adds one
};

describe("activation", () => {
  it("blocks on a required hook without a grant and writes nothing", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }], members: [{ ref: "instruction:rules", requirement: "required" }] } }, INSTRUCTIONS);
    const target = join(f.root, "project", "AGENTS.md");
    const result = await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    expect(result).toMatchObject({ exit: 1, activation: "blocked", instructions: [] });
    expect(statuses(result)).toEqual({ "instruction:rules": "active", "tool:gate": "blocked", "hook:gate": "blocked" });
    expect(existsSync(target)).toBe(false);
    expect(existsSync(f.state)).toBe(false);
  });

  it("blocks on a missing required member, omits a missing optional one", async () => {
    const f = await fixture(
      {
        demo: {
          members: [
            { ref: "instruction:rules", requirement: "required" },
            { ref: "instruction:absent", requirement: "optional" },
          ],
        },
      },
      INSTRUCTIONS,
    );
    expect(statuses(await lifecycle(f, "activate"))).toEqual({ "instruction:rules": "active", "instruction:absent": "omitted" });
    await writeFile(f.manifest(), (await readFile(f.manifest(), "utf8")).replace('requirement = "optional"', 'requirement = "required"'));
    const blocked = await lifecycle(f, "activate");
    expect(blocked).toMatchObject({ exit: 1, activation: "blocked" });
    expect(statuses(blocked)["instruction:absent"]).toBe("blocked");
  });

  it("omits an optional hook the provider cannot honour, blocks a required one", async () => {
    const hooks: HookSpec[] = [{ id: "swap", phase: "after", effect: "replace_output", requirement: "optional", availability: "optional" }];
    const f = await fixture({ demo: { hooks } });
    await lifecycle(f, "approve");
    expect(await lifecycle(f, "activate", { provider: "codex" })).toMatchObject({ exit: 0, activation: "active" });
    expect(statuses(await lifecycle(f, "activate", { provider: "codex" }))).toEqual({ "tool:swap": "active", "hook:swap": "omitted" });
    expect(statuses(await lifecycle(f, "activate", { provider: "claude-code" }))).toEqual({ "tool:swap": "active", "hook:swap": "active" });
    await lifecycle(f, "revoke");
    expect(statuses(await lifecycle(f, "activate", { provider: "claude-code" }))).toEqual({ "tool:swap": "omitted", "hook:swap": "omitted" });

    const required = await fixture({ demo: { hooks: [{ ...hooks[0]!, requirement: "required", availability: "required" }] } });
    await lifecycle(required, "approve");
    const blocked = await lifecycle(required, "activate", { provider: "codex" });
    expect(blocked).toMatchObject({ exit: 1, activation: "blocked" });
    expect(statuses(blocked)).toEqual({ "tool:swap": "active", "hook:swap": "blocked" });
  });

  it("keeps a recommended instruction inactive and unwritten unless enabled", async () => {
    const f = await fixture(
      {
        demo: {
          members: [
            { ref: "instruction:rules", requirement: "required" },
            { ref: "instruction:style", requirement: "recommended" },
          ],
        },
      },
      INSTRUCTIONS,
    );
    const target = join(f.root, "project", "AGENTS.md");
    const plain = await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    expect(plain).toMatchObject({ exit: 0, activation: "active", instructions: [{ ref: "instruction:rules", scope: "project", file: target, written: true }] });
    expect(statuses(plain)).toEqual({ "instruction:rules": "active", "instruction:style": "inactive" });
    expect(await readFile(target, "utf8")).not.toContain("short functions");

    const enabled = await lifecycle(f, "activate", { instructions: { scope: "project", file: target }, enable: ["instruction:style"] });
    expect(statuses(enabled)["instruction:style"]).toBe("active");
    expect(await readFile(target, "utf8")).toBe(
      "<!-- pap:begin demo instruction:rules -->\nAlways run the tests.\n<!-- pap:end demo instruction:rules -->\n" +
        "<!-- pap:begin demo instruction:style -->\nPrefer short functions.\n<!-- pap:end demo instruction:style -->\n",
    );
    // activating again without enabling it takes the block back out
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    expect(await readFile(target, "utf8")).toBe("<!-- pap:begin demo instruction:rules -->\nAlways run the tests.\n<!-- pap:end demo instruction:rules -->\n");
    expect(await lifecycle(f, "activate", { enable: ["instruction:nope"] })).toMatchObject({ exit: 2 });
  });

  it("shows placements on a dry run and writes nothing", async () => {
    const f = await fixture({ demo: { members: [{ ref: "instruction:rules", requirement: "required" }] } }, INSTRUCTIONS);
    const result = await lifecycle(f, "activate", { provider: "codex", instructions: { scope: "user" }, dry_run: true });
    const userFile = join(f.root, "home", ".codex", "AGENTS.md");
    expect(result).toMatchObject({ exit: 0, instructions: [{ ref: "instruction:rules", scope: "user", file: userFile, written: false }] });
    expect(existsSync(userFile)).toBe(false);
    expect(existsSync(f.state)).toBe(false);
  });

  it("writes no file without a selected target, and a project activation leaves the user file alone", async () => {
    const f = await fixture({ demo: { members: [{ ref: "instruction:rules", requirement: "required" }] } }, INSTRUCTIONS);
    expect(await lifecycle(f, "activate")).toMatchObject({ exit: 0, activation: "active", instructions: [] });
    const project = join(f.root, "project", "CLAUDE.md");
    await lifecycle(f, "activate", { instructions: { scope: "project", file: project } });
    expect(existsSync(project)).toBe(true);
    expect(await readdir(f.root)).toEqual(expect.not.arrayContaining(["home"]));
  });

  it("writes the provider's user file from the environment of the arguments", async () => {
    const f = await fixture({ demo: { members: [{ ref: "instruction:rules", requirement: "required" }] } }, INSTRUCTIONS);
    const codexHome = join(f.root, "codex-home");
    const cx = await lifecycle(f, "activate", { provider: "codex", instructions: { scope: "user" }, environment: { HOME: join(f.root, "home"), CODEX_HOME: codexHome } });
    expect(cx.instructions?.[0]?.file).toBe(join(codexHome, "AGENTS.md"));
    expect(await readFile(join(codexHome, "AGENTS.md"), "utf8")).toContain("Always run the tests.");
    const cc = await lifecycle(f, "activate", { provider: "claude-code", instructions: { scope: "user" } });
    expect(cc.instructions?.[0]?.file).toBe(join(f.root, "home", ".claude", "CLAUDE.md"));

    // remove takes both back, deleting the files (and the directories) it created
    const removed = await lifecycle(f, "remove");
    expect(removed.exit).toBe(0);
    expect([...(removed.removed ?? [])].sort()).toEqual([join(codexHome, "AGENTS.md"), join(f.root, "home", ".claude", "CLAUDE.md")].sort());
    expect(existsSync(codexHome)).toBe(false);
    expect(existsSync(join(f.root, "home"))).toBe(false);
  });
});

describe("instruction blocks", () => {
  const USER = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("# Project\r\nKeep it small.  \r\n\r\nLast line without newline", "utf8")]);

  it("round-trips a user file with a BOM, CRLF, trailing spaces and no final newline byte for byte", async () => {
    const f = await fixture({ demo: { members: [{ ref: "instruction:rules", requirement: "required" }] } }, INSTRUCTIONS);
    const target = join(f.root, "project", "AGENTS.md");
    await writeTree(f.root, { "project/AGENTS.md": USER });
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    const written = await readFile(target);
    expect(written.subarray(0, USER.length).equals(USER)).toBe(true);
    expect(written.subarray(USER.length).toString("utf8")).toBe("\n<!-- pap:begin demo instruction:rules -->\nAlways run the tests.\n<!-- pap:end demo instruction:rules -->\n");

    // activating again replaces the block in place: no second copy
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    expect((await readFile(target)).equals(written)).toBe(true);

    expect(await lifecycle(f, "remove")).toEqual({ exit: 0, removed: [target] });
    expect((await readFile(target)).equals(USER)).toBe(true);
  });

  it("removes one package's blocks and leaves another's, restoring the user's bytes at the end", async () => {
    const members = [{ ref: "instruction:rules", requirement: "required" }];
    const f = await fixture({ demo: { members }, other: { members } }, INSTRUCTIONS);
    const target = join(f.root, "project", "AGENTS.md");
    await writeTree(f.root, { "project/AGENTS.md": USER });
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    await lifecycle(f, "activate", { plugin: "other", instructions: { scope: "project", file: target } });
    const both = await readFile(target);
    const otherBlock = renderBlock("other", "instruction:rules", Buffer.from("Always run the tests.\n"));
    expect(both.subarray(both.length - otherBlock.length).equals(otherBlock)).toBe(true);

    expect(await lifecycle(f, "remove")).toEqual({ exit: 0, removed: [target] });
    const left = await readFile(target);
    expect(left.equals(Buffer.concat([USER, Buffer.from("\n"), otherBlock]))).toBe(true);

    expect(await lifecycle(f, "remove", { plugin: "other" })).toEqual({ exit: 0, removed: [target] });
    expect((await readFile(target)).equals(USER)).toBe(true);
  });

  it("keeps a block the user edited, reports it and exits 1, and still removes the unchanged ones", async () => {
    const f = await fixture(
      {
        demo: {
          members: [
            { ref: "instruction:rules", requirement: "required" },
            { ref: "instruction:style", requirement: "optional" },
          ],
        },
      },
      INSTRUCTIONS,
    );
    const target = join(f.root, "project", "AGENTS.md");
    await writeTree(f.root, { "project/AGENTS.md": "Mine.\n" });
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    const text = await readFile(target, "utf8");
    await writeFile(target, text.replace("Always run the tests.", "Always run the tests, twice."));

    const removal = await lifecycle(f, "remove");
    expect(removal).toMatchObject({ exit: 1, removed: [target], kept: [{ file: target, ref: "instruction:rules" }] });
    expect(await readFile(target, "utf8")).toBe("Mine.\n<!-- pap:begin demo instruction:rules -->\nAlways run the tests, twice.\n<!-- pap:end demo instruction:rules -->\n");
  });

  it("leaves an edited block alone on activation too, adding no second copy, and keeps file modes", async () => {
    const f = await fixture({ demo: { members: [{ ref: "instruction:rules", requirement: "required" }] } }, INSTRUCTIONS);
    const target = join(f.root, "project", "AGENTS.md");
    await writeTree(f.root, { "project/AGENTS.md": "Mine." });
    await chmod(target, 0o640);
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    expect((await stat(target)).mode & 0o777).toBe(0o640);
    const edited = (await readFile(target, "utf8")).replace("Always", "Usually");
    await writeFile(target, edited);
    const again = await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    expect(again).toMatchObject({ exit: 0, instructions: [{ ref: "instruction:rules", written: false }] });
    expect(await readFile(target, "utf8")).toBe(edited);
    const removal = await lifecycle(f, "remove");
    expect(removal).toMatchObject({ exit: 1, kept: [{ file: target, ref: "instruction:rules" }] });
    expect(await readFile(target, "utf8")).toBe(edited);
  });

  it("hands the separator on when an earlier block goes, so the user's last line is restored exactly", async () => {
    const f = await fixture(
      {
        demo: {
          members: [
            { ref: "instruction:style", requirement: "recommended" },
            { ref: "instruction:rules", requirement: "required" },
          ],
        },
      },
      INSTRUCTIONS,
    );
    const target = join(f.root, "project", "AGENTS.md");
    await writeTree(f.root, { "project/AGENTS.md": "abc" });
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target }, enable: ["instruction:style"] });
    const rules = renderBlock("demo", "instruction:rules", Buffer.from(INSTRUCTIONS["instructions/rules.md"])).toString("utf8");
    expect(await readFile(target, "utf8")).toBe("abc\n" + renderBlock("demo", "instruction:style", Buffer.from(INSTRUCTIONS["instructions/style.md"])).toString("utf8") + rules);
    await lifecycle(f, "activate", { instructions: { scope: "project", file: target } });
    expect(await readFile(target, "utf8")).toBe("abc\n" + rules);
    await lifecycle(f, "remove");
    expect(await readFile(target, "utf8")).toBe("abc");
  });

  it("forgets the package's grants on remove", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    await lifecycle(f, "approve");
    expect(await lifecycle(f, "remove")).toEqual({ exit: 0, removed: [] });
    expect((await gatedDispatch(f)).stderr).toContain("hook `gate`: hook_not_trusted (not approved)");
    expect(await runs(f, "gate")).toBe(0);
  });

  it("creates no target file when no instruction is active", async () => {
    const f = await fixture({ demo: { members: [{ ref: "instruction:style", requirement: "recommended" }] } }, INSTRUCTIONS);
    const target = join(f.root, "project", "AGENTS.md");
    expect(await lifecycle(f, "activate", { instructions: { scope: "project", file: target } })).toMatchObject({ exit: 0, instructions: [] });
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(f.root, "project"))).toBe(false);
  });

  it("puts the separator only where it is needed and takes back exactly what it added", () => {
    const block = renderBlock("demo", "instruction:x", Buffer.from([0xef, 0xbb, 0xbf, 0x41]));
    expect(block.toString("utf8")).toBe("<!-- pap:begin demo instruction:x -->\nA\n<!-- pap:end demo instruction:x -->\n");
    expect(appendBlock(Buffer.alloc(0), block).separator).toBe("");
    expect(appendBlock(Buffer.from("a\n"), block).separator).toBe("");
    const added = appendBlock(Buffer.from("a"), block);
    expect(added.separator).toBe("\n");
    const removed = removeBlock(added.bytes, block, added.separator, []);
    expect(removed.kind === "removed" && removed.bytes.toString()).toBe("a");
    // text after the block keeps starting on its own line
    const after = removeBlock(Buffer.concat([added.bytes, Buffer.from("b")]), block, "\n", []);
    expect(after.kind === "removed" && after.bytes.toString()).toBe("a\nb");
    expect(removeBlock(Buffer.from("a"), block, "", ["<!-- pap:begin demo instruction:x -->"]).kind).toBe("absent");
  });
});

describe("codex payloads", () => {
  it("gates a codex dispatch the same way", async () => {
    const f = await fixture({ demo: { hooks: [{ id: "gate" }] } });
    const refused = await gatedDispatch(f, { provider: "codex", event: codex.preToolUse() });
    expect(refused.stderr).toContain("hook `gate`: hook_not_trusted (not approved)");
    await lifecycle(f, "approve");
    await gatedDispatch(f, { provider: "codex", event: codex.preToolUse() });
    expect(await runs(f, "gate")).toBe(1);
  });
});
