// The dalo-cli adapter (adapters-under-test/dalo-cli): any validator CLI with the draft 0.1
// contract `<command> --json plugin validate <source> [--source-id ID]`, named by
// PAPC_VALIDATOR_COMMAND and run in exec mode through a small launcher. Checks that the kit's
// reference CLI plugged in this way passes every manifest and cli case (KIT-PROTOCOL-EXEC,
// KIT-PROTOCOL-NOT-ANNOUNCED), that a command that cannot be started gives every case an
// `error` naming the command while the run completes, how the command string is split, and the
// `${NAME:-default}` implementation fields of adapter.yaml.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it } from "vitest";
import { CommandLineError, commandWords, defaultCommand, parseLaunchArgs, splitCommand, validatorArgv } from "../../adapters-under-test/dalo-cli/command-line.js";
import { implementationFromEnvironment, readAdapter, resolveAdapter } from "../src/adapters/load-adapter.js";
import { loadCases } from "../src/cases/load-cases.js";
import { parseReport } from "../src/report/jsonl.js";
import { runSuite } from "../src/run/run-suite.js";
import type { LoadedCase } from "../src/types/case.js";
import type { RunReport } from "../src/types/run-report.js";
import { KIT_ROOT, PAPC } from "./helpers.js";

const CLEAN_ENV = { NO_COLOR: "1", PAPC_VALIDATOR_COMMAND: "", PAPC_VALIDATOR_NAME: "", PAPC_VALIDATOR_VERSION: "" };

interface Run {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  report: RunReport;
  seconds: number;
}

let out: string;
let allCases: LoadedCase[];
let operationOf: Map<string, string>;

async function papcRun(name: string, cases: string[], env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  const run = await execa("node", [PAPC, "run", "--adapter", "dalo-cli", ...cases.flatMap((c) => ["--case", c]), "--out", join(out, name)], {
    cwd: KIT_ROOT,
    reject: false,
    env: { ...CLEAN_ENV, ...env },
  });
  const seconds = (performance.now() - started) / 1000;
  const report = parseReport(await readFile(join(out, name, "dalo-cli.jsonl"), "utf8"));
  console.log(
    `dalo-cli ${name}: ${report.cases.length} cases in ${seconds.toFixed(1)} s (report: ${(report.footer.duration_ms / 1000).toFixed(1)} s, ${JSON.stringify(report.footer.totals)})`,
  );
  return { exitCode: run.exitCode, stdout: run.stdout, stderr: run.stderr, report, seconds };
}

/** A few cases in this process (runSuite), with the variables set over process.env meanwhile. */
async function suiteRun(ids: string[], env: Record<string, string>): Promise<RunReport> {
  const saved = { ...process.env };
  Object.assign(process.env, CLEAN_ENV, env);
  try {
    const adapter = await resolveAdapter("dalo-cli", KIT_ROOT);
    const cases = allCases.filter((c) => ids.includes(c.id));
    expect(cases.map((c) => c.id)).toEqual(ids);
    return await runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases, jobs: 1, timeoutMs: 10_000 });
  } finally {
    process.env = saved;
  }
}

/** Outcome → case ids, with each case's operation, for assertions that print what went wrong. */
function byOutcome(report: RunReport, operation: string): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const c of report.cases) {
    if ((operationOf.get(c.id) ?? "?") !== operation) continue;
    (groups[c.outcome] ??= []).push(c.message ? `${c.id}: ${c.message}` : c.id);
  }
  return groups;
}

beforeAll(async () => {
  out = (await tmpDir({ unsafeCleanup: true })).path;
  const set = await loadCases(join(KIT_ROOT, "cases"), KIT_ROOT);
  allCases = set.cases;
  operationOf = new Map(set.cases.map((c) => [c.id, c.operation]));
});

describe("dalo-cli with the kit's reference CLI as PAPC_VALIDATOR_COMMAND", () => {
  let run: Run;
  beforeAll(async () => {
    // Quoted and with {kit}, as a user would write it; hooks/bindings/** are dispatch cases.
    // A sample keeps npm test short (one extra process per case): the whole manifest and cli
    // suite through this adapter passes too (1063 cases, about 7 minutes on 2 busy cores).
    run = await papcRun("reference", ["cli/**", "manifest/structural/hook/**", "manifest/semantic/contract/**", "hooks/bindings/**"], {
      PAPC_VALIDATOR_COMMAND: `'${process.execPath}' "{kit}/dist/reference/src/cli.js"`,
      PAPC_VALIDATOR_NAME: "pap-reference-cli",
      PAPC_VALIDATOR_VERSION: "0.1.0+cli",
    });
  }, 30 * 60_000);

  it("completes with every validate case passing and every other case not-applicable", () => {
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(0);
    const { report } = run;
    expect(report.footer.exit_code).toBe(0);
    expect(report.cases.length).toBe(report.header.suite.cases);
    const validate = byOutcome(report, "validate");
    expect(Object.keys(validate)).toEqual(["pass"]);
    expect(validate.pass!.length).toBeGreaterThan(100);
    expect(Object.keys(byOutcome(report, "dispatch"))).toEqual(["not-applicable"]);
    expect(report.cases.every((c) => operationOf.has(c.id))).toBe(true);
    const bad = report.cases.filter((c) => !["pass", "not-applicable"].includes(c.outcome));
    expect(bad).toEqual([]);
  });

  it("announces validate and validate-cli, under the name and version from the environment", () => {
    expect(run.report.header.adapter).toEqual({ name: "dalo-cli", mode: "exec", command: [] });
    expect(run.report.header.implementation).toEqual({
      protocol: 1,
      implementation: { name: "pap-reference-cli", version: "0.1.0+cli" },
      operations: ["validate", "validate-cli"],
    });
    expect(run.stdout).toMatch(/— OK in/);
  });
});

describe("dalo-cli with a command that does not exist", () => {
  let run: Run;
  beforeAll(async () => {
    run = await papcRun("missing", ["cli/**", "manifest/structural/hook/**", "hooks/bindings/**"], {
      PAPC_VALIDATOR_COMMAND: "papc-no-such-validator --verbose",
      PAPC_VALIDATOR_NAME: "papc-no-such-validator",
    });
  }, 10 * 60_000);

  it("still completes: every validate case is an error naming the command, the rest not-applicable", () => {
    const { report } = run;
    expect(run.exitCode).toBe(1);
    expect(report.footer.exit_code).toBe(1);
    expect(report.cases.length).toBe(report.header.suite.cases);
    const validate = report.cases.filter((c) => operationOf.get(c.id) === "validate");
    expect(validate.length).toBeGreaterThan(100);
    for (const c of validate) {
      expect(c.outcome, c.id).toBe("error");
      expect(c.message, c.id).toMatch(
        /^protocol error: exit 127, stdout is not one JSON document: "dalo-cli adapter: cannot start the validator command 'papc-no-such-validator' \(PAPC_VALIDATOR_COMMAND='papc-no-such-validator --verbose'\): spawn papc-no-such-validator ENOENT"$/,
      );
      expect(c.stderr, c.id).toMatch(/'papc-no-such-validator' was not found: give an absolute path, a command on PATH/);
    }
    expect(Object.keys(byOutcome(report, "dispatch"))).toEqual(["not-applicable"]);
    expect(run.stdout).toMatch(/cannot start the validator command 'papc-no-such-validator'/);
  });
});

describe("dalo-cli passes the validator's ending through", () => {
  let scripts: string;
  beforeAll(async () => {
    scripts = join(out, "scripts");
    await mkdir(scripts, { recursive: true });
    await writeFile(join(scripts, "killed.mjs"), "process.kill(process.pid, 'SIGKILL');\n");
    await writeFile(join(scripts, "usage.mjs"), "process.stderr.write('usage: nope\\n'); process.exitCode = 2;\n");
    await writeFile(join(scripts, "argv.mjs"), "process.stderr.write(JSON.stringify(process.argv.slice(2))); process.exitCode = 2;\n");
  });
  const one = ["cli/source-id/explicit-company"];

  it("the default command (variable unset or empty) is the kit's reference CLI", async () => {
    const report = await suiteRun(one, {});
    expect(report.header.implementation?.implementation).toEqual({ name: "pap-reference", version: "0.1.0" });
    expect(report.cases.map((c) => c.outcome)).toEqual(["pass"]);
  });

  it("death by signal is a crash; exit 2 with nothing on stdout (PAP-CLI-USAGE-REPORT) compares the exit only", async () => {
    const killed = await suiteRun(one, { PAPC_VALIDATOR_COMMAND: `node ${join(scripts, "killed.mjs")}` });
    expect(killed.cases.map((c) => [c.outcome, c.message])).toEqual([["crash", "killed by SIGKILL"]]);
    // a valid source answered with a usage error: the exit differs, so fail, with the validator's stderr
    const usage = await suiteRun(one, { PAPC_VALIDATOR_COMMAND: `node ${join(scripts, "usage.mjs")}` });
    expect(usage.cases.map((c) => [c.outcome, c.stderr])).toEqual([["fail", "usage: nope\n"]]);
    expect(usage.cases[0]?.diff?.map((d) => d.path)).toEqual(["exit"]);
    // a usage error expected: the exit agrees, the report's checks are unobserved, so skip (never pass)
    const refused = await suiteRun(["cli/source-id/empty"], { PAPC_VALIDATOR_COMMAND: `node ${join(scripts, "usage.mjs")}` });
    expect(refused.cases.map((c) => c.outcome)).toEqual(["skip"]);
    expect(refused.cases[0]?.message).toMatch(/does not report .*report/);
  });

  it("the validator gets the command's own words, then the contract's arguments", async () => {
    const report = await suiteRun(one, { PAPC_VALIDATOR_COMMAND: `node ${join(scripts, "argv.mjs")} "two words" --x=y` });
    const [c] = report.cases;
    expect(c?.outcome).toBe("fail"); // exit 2 without a report, where the case expects exit 0
    expect(JSON.parse(c?.stderr ?? "null")).toEqual(["two words", "--x=y", "--json", "plugin", "validate", expect.stringMatching(/^\//), "--source-id", "company"]);
  });

  it("a command string that does not split is an error saying why", async () => {
    const report = await suiteRun(one, { PAPC_VALIDATOR_COMMAND: "dalo 'unclosed" });
    expect(report.cases.map((c) => [c.outcome, c.message])).toEqual([
      [
        "error",
        `protocol error: exit 126, stdout is not one JSON document: "dalo-cli adapter: cannot start the validator: PAPC_VALIDATOR_COMMAND='dalo 'unclosed' has an unclosed ' quote at character 6"`,
      ],
    ]);
  });
});

describe("splitting PAPC_VALIDATOR_COMMAND (no shell)", () => {
  it.each([
    ["dalo", ["dalo"]],
    ["  node\t/opt/cli.js \n", ["node", "/opt/cli.js"]],
    ["node {kit}/dist/reference/src/cli.js", ["node", "/kit/dist/reference/src/cli.js"]],
    [`'/Program Files/dalo' --store "/tmp/a b"`, ["/Program Files/dalo", "--store", "/tmp/a b"]],
    [String.raw`/opt/my\ tools/dalo`, ["/opt/my tools/dalo"]],
    [String.raw`x "a \"q\" \\ \n" 'it''s' --k="v w" ""`, ["x", String.raw`a "q" \ \n`, "its", "--k=v w", ""]],
    ["x '$HOME' *.js a|b >c", ["x", "$HOME", "*.js", "a|b", ">c"]],
  ])("%j", (command, words) => {
    expect(splitCommand(command, "/kit")).toEqual(words);
  });

  it.each([
    ["node 'oops", /unclosed ' quote at character 6/],
    ['node "oops\\"', /unclosed " quote at character 6/],
    ["node \\", /ends with a backslash/],
    ["   ", /has no words/],
  ])("%j is refused", (command, message) => {
    expect(() => splitCommand(command, "/kit")).toThrow(CommandLineError);
    expect(() => splitCommand(command, "/kit")).toThrow(message);
  });

  it("unset or empty means the kit's reference CLI under this Node", () => {
    expect(commandWords(undefined, "/kit")).toEqual([process.execPath, "/kit/dist/reference/src/cli.js"]);
    expect(commandWords("", "/kit")).toEqual(defaultCommand("/kit"));
    expect(commandWords("dalo", "/kit")).toEqual(["dalo"]);
  });

  it("the launcher takes <source> [--source-id ID] and appends the contract's arguments", () => {
    expect(parseLaunchArgs(["/s"])).toEqual({ source: "/s" });
    expect(parseLaunchArgs(["/s", "--source-id", ""])).toEqual({ source: "/s", sourceId: "" });
    expect(() => parseLaunchArgs([])).toThrow(CommandLineError);
    expect(() => parseLaunchArgs(["/s", "--source-id"])).toThrow(/expected <source> \[--source-id ID\]/);
    expect(() => parseLaunchArgs(["/s", "--other", "x"])).toThrow(CommandLineError);
    expect(validatorArgv(["dalo"], { source: "/s" })).toEqual(["dalo", "--json", "plugin", "validate", "/s"]);
    expect(validatorArgv(["node", "cli.js"], { source: "/s", sourceId: "company" })).toEqual(["node", "cli.js", "--json", "plugin", "validate", "/s", "--source-id", "company"]);
  });
});

describe("implementation fields from the environment", () => {
  it("fills ${NAME} and ${NAME:-default}; unset or empty NAME gives the default", () => {
    const info = { name: "${V_NAME:-pap-reference}", version: "v${V_VERSION}-${V_SUFFIX:-}", language: "Rust" };
    expect(implementationFromEnvironment(info, { V_NAME: "dalo", V_VERSION: "0.13.0" })).toEqual({
      implementation: { name: "dalo", version: "v0.13.0-", language: "Rust" },
      problems: [],
    });
    expect(implementationFromEnvironment(info, { V_NAME: "", V_VERSION: "1" }).implementation.name).toBe("pap-reference");
    expect(implementationFromEnvironment(info, {}).problems).toEqual([
      ["version", "implementation.version needs the environment variable V_VERSION, which is not set (or write ${V_VERSION:-default})"],
    ]);
    const plain = { name: "x", version: "1" };
    expect(implementationFromEnvironment(plain, {}).implementation).toBe(plain);
    expect(implementationFromEnvironment(undefined, {})).toEqual({ implementation: undefined, problems: [] });
  });

  it("adapter.yaml: an unset variable without default, or a filled value the schema refuses, is an adapter problem at its line", async () => {
    const dir = join(out, "env-adapter");
    await mkdir(dir, { recursive: true });
    const yaml = (name: string) =>
      `name: env\ndescription: env\nmode: exec\nimplementation:\n  name: "${name}"\n  version: "1"\noperations:\n  validate:\n    argv: [x, "{source}"]\n`;
    await writeFile(join(dir, "adapter.yaml"), yaml("${PAPC_TEST_SURELY_UNSET_NAME}"));
    const unset = await readAdapter(join(dir, "adapter.yaml"), KIT_ROOT);
    expect(unset.adapter).toBeUndefined();
    expect(unset.problems.map((p) => [p.line, p.message])).toEqual([
      [5, "implementation.name needs the environment variable PAPC_TEST_SURELY_UNSET_NAME, which is not set (or write ${PAPC_TEST_SURELY_UNSET_NAME:-default})"],
    ]);
    await writeFile(join(dir, "adapter.yaml"), yaml("${PAPC_TEST_LONG_NAME}"));
    process.env.PAPC_TEST_LONG_NAME = "n".repeat(201);
    try {
      const long = await readAdapter(join(dir, "adapter.yaml"), KIT_ROOT);
      expect(long.problems.map((p) => [p.line, p.message])).toEqual([[5, expect.stringMatching(/^with the environment filled in, .*200/)]]);
    } finally {
      delete process.env.PAPC_TEST_LONG_NAME;
    }
  });

  it("the dalo-cli adapter loads with its defaults", async () => {
    const saved = { ...process.env };
    try {
      delete process.env.PAPC_VALIDATOR_NAME;
      delete process.env.PAPC_VALIDATOR_VERSION;
      const adapter = await resolveAdapter("dalo-cli", KIT_ROOT);
      expect(adapter.mode).toBe("exec");
      expect(adapter.implementation).toEqual({ name: "pap-reference", version: "0.1.0" });
      expect(Object.keys(adapter.operations ?? {})).toEqual(["validate", "validate-cli"]);
      process.env.PAPC_VALIDATOR_NAME = "dalo";
      process.env.PAPC_VALIDATOR_VERSION = "0.13.0";
      expect((await resolveAdapter("dalo-cli", KIT_ROOT)).implementation).toEqual({ name: "dalo", version: "0.13.0" });
    } finally {
      process.env = saved;
    }
  });
});
