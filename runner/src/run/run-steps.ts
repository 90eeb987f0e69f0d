// Runs the steps of a multi-step case (SPEC 1.11, KIT-STEPS-RUN) over one materialized fixture:
// edits are applied by papc, each operation step is one run request judged against its own
// expectation, and the first step that does not pass ends the case and is named in its record.

import { operationNamed } from "../registry/operations.js";
import { join } from "node:path";
import { clearCaptures } from "../dispatch/handler-runs.js";
import { applyEdit } from "../fixtures/apply-edit.js";
import { digestTree } from "../fixtures/tree-digest.js";
import { judgeReply } from "./judge-reply.js";
import type { Implementation } from "../protocol/implementation.js";
import type { CasePayload } from "../../shared/protocol.js";
import type { CaseStep, FixtureEntry, LoadedCase, StepOperation } from "../types/case.js";
import type { ResolvedHarness } from "../harness/resolve.js";
import { sameCell } from "../types/cell-names.js";
import type { CaseRecord, LiveCells, Outcome, StepRef } from "../types/run-report.js";
import { outcomeOfExchange } from "./outcome.js";
import { stepArgs } from "./step-args.js";

/** What running a case (one exchange, or every step) came to, before the record is made. */
export interface RanOutcome {
  outcome: Outcome;
  /** The implementation's time over every step. */
  exchangeMs: number;
  extra: Partial<CaseRecord>;
}

/** The operations a multi-step case's steps run, each once, in first-use order. */
export function stepOperations(c: Pick<LoadedCase, "steps">): StepOperation[] {
  return [...new Set((c.steps ?? []).flatMap((s) => (s.operation ? [s.operation as StepOperation] : [])))];
}

export function stepRef(step: CaseStep, index: number): StepRef {
  return { number: index + 1, name: step.name ?? step.operation ?? "edit" };
}

/** The run request's `case` for an operation step (not an edit) of a multi-step case whose fixture is at `root`. */
export function stepPayload(c: LoadedCase, step: CaseStep, index: number, root: string): CasePayload {
  const operation = step.operation as StepOperation;
  return { id: c.id, operation, root, source: join(root, step.source ?? c.given?.source ?? "."), args: stepArgs(c, step, root), step: stepRef(step, index).number };
}

const label = (ref: StepRef): string => `step ${ref.number} (${ref.name})`;

/**
 * `harness` is the provider's pinned harness, for live steps (runCase skips the case without it).
 * The live cells of the case are those of its live steps, for the compatibility matrix.
 */
export async function runSteps(
  c: LoadedCase,
  impl: Implementation,
  root: string,
  given: Record<string, FixtureEntry>,
  bounds: { timeoutMs: number; judgeTimeoutMs: number },
  harness?: ResolvedHarness,
): Promise<RanOutcome> {
  let exchangeMs = 0;
  let live: LiveCells | undefined;
  const steps = c.steps ?? [];
  for (const [index, step] of steps.entries()) {
    const ref = stepRef(step, index);
    const stop = (outcome: Outcome, message: string, extra: Partial<CaseRecord> = {}): RanOutcome => ({
      outcome,
      exchangeMs,
      extra: { ...extra, ...(live ? { live } : {}), step: ref, message: `${label(ref)}: ${message}` },
    });
    if (step.edit) {
      try {
        await applyEdit(root, step.edit);
      } catch (err) {
        return stop("suite-bug", `edit: ${(err as Error).message}`);
      }
      continue;
    }
    const operation = step.operation as StepOperation;
    // each step's handler captures are its own
    // handlers and captures of earlier steps are gone before a step that runs handlers
    if (operationNamed(operation)?.runsHandlers)
      await clearCaptures(
        root,
        (c.dispatch?.hooks ?? c.live?.hooks ?? []).map((h) => h.id),
      );
    const expect = step.expect ?? {};
    const before = expect.fixture?.unchanged ? await digestTree(root) : undefined;
    let payload: CasePayload;
    try {
      payload = stepPayload(c, step, index, root);
    } catch (err) {
      return stop("suite-bug", (err as Error).message);
    }
    const args = payload.args;
    const sent = performance.now();
    const { exchange, stderr } = await impl.run(payload, bounds.timeoutMs);
    exchangeMs += performance.now() - sent;
    const withStderr = stderr ? { stderr } : {};
    if (exchange.kind !== "result") {
      const { outcome, message } = outcomeOfExchange(exchange);
      return stop(outcome, message, withStderr);
    }
    const judged = await judgeReply(
      { ...c, operation, expect },
      exchange.result,
      { root, args, harness },
      { fixture: expect.fixture, before, files: expect.files, given },
      bounds.judgeTimeoutMs,
    );
    if (judged.kind !== "judged") return stop(judged.kind, judged.message, withStderr);
    if (judged.live) live = mergeCells(live, judged.live);
    const { diff } = judged;
    if (diff.length === 0 && judged.unobserved) return stop("skip", `the result does not report ${judged.unobserved.join(", ")}, which this step checks`);
    if (diff.length > 0) {
      return stop("fail", "result differs from expectation", { diff: diff.map((d) => ({ ...d, path: `${label(ref)}.${d.path}` })), ...withStderr });
    }
  }
  return { outcome: "pass", exchangeMs, extra: live ? { live } : {} };
}

function mergeCells(a: LiveCells | undefined, b: LiveCells): LiveCells {
  if (!a) return b;
  const cells = [...a.cells];
  for (const cell of b.cells) if (!cells.some((c) => sameCell(c, cell))) cells.push(cell);
  return { provider: a.provider, cells };
}
