// Runs one case against one implementation: materialize, send, judge, apply the baseline.

import { chmod, readdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { runToken } from "../../shared/process-cell.js";
import { killLeftovers } from "../dispatch/handler-runs.js";
import type { ResolvedHarness } from "../harness/resolve.js";
import { liveHarness } from "../live/run-live.js";
import { materialize } from "../fixtures/materialize.js";
import { digestTree } from "../fixtures/tree-digest.js";
import { caseFolderBase, type CaseFolderBase } from "../fixtures/case-folder-base.js";
import type { Implementation } from "../protocol/implementation.js";
import type { FixtureEntry, LoadedCase } from "../types/case.js";
import type { CaseRecord, Outcome } from "../types/run-report.js";
import { casePayload, fixtureFiles } from "./case-setup.js";
import { EnvironmentFault, environmentFault } from "./environment-fault.js";
import { outcomeOfExchange } from "./outcome.js";
import { JUDGE_TIMEOUT_MS } from "./judge-deadline.js";
import { judgeReply } from "./judge-reply.js";
import { runSteps, stepOperations, type RanOutcome } from "./run-steps.js";

export interface CaseRunOptions {
  timeoutMs: number;
  baseline: Record<string, string>;
  /**
   * Where the case's fixture lives, for a caller that reuses trees across runs of the same case
   * (mutation testing runs each case for hundreds of mutants). Default, and when it answers
   * undefined: a fresh temporary directory, materialized before and removed after the case.
   */
  leaseFixture?: (c: LoadedCase) => Promise<FixtureLease | undefined>;
  /** Bound on judging one reply (KIT-JUDGE-TIMEOUT); default JUDGE_TIMEOUT_MS. */
  judgeTimeoutMs?: number;
}

/** A fixture directory the caller owns: materialized already or not (then runCase does it), never removed here. */
export interface FixtureLease {
  root: string;
  materialized: boolean;
  /** Called once runCase has materialized the tree, so the caller can reuse it. */
  onMaterialized?: () => Promise<void>;
  /** Called when the case is done with the tree (run/fixture-pool.ts checks and keeps it). */
  release?: () => Promise<void>;
}

export async function runCase(c: LoadedCase, impl: Implementation, options: CaseRunOptions): Promise<CaseRecord> {
  const started = performance.now();
  // duration_ms is the implementation's time on the case (request to reply); fixture set-up and
  // checks are setup_ms, so a 4097-file fixture does not count against the implementation.
  let exchangeMs: number | undefined;
  // A live case needs the real harness (the pin, or the version `run --harness` selected)
  let harness: ResolvedHarness | undefined;
  const record = (outcome: Outcome, extra: Partial<CaseRecord> = {}): CaseRecord => {
    const total = performance.now() - started;
    // a case the implementation is never asked takes none of its time
    const timing =
      outcome === "not-applicable"
        ? { duration_ms: 0 }
        : exchangeMs === undefined
          ? { duration_ms: round(total) }
          : { duration_ms: round(exchangeMs), setup_ms: round(total - exchangeMs) };
    const ran = harness ? { harness: { provider: harness.pin.provider, version: harness.pin.version } } : {};
    return applyBaseline({ type: "case", id: c.id, hash: c.hash, area: c.area, spec: c.spec, outcome, ...timing, ...ran, ...extra }, options.baseline[c.id]);
  };

  const hello = await impl.hello();
  if (!("protocol" in hello)) {
    if (hello.kind === "result") throw new Error("unreachable: hello produced a result");
    const { outcome, message } = outcomeOfExchange(hello);
    const stderr = impl.drainStderr();
    return record(outcome, stderr ? { message, stderr } : { message });
  }
  const refusal = notAnnounced(c, hello.operations);
  if (refusal) return record("not-applicable", { message: refusal });
  // without it the case is skipped, never passed
  if (c.live) {
    const found = await liveHarness(c.live.provider);
    if (typeof found === "string") return record("skip", { message: found });
    harness = found;
  }

  // tmp-promise makes the directory; removal is papc's own (below), since a case may leave
  // read-only directories that a plain recursive removal cannot delete.
  const lease = await options.leaseFixture?.(c);
  const root = lease?.root ?? (await newCaseFolder());
  try {
    // what the fixture holds: materialized here, and the bytes a step's `as_given` compares with
    let files: Record<string, FixtureEntry>;
    try {
      files = fixtureFiles(c, root);
      if (!lease?.materialized) {
        await materialize(root, files);
        await lease?.onMaterialized?.();
      }
    } catch (err) {
      const fault = environmentFault(err, `cannot write a case's fixture in ${dirname(root)}`);
      if (fault) throw fault;
      // Whatever the cause (an escaping path, a file that is also a directory, a name too
      // long for the file system), the case cannot be set up: a suite bug, not a crash of papc.
      return record("suite-bug", { message: `fixture: ${(err as Error).message}` });
    }
    const limits = { timeoutMs: options.timeoutMs, judgeTimeoutMs: options.judgeTimeoutMs ?? JUDGE_TIMEOUT_MS };
    const ran = c.operation === "steps" ? await runSteps(c, impl, root, files, limits, harness) : await runExchange(c, impl, root, limits, harness);
    exchangeMs = ran.exchangeMs;
    return record(ran.outcome, ran.extra);
  } catch (err) {
    if (err instanceof EnvironmentFault) throw err;
    const fault = environmentFault(err, "papc could not run this case");
    if (fault) throw fault;
    // Nothing a case or an implementation does may end the run (KIT-OUTCOME-SUITE-BUG).
    return record("error", { message: `papc could not run this case: ${(err as Error).message}` });
  } finally {
    // Handlers or sleepers a dispatcher left running would outlive the case.
    const hooks = c.dispatch?.hooks ?? c.live?.hooks ?? c.project?.hooks;
    if (hooks)
      await killLeftovers(
        root,
        hooks.map((h) => h.id),
      );
    if (!lease) await removeFixture(root);
    else await lease.release?.();
  }
}

/** The case that is not run because the implementation does not announce an operation it needs, said why. */
function notAnnounced(c: LoadedCase, announced: readonly string[]): string | undefined {
  // A multi-step case needs every operation its steps use; it is never partly run (KIT-STEPS-APPLICABLE).
  const needed = c.operation === "steps" ? stepOperations(c) : [c.operation];
  const missing = needed.filter((op) => !announced.includes(op));
  if (missing.length === 0) return undefined;
  const quoted = missing.map((op) => `"${op}"`).join(", ");
  return c.operation === "steps"
    ? `the implementation does not announce operation ${quoted}, which steps of this case use`
    : `the implementation does not announce operation ${quoted}`;
}

/** A single-operation case: one request on its materialized fixture, the reply judged. */
async function runExchange(
  c: LoadedCase,
  impl: Implementation,
  root: string,
  options: { timeoutMs: number; judgeTimeoutMs: number },
  harness: ResolvedHarness | undefined,
): Promise<RanOutcome> {
  const payload = casePayload(c, root);
  const fixtureExpect = c.expect.fixture;
  const before = fixtureExpect?.unchanged ? await digestTree(root) : undefined;
  const sent = performance.now();
  const { exchange, stderr } = await impl.run(payload, options.timeoutMs);
  const exchangeMs = performance.now() - sent;
  const done = (outcome: Outcome, extra: Partial<CaseRecord> = {}): RanOutcome => ({ outcome, exchangeMs, extra });
  // stderr is kept with every outcome but pass (KIT-PROTOCOL-STDERR)
  const withStderr = stderr ? { stderr } : {};
  if (exchange.kind !== "result") {
    const { outcome, message } = outcomeOfExchange(exchange);
    return done(outcome, { message, ...withStderr });
  }
  const judged = await judgeReply(c, exchange.result, { root, args: payload.args, harness }, { fixture: fixtureExpect, before }, options.judgeTimeoutMs);
  if (judged.kind !== "judged") return done(judged.kind, { message: judged.message, ...withStderr });
  const { diff } = judged;
  const live = { ...(judged.live ? { live: judged.live } : {}), ...(judged.leftovers ? { leftovers: judged.leftovers } : {}) };
  if (diff.length === 0 && judged.unobserved) {
    // everything the implementation reported agrees, but not everything the case checks was reported
    return done("skip", {
      message: `the result does not report ${judged.unobserved.join(", ")}, which this case checks`,
      ...(judged.leftovers ? { leftovers: judged.leftovers } : {}),
    });
  }
  if (diff.length === 0) return done("pass", live);
  return done("fail", { message: "result differs from expectation", diff, ...withStderr, ...live });
}

let base: CaseFolderBase | undefined;

/** A fresh temporary folder for one case's fixture, on tmpfs when there is one (fixtures/case-folder-base.ts). */
export async function newCaseFolder(): Promise<string> {
  base ??= caseFolderBase();
  try {
    // named after the run, so a later run can tell a dead run's folders (reap-dead-runs.ts)
    return (await tmpDir({ prefix: `papc-${runToken()}-`, tmpdir: base.dir })).path;
  } catch (err) {
    // No case can run without its folder: the machine's fault, said once (KIT-RUN-STOPPED).
    throw new EnvironmentFault(`cannot make a case folder in the temporary directory ${base.dir} (${base.source}): ${(err as Error).message}`);
  }
}

/** Removes a fixture even if the case made parts of it read-only; never throws. */
export async function removeFixture(root: string): Promise<void> {
  try {
    await rm(root, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    try {
      await chmodTree(root);
      await rm(root, { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      process.stderr.write(`papc: could not remove ${root}: ${(err as Error).message}\n`);
    }
  }
}

async function chmodTree(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await chmodTree(join(dir, entry.name));
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
