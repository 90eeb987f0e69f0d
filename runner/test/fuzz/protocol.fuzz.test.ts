// Property-based fuzzing of the runner against hostile protocol garbage. A fake implementation
// (garbage-impl.mjs) plays back what fast-check generated (protocol-arbitraries.ts): random
// bytes, truncated JSON, wrong seq, huge lines, schema-violating results, early exits, hangs,
// stray output between cases, failing starts, a stop it ignores. runSuite runs the probe
// suite's validate cases against it, and for every scenario:
//   - the run completes within a bound (no hang of the runner), without throwing;
//   - every case gets exactly one record, in order, each valid against the run report schema,
//     and the header and footer are valid and agree with the records;
//   - each case's outcome is one the protocol allows for what the fake did (never pass for
//     garbage; see allowedOutcomes);
//   - no process the fake started is left running.
// Run counts: PAPC_FUZZ_RUNS × 0.04 (npm run fuzz: 800), else 20 (npm test, with the slowest behaviors rarer or left out); each run spawns processes.

import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { dir as tmpDir } from "tmp-promise";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../../src/cases/load-cases.js";
import { runSuite } from "../../src/run/run-suite.js";
import { check, describeErrors } from "../../src/schemas/registry.js";
import { FAILING_OUTCOMES, OUTCOMES, type Outcome } from "../../src/types/run-report.js";
import type { LoadedCase } from "../../src/types/case.js";
import { KIT_ROOT, PROBE_SUITE, persistentAdapter } from "../helpers.js";
import { checkProperty, fuzzRuns, LONG_RUN, testTimeout, withinDeadline } from "./fuzz-support.js";
import { allowedOutcomes, HELLO, OK_RESULT, scenario, type Scenario } from "./protocol-arbitraries.js";

const FAKE = join(KIT_ROOT, "runner/test/fuzz/garbage-impl.mjs");
const RUNS = fuzzRuns("protocol-garbage", 20, 0.04);
/** The runner's per-case (and hello) timeout in this property. */
const TIMEOUT_MS = Number(process.env.PAPC_FUZZ_PROTOCOL_TIMEOUT_MS || 2500);

let cases: LoadedCase[] = [];

beforeAll(async () => {
  const set = await loadCases(join(PROBE_SUITE, "cases"), PROBE_SUITE);
  cases = set.cases.filter((c) => c.area === "probe");
}, 60_000);

/** True once the process no longer exists or is a zombie. */
async function gone(pid: number, waitMs: number): Promise<boolean> {
  for (const until = Date.now() + waitMs; ; ) {
    try {
      if (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z")) return true;
    } catch {
      return true;
    }
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGKILL to `pid` if it is still a running garbage-impl.mjs (never a reused pid). */
function killIfFake(pid: number): void {
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(FAKE)) return;
    process.kill(pid, "SIGKILL");
  } catch {
    // gone
  }
}

function describeScenario(s: Scenario): string {
  const runs = s.runs.map((r, i) => `${cases[i]?.id}: ${r.name}`).join("; ");
  return `hello failures ${s.helloFailures} (${s.helloFault.name}), announces ${s.hello.announces}, stop ${s.stop.name}; ${runs}`;
}

describe("runner against hostile protocol garbage (property-based)", () => {
  it(
    "every case gets one allowed outcome, never pass for garbage; the run completes and leaves no process behind",
    async () => {
      expect(cases.map((c) => c.id)).toEqual(["probe/ok-1", "probe/ok-2", "probe/trigger", "probe/ok-3", "probe/ok-4"]);
      const seen = new Map<Outcome, number>();
      const prop = fc.asyncProperty(scenario(cases.length, !LONG_RUN), async (s) => {
        const state = await tmpDir({ prefix: "papc-fuzz-proto-", unsafeCleanup: true });
        const pidsFile = join(state.path, "pids");
        await writeFile(pidsFile, "");
        const pids = (): number[] => readFileSync(pidsFile, "utf8").trim().split("\n").filter(Boolean).map(Number);
        try {
          const spec = {
            state: state.path,
            helloFailures: s.helloFailures,
            helloFault: s.helloFault.actions,
            hello: s.hello.actions,
            runs: Object.fromEntries(cases.map((c, i) => [c.id, s.runs[i]!.actions])),
            okRun: [{ out: `${JSON.stringify({ seq: 0, result: OK_RESULT }).replace('"seq":0', '"seq":@@SEQ@@')}\n` }],
            stop: s.stop.actions,
          };
          const specFile = join(state.path, "spec.json");
          await writeFile(specFile, JSON.stringify(spec));
          // Ceiling: every start and every case timing out, plus the close and some slack.
          const ceiling = (cases.length + 4) * (TIMEOUT_MS + 1500) + 15_000;
          const report = await withinDeadline(
            ceiling,
            () => `protocol scenario ${specFile}: ${describeScenario(s)}`,
            () =>
              runSuite({ kitRoot: KIT_ROOT, kit: { name: "papc", version: "fuzz" }, adapter: persistentAdapter(["node", FAKE, specFile]), cases, jobs: 1, timeoutMs: TIMEOUT_MS }),
          );

          const where = `\n  scenario: ${describeScenario(s)}\n  records: ${JSON.stringify(report.cases.map((r) => [r.id, r.outcome, r.message]))}`;
          expect(
            report.cases.map((r) => r.id),
            `one record per case, in order${where}`,
          ).toEqual(cases.map((c) => c.id));
          const observed = report.cases.map((r) => r.outcome);
          const allowed = allowedOutcomes(s, observed);
          report.cases.forEach((record, i) => {
            expect(OUTCOMES).toContain(record.outcome);
            expect(allowed[i], `${record.id} (${s.runs[i]!.name}) got ${record.outcome}: ${record.message ?? ""}${where}`).toContain(record.outcome);
            const shape = check("run-report/case.schema.json", record);
            expect(shape.ok, `case record does not match its schema: ${describeErrors(shape.errors)}${where}`).toBe(true);
            seen.set(record.outcome, (seen.get(record.outcome) ?? 0) + 1);
          });
          for (const [name, value] of [
            ["run-report/header.schema.json", report.header],
            ["run-report/footer.schema.json", report.footer],
          ] as const) {
            const shape = check(name, value);
            expect(shape.ok, `${name}: ${describeErrors(shape.errors)}${where}`).toBe(true);
          }
          const totals = Object.values(report.footer.totals).reduce((a, n) => a + (n ?? 0), 0);
          expect(totals).toBe(cases.length);
          expect(report.footer.exit_code).toBe(observed.some((o) => FAILING_OUTCOMES.includes(o)) ? 1 : 0);
          if (s.helloFailures === 0) expect(report.header.implementation?.protocol).toBe(HELLO.protocol);

          // Nothing the fake started outlives the run.
          const alive: number[] = [];
          for (const pid of pids()) if (!(await gone(pid, 3000))) alive.push(pid);
          expect(alive, `processes left running after the run${where}`).toEqual([]);
        } finally {
          // Only if something above failed: end what is still a running copy of the fake.
          for (const pid of pids()) killIfFake(pid);
          await state.cleanup();
        }
      });
      await checkProperty("protocol-garbage", prop, RUNS, { note: () => [...seen].map(([o, n]) => `${o} ${n}`).join(", ") });
    },
    testTimeout(RUNS, 60_000),
  );
});
