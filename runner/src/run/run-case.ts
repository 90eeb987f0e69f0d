// Runs one case against one implementation: materialize, send, judge, apply the baseline.

import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { compareFixture } from "../compare/compare-fixture.js";
import { FixtureError, materialize } from "../fixtures/materialize.js";
import { digestTree } from "../fixtures/tree-digest.js";
import type { Implementation } from "../protocol/implementation.js";
import type { LoadedCase } from "../types/case.js";
import type { CasePayload } from "../types/protocol.js";
import type { CaseRecord, Outcome } from "../types/run-report.js";
import { outcomeOfExchange } from "./outcome.js";
import { judge } from "./result-check.js";

export interface CaseRunOptions {
  timeoutMs: number;
  baseline: Record<string, string>;
}

export async function runCase(c: LoadedCase, impl: Implementation, options: CaseRunOptions): Promise<CaseRecord> {
  const started = performance.now();
  const record = (outcome: Outcome, extra: Partial<CaseRecord> = {}): CaseRecord =>
    applyBaseline(
      { type: "case", id: c.id, hash: c.hash, area: c.area, spec: c.spec, outcome, duration_ms: round(performance.now() - started), ...extra },
      options.baseline[c.id],
    );

  const hello = await impl.hello();
  if (!("protocol" in hello)) {
    if (hello.kind === "result") throw new Error("unreachable: hello produced a result");
    const { outcome, message } = outcomeOfExchange(hello);
    const stderr = impl.drainStderr();
    return record(outcome, stderr ? { message, stderr } : { message });
  }
  if (!hello.operations.includes(c.operation)) {
    return record("not-applicable", { message: `the implementation does not announce operation "${c.operation}"` });
  }

  const tmp = await tmpDir({ prefix: "papc-", unsafeCleanup: true });
  try {
    try {
      await materialize(tmp.path, c.given?.files ?? {});
    } catch (err) {
      if (err instanceof FixtureError) return record("suite-bug", { message: `fixture: ${err.message}` });
      throw err;
    }
    const payload: CasePayload = {
      id: c.id,
      operation: c.operation,
      root: tmp.path,
      source: join(tmp.path, c.given?.source ?? "."),
      args: c.given?.args ?? {},
    };
    const fixtureExpect = c.expect.fixture;
    const before = fixtureExpect?.unchanged ? await digestTree(tmp.path) : undefined;
    const { exchange, stderr } = await impl.run(payload, options.timeoutMs);
    const withStderr = stderr ? { stderr } : {};
    if (exchange.kind !== "result") {
      const { outcome, message } = outcomeOfExchange(exchange);
      return record(outcome, { message, ...withStderr });
    }
    const verdict = judge(c, exchange.result);
    if (!verdict.ok) {
      const unsupported = verdict.message.startsWith("papc cannot");
      return record(unsupported ? "suite-bug" : "error", { message: verdict.message, ...withStderr });
    }
    const diff = fixtureExpect ? [...verdict.diff, ...(await compareFixture(fixtureExpect, tmp.path, before))] : verdict.diff;
    if (diff.length === 0) return record("pass", withStderr);
    return record("fail", { message: "result differs from expectation", diff, ...withStderr });
  } finally {
    await tmp.cleanup();
  }
}

/** A listed known failure that fails is expected-fail; one that passes is a stale baseline. */
function applyBaseline(r: CaseRecord, reason: string | undefined): CaseRecord {
  if (reason === undefined) return r;
  if (r.outcome === "pass") return { ...r, baseline: reason, stale_baseline: true, message: "listed in the baseline but passes: remove it from the baseline" };
  if (r.outcome === "fail" || r.outcome === "error" || r.outcome === "crash" || r.outcome === "timeout") {
    return { ...r, outcome: "expected-fail", baseline: reason, message: `${r.outcome} (baselined: ${reason})${r.message ? `: ${r.message}` : ""}` };
  }
  return { ...r, baseline: reason };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
