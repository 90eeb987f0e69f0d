// No value of the runner's environment reaches a report (KIT-IMPLEMENTATION-ENV). A secret is
// planted in the runner's environment under a credential's name; a dispatch case allow-lists that
// name for its handler and states the value it expects, so a leaked value would be shown in the
// handler's env diff; an implementation prints its whole environment to stderr, which a report
// keeps for a case that is not a pass. Every rendering of every run is searched for the secret.

import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAdapter } from "../src/adapters/load-adapter.js";
import { implementationEnvironment } from "../src/protocol/implementation-env.js";
import { renderHtml } from "../src/report/html.js";
import { reportText } from "../src/report/jsonl.js";
import { renderJunit } from "../src/report/junit.js";
import { renderMarkdown } from "../src/report/markdown.js";
import { runSuite } from "../src/run/run-suite.js";
import type { Adapter } from "../src/types/adapter.js";
import type { RunReport } from "../src/types/run-report.js";
import { loadText, recordingsDir } from "./dispatch-helpers.js";
import { HOSTILE, KIT_ROOT, persistentAdapter } from "./helpers.js";

const NAME = "AWS_SECRET_ACCESS_KEY";
const SECRET = `papc-planted-${randomBytes(12).toString("hex")}`;
let before: string | undefined;

beforeAll(() => {
  before = process.env[NAME];
  process.env[NAME] = SECRET;
});

afterAll(() => {
  if (before === undefined) delete process.env[NAME];
  else process.env[NAME] = before;
});

const CASE = [
  "title: secrets",
  "operation: dispatch",
  "cases:",
  "  - id: hooks/x/allow-lists-a-credential",
  "    title: a handler that allow-lists a credential the harness did not set",
  "    spec: [PAP-DISPATCH-ENV-ALLOWLIST]",
  "    given:",
  "      event: claude-code/2.1.233/PreToolUse/t",
  `      hooks: [{ id: gate, effect: observe, env: [${NAME}], handler: { stdout: { kind: observe } } }]`,
  "    expect:",
  `      handlers: { gate: { ran: true, env: { ${NAME}: not-the-secret } } }`,
  "",
].join("\n");

function renderings(report: RunReport): string[] {
  return [reportText(report), renderMarkdown(report), renderJunit(report), renderHtml([report])];
}

async function runAgainst(adapter: Adapter): Promise<RunReport> {
  const set = loadText(CASE, await recordingsDir());
  expect(set.problems).toEqual([]);
  return runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "test" }, adapter, cases: set.cases, jobs: 1 });
}

describe("the runner's environment stays out of reports", () => {
  it("gives an implementation PATH, HOME, the locale, PAPC_* and the adapter's names, nothing else", () => {
    const env = implementationEnvironment(["MY_SETTING"], { PATH: "/bin", HOME: "/h", PAPC_X: "1", MY_SETTING: "s", [NAME]: SECRET, OTHER: "o" });
    expect(env).toEqual({ PATH: "/bin", HOME: "/h", PAPC_X: "1", MY_SETTING: "s" });
  });

  it.each([
    ["the reference (persistent)", (): Adapter => persistentAdapter(["node", join(KIT_ROOT, "dist/reference/src/protocol-server.js")])],
    ["the reference CLI (exec)", async (): Promise<Adapter> => (await readAdapter(join(KIT_ROOT, "adapters-under-test/reference-exec/adapter.yaml"), KIT_ROOT)).adapter!],
    ["an implementation that prints its environment", (): Adapter => persistentAdapter(["node", join(HOSTILE, "prints-environment.mjs")])],
  ])(
    "%s: the planted secret is in no rendering",
    async (_, make) => {
      const report = await runAgainst(await make());
      expect(report.cases.map((c) => c.outcome)).not.toContain("pass");
      for (const text of renderings(report)) expect(text).not.toContain(SECRET);
    },
    60_000,
  );
});
