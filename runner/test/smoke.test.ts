// Checks KIT-SMOKE (SPEC.md).
// papc smoke tells a broken adapter from a non-conforming implementation: the reference and its
// exec adapter are OK; a command that does not exist, exits at once, prints garbage, answers with
// the wrong seq or `errored` is a broken adapter (with the stage, the evidence and the next step);
// the constant validators and the wrong implementations of runner/test/mutants/ that break a
// basic rule work as adapters but do not conform; an implementation that declines everything
// "does not implement" it; and the control pairs flag an adapter that does not really answer.

import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it } from "vitest";
import { suitePaths } from "../src/cases/load-suite.js";
import { lintSuite } from "../src/lint/lint.js";
import { loadSmokeCases, CONTROL_EXPECTED, CONTROL_OPPOSITE, lastSegment } from "../src/smoke/smoke-cases.js";
import { renderSmoke, smokeCommand, verdictLine, type SmokeCommandOptions } from "../src/smoke/smoke-command.js";
import { runSmoke, type SmokeResult } from "../src/smoke/smoke.js";
import { loadSpec } from "../src/spec/requirements.js";
import { KIT_ROOT, persistentAdapter } from "./helpers.js";

const MUTANTS = join(KIT_ROOT, "runner/test/mutants");
const TIMEOUT = 5000;

async function smoke(o: Omit<SmokeCommandOptions, "root">): Promise<{ code: number; result: SmokeResult; text: string; err: string }> {
  let json = "";
  let err = "";
  const code = await smokeCommand({ root: KIT_ROOT, timeoutMs: TIMEOUT, ...o, json: true }, { out: (t) => void (json += t), err: (t) => void (err += t) });
  const result = JSON.parse(json) as SmokeResult;
  expect(code).toBe(result.exit_code);
  return { code, result, text: verdictLine(result), err };
}

const stage = (r: SmokeResult, name: string) => r.stages.find((s) => s.stage === name);

let scripts: string;
const script = (name: string): string => `node ${join(scripts, name)}`;

/** Small implementations that get the protocol or the answers wrong in one way each. */
const SCRIPTS: Record<string, string> = {
  // a banner on stdout before anything else: not a hello reply
  "garbage.mjs": `console.log("Welcome to my validator v1.0"); process.stdin.resume();\n`,
  // dies before reading anything
  "exits.mjs": `console.error("config file /etc/val.toml not found"); process.exit(3);\n`,
  // hello, then every run reply carries seq 0
  "bad-seq.mjs": protocol(`{ seq: 0, result: { exit: 0, report: {} } }`),
  // hello, then errored for every case: the wrapped program is missing
  "errored.mjs": protocol(`{ seq: m.seq, errored: { message: "validator binary not found: /opt/val" } }`),
  // announces validate and declines every case
  "skipper.mjs": protocol(`{ seq: m.seq, skipped: { reason: "validation is not implemented yet" } }`),
  // valid, invalid, valid, … whatever the input: the control pair sees two answers to one input
  "flip.mjs": protocol(`{ seq: m.seq, result: verdict(++n % 2 === 1, m.case.source) }`),
};

function protocol(reply: string): string {
  return `import { createInterface } from "node:readline";
let n = 0;
const verdict = (valid, source) => ({ exit: valid ? 0 : 1, report: { schema_version: 1, profile: "portable-agent-packages/0.1", source_path: source, valid,
  package_contract: { valid, diagnostics: [] }, members: [], dependencies: [], providers: [],
  execution_authorization: { status: "never_granted", check: "not_applicable", detail: "" }, packages: [], diagnostics: [] } });
createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.cmd === "hello") console.log(JSON.stringify({ protocol: 1, implementation: { name: "test", version: "0" }, operations: ["validate"] }));
  else if (m.cmd === "run") console.log(JSON.stringify(${reply}));
  else process.exit(0);
});
`;
}

beforeAll(async () => {
  scripts = (await tmpDir({ unsafeCleanup: true })).path;
  for (const [name, text] of Object.entries(SCRIPTS)) await writeFile(join(scripts, name), text);
  await writeFile(join(scripts, "not-executable.sh"), "#!/bin/sh\nexit 0\n");
  await chmod(join(scripts, "not-executable.sh"), 0o644);
  await mkdir(join(scripts, "missing-exec"));
  await writeFile(
    join(scripts, "missing-exec/adapter.yaml"),
    'name: missing-exec\ndescription: a CLI that is not installed\nmode: exec\nimplementation: { name: missing, version: "0" }\noperations:\n  validate:\n    argv: [no-such-papc-validator, --json, plugin, validate, "{source}"]\nbaseline: {}\n',
  );
  // an exec adapter whose argv template only gets the CLI's usage error (exit 2, nothing on stdout)
  await mkdir(join(scripts, "usage-exec"));
  await writeFile(
    join(scripts, "usage-exec/adapter.yaml"),
    [
      "name: usage-exec",
      "description: a one-shot CLI run with the wrong arguments",
      "mode: exec",
      'implementation: { name: usage, version: "0" }',
      "operations:",
      "  validate:",
      `    argv: [sh, -c, "echo 'usage: val --json plugin validate <source>' >&2; exit 2"]`,
      "baseline: {}",
      "",
    ].join("\n"),
  );
});

describe("the smoke cases", () => {
  it("lint clean, name real requirements, and have one control pair per operation", async () => {
    const spec = await loadSpec(join(KIT_ROOT, "SPEC.md"));
    const { cases, problems } = await loadSmokeCases({ kitRoot: KIT_ROOT, spec });
    expect(problems).toEqual([]);
    expect(new Set(cases.map((c) => c.operation))).toEqual(new Set(["validate", "validate-cli", "dispatch", "load-agent-plugin", "compose", "project"]));
    for (const op of ["validate", "dispatch", "load-agent-plugin", "compose", "project"]) {
      const names = cases.filter((c) => c.operation === op).map(lastSegment);
      expect(names.filter((n) => n === CONTROL_EXPECTED || n === CONTROL_OPPOSITE).sort()).toEqual([CONTROL_EXPECTED, CONTROL_OPPOSITE]);
    }
    expect(cases.every((c) => c.id.startsWith("smoke/"))).toBe(true);
  });

  it("are linted by papc lint with the normal case schema, and are not part of the suite", async () => {
    const root = (await tmpDir({ unsafeCleanup: true })).path;
    await mkdir(join(root, "cases/area/x"), { recursive: true });
    await mkdir(join(root, "runner/smoke"), { recursive: true });
    await writeFile(join(root, "SPEC.md"), "# spec\n- **[KIT-A]** MUST (test): a.\n");
    await writeFile(join(root, "cases/area/x/good.yaml"), "id: area/x/good\ntitle: good\nspec: [KIT-A]\noperation: validate\nexpect: { exit: 1 }\n");
    await writeFile(join(root, "runner/smoke/validate.yaml"), "id: smoke/validate/bad\ntitle: bad\nspec: [KIT-B]\noperation: validate\nexpect: { exit: 7 }\n");
    const { problems, caseSet } = await lintSuite(suitePaths(root));
    expect(problems.map((p) => `${p.file}:${p.line} ${p.code}`)).toEqual(expect.arrayContaining(["runner/smoke/validate.yaml:5 case-schema"]));
    expect(caseSet.cases.map((c) => c.id)).toEqual(["area/x/good"]);
  });
});

describe("papc smoke", () => {
  it("the reference: adapter OK, every stage ok, and the next step is papc run", async () => {
    const { code, result, text } = await smoke({ adapter: "reference" });
    expect(code).toBe(0);
    expect(text).toBe("smoke: adapter OK — now run: papc run --adapter reference");
    expect(result.stages.map((s) => `${s.stage} ${s.status}`)).toEqual(["start ok", "hello ok", "replies ok", "basic ok", "control ok"]);
    expect(result.operations).toMatchObject({
      validate: { status: "conforms" },
      "validate-cli": { status: "conforms" },
      dispatch: { status: "conforms" },
      "load-agent-plugin": { status: "conforms" },
      compose: { status: "conforms" },
      live: { status: "not-checked" },
    });
    // the control pairs: one pass and one fail each
    const control = result.cases.filter((c) => /\/control-/.test(c.id));
    expect(control.map((c) => `${lastSegment(c)} ${c.outcome}`).sort()).toEqual([...Array(6).fill("control-expected pass"), ...Array(6).fill("control-opposite fail")]);
  }, 60_000);

  it("warns when the replies lack a field that many cases check, and not for the reference (KIT-SMOKE-FIELDS)", async () => {
    const { result } = await smoke({ command: script("flip.mjs") });
    expect(result.missing_fields.map((m) => `${m.operation} ${m.field}`)).toEqual(["validate structural"]);
    expect(result.missing_fields[0]!.cases).toBeGreaterThan(500);
    expect(renderSmoke(result)).toMatch(
      /\n {2}warning: the validate replies lack structural, which \d+ validate cases check: they cannot be judged on it \(skipped where the rest agrees; /,
    );
    expect((await smoke({ adapter: "reference" })).result.missing_fields).toEqual([]);
  }, 60_000);

  it("the exec-mode reference-exec adapter: OK for validate and dispatch, the rest not announced", async () => {
    const { code, result, text } = await smoke({ adapter: "reference-exec" });
    expect(code).toBe(0);
    expect(text).toBe("smoke: adapter OK — now run: papc run --adapter reference-exec");
    expect(result.operations).toMatchObject({
      validate: { status: "conforms" },
      "validate-cli": { status: "conforms" },
      dispatch: { status: "conforms" },
      "load-agent-plugin": { status: "not-announced" },
      compose: { status: "not-announced" },
    });
  }, 90_000);

  it("a command that does not exist: broken at start, with the command", async () => {
    const { code, result, text } = await smoke({ command: "no-such-papc-implementation --serve" });
    expect(code).toBe(1);
    expect(text).toMatch(/^smoke: adapter broken — the command does not start: no such program .*ENOENT/);
    expect(stage(result, "start")).toMatchObject({ status: "failed" });
    expect(stage(result, "start")!.details.join("\n")).toContain("no-such-papc-implementation --serve");
    expect(stage(result, "hello")).toMatchObject({ status: "not-run" });
    expect(result.next).toMatch(/PATH/);
  });

  it("an exec adapter whose program is not installed: broken at start, with its argv template", async () => {
    const { result, text } = await smoke({ adapter: join(scripts, "missing-exec") });
    expect(text).toBe("smoke: adapter broken — the command does not start: no such program or folder (spawn no-such-papc-validator ENOENT)");
    expect(stage(result, "start")!.details.join("\n")).toContain("the validate argv template: no-such-papc-validator --json plugin validate {source}");
  });

  it("a program that is not executable: broken at start, permission denied", async () => {
    const { result, text } = await smoke({ command: join(scripts, "not-executable.sh") });
    expect(text).toMatch(/^smoke: adapter broken — the command does not start: permission denied/);
    expect(result.next).toMatch(/chmod \+x/);
  });

  it("a command that exits at once: broken at start, with its stderr", async () => {
    const { result, text } = await smoke({ command: script("exits.mjs") });
    expect(text).toBe("smoke: adapter broken — the command exited with code 3 before answering hello");
    expect(stage(result, "start")!.details.join("\n")).toContain("config file /etc/val.toml not found");
  });

  it("a command that prints garbage: broken, invalid hello, showing the offending line", async () => {
    const { code, result, text } = await smoke({ command: script("garbage.mjs") });
    expect(code).toBe(1);
    expect(text).toBe('smoke: adapter broken — invalid hello: reply is not JSON: "Welcome to my validator v1.0"');
    expect(result.stages.map((s) => `${s.stage} ${s.status}`)).toEqual(["start ok", "hello failed", "replies not-run", "basic not-run", "control not-run"]);
    expect(result.next).toMatch(/stdout carries protocol lines only/);
  });

  it("a command that never answers hello: broken, no hello within the timeout", async () => {
    const { text } = await smoke({ command: "sleep 30", timeoutMs: 500 });
    expect(text).toBe("smoke: adapter broken — no hello: nothing answered the hello request within 500 ms");
  });

  it("replies with the wrong seq, or errored on the clearest input: broken at the replies stage", async () => {
    const seq = await smoke({ command: script("bad-seq.mjs") });
    expect(seq.text).toBe("smoke: adapter broken — malformed reply to smoke/validate/worked-example: protocol error: reply seq 0 does not match request seq 1");
    expect(stage(seq.result, "replies")).toMatchObject({ status: "failed" });
    const errored = await smoke({ command: script("errored.mjs") });
    expect(errored.text).toMatch(/^smoke: adapter broken — it answered errored for smoke\/validate\/worked-example, one of the clearest inputs: .*validator binary not found/);
    expect(errored.result.next).toMatch(/answer skipped/);
  });

  it("an implementation that declines every case does not implement the operation; that is not broken", async () => {
    const { code, result, text } = await smoke({ command: script("skipper.mjs") });
    expect(code).toBe(0);
    expect(text).toMatch(/^smoke: adapter OK \(does not implement validate\) — now run: papc run --command /);
    expect(result.operations.validate).toMatchObject({ status: "not-implemented" });
    expect(stage(result, "basic")!.summary).toBe("validate: does not implement validate (skipped)");
  });

  it("the constant-valid implementation works as an adapter but does not conform, and the same answer to every input is pointed out", async () => {
    const { code, result, text } = await smoke({ command: `node ${join(MUTANTS, "answers-fixed-verdict.mjs")} accept` });
    expect(code).toBe(1);
    expect(text).toBe("smoke: adapter works, implementation does not conform on basic cases — 2 of 3 basic cases fail (smoke/validate/empty-folder, smoke/validate/not-toml)");
    expect(stage(result, "control")).toMatchObject({ status: "ok" });
    expect(stage(result, "basic")!.details.join("\n")).toMatch(/every validate input got the same answer/);
  });

  describe.concurrent("the wrong implementations of runner/test/mutants/", () => {
    const cases: [string, string, string][] = [
      ["answers-fixed-verdict.mjs reject", "validate", "smoke/validate/worked-example"],
      ["wrong-dispatcher.mjs silent", "dispatch", "smoke/dispatch/deny"],
      ["wrong-loader.mjs rejects-everything", "load-agent-plugin", "smoke/load-agent-plugin/valid"],
      ["wrong-composer.mjs rejects-everything", "compose", "smoke/compose/deny"],
    ];
    for (const [mutant, op, failing] of cases) {
      it(`${mutant}: does not conform on ${op}`, async () => {
        const { code, result, text } = await smoke({ command: `node ${join(MUTANTS, mutant)}` });
        expect(code).toBe(1);
        expect(text).toMatch(/^smoke: adapter works, implementation does not conform on basic cases — /);
        expect(result.verdict).toBe("not-conforming");
        expect(result.operations[op as "validate"]).toMatchObject({ status: "does-not-conform" });
        expect(result.cases.filter((c) => c.outcome === "fail" && !/\/control-/.test(c.id)).map((c) => c.id)).toEqual([failing]);
        expect(stage(result, "control")).toMatchObject({ status: "ok" });
      }, 60_000);
    }

    it("accepts-timeout-99.mjs (an off-by-one deep in the rules) passes smoke: that is the suite's job", async () => {
      const { code, text } = await smoke({ command: `node ${join(MUTANTS, "accepts-timeout-99.mjs")}` });
      expect(code).toBe(0);
      expect(text).toMatch(/^smoke: adapter OK — now run: papc run --command /);
    }, 60_000);
  });

  it("control pair: two different answers to the same input flag the adapter as broken", async () => {
    const { code, result, text } = await smoke({ command: script("flip.mjs") });
    expect(code).toBe(1);
    expect(text).toBe("smoke: adapter broken — validate control pair: the same input got two different answers (fail, fail)");
    expect(stage(result, "control")).toMatchObject({ status: "failed" });
  });

  it("control pair: an exec adapter that only gets a usage error gives no verdict, flagged as broken", async () => {
    const { code, result, text } = await smoke({ adapter: join(scripts, "usage-exec") });
    expect(code).toBe(1);
    expect(text).toMatch(/^smoke: adapter broken — validate control pair: the answer to the clearest input carries no verdict/);
    expect(result.next).toMatch(/argv template/);
    expect(stage(result, "basic")!.details.join("\n")).toContain("usage: val --json plugin validate <source>");
  });

  it("control pair: both opposite expectations passing is flagged (papc did not see a failure)", async () => {
    const spec = await loadSpec(join(KIT_ROOT, "SPEC.md"));
    const { cases } = await loadSmokeCases({ kitRoot: KIT_ROOT, spec });
    const expected = cases.find((c) => c.id === "smoke/validate/control-expected")!;
    const broken = cases.filter((c) => c.operation === "validate").map((c) => (c.id === "smoke/validate/control-opposite" ? { ...c, expect: expected.expect } : c));
    const result = await runSmoke({
      kitRoot: KIT_ROOT,
      kit: { name: "papc", version: "test" },
      adapter: persistentAdapter(["node", join(KIT_ROOT, "dist/reference/src/protocol-server.js")]),
      cases: broken,
      runCommand: "papc run",
      timeoutMs: TIMEOUT,
    });
    expect(result.verdict).toBe("broken");
    expect(result.reason).toBe("validate control pair: both opposite expectations passed, so papc did not see a failure it had to see");
  }, 60_000);

  it("prints text with one line per stage and the verdict last (or the next step after it)", async () => {
    let out = "";
    const code = await smokeCommand({ root: KIT_ROOT, command: script("garbage.mjs"), timeoutMs: TIMEOUT }, { out: (t) => void (out += t), err: () => undefined });
    expect(code).toBe(1);
    const lines = out.trimEnd().split("\n");
    expect(lines[0]).toBe(`papc smoke: adapter command (persistent: node ${join(scripts, "garbage.mjs")})`);
    expect(lines.filter((l) => /^ {2}\[(ok {2}|FAIL|-- {2})\] [a-e]\. /.test(l))).toHaveLength(5);
    expect(lines.at(-2)).toBe('smoke: adapter broken — invalid hello: reply is not JSON: "Welcome to my validator v1.0"');
    expect(lines.at(-1)).toMatch(/^next: /);
  });

  it("usage errors exit 2: --adapter with --command, an unknown adapter", async () => {
    let err = "";
    const io = { out: () => undefined, err: (t: string) => void (err += t) };
    expect(await smokeCommand({ root: KIT_ROOT, adapter: "reference", command: "x" }, io)).toBe(2);
    expect(await smokeCommand({ root: KIT_ROOT, adapter: "no-such-adapter" }, io)).toBe(2);
    expect(err).toMatch(/not both/);
    expect(err).toMatch(/no adapter "no-such-adapter"/);
  });
});
