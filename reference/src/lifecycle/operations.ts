// The five lifecycle operations of the process protocol (SPEC 1.11): one run request in, one
// LifecycleResult out. Unusable arguments are an exit-2 result, not an errored reply. Each
// operation gives a LifecycleOutcome; its note becomes the result's message here.

import type { LifecycleResult } from "../../../runner/shared/protocol.js";
import { parseLifecycleArgs, type LifecycleOperation } from "./args.js";
import { activate } from "./activate.js";
import { approve, revoke } from "./approve.js";
import { lifecycleMessage } from "./messages/index.js";
import type { LifecycleOutcome } from "./outcome.js";
import { removePackage } from "./remove.js";
import { review } from "./review.js";

export { isLifecycleOperation, LIFECYCLE_OPERATIONS, type LifecycleOperation } from "./args.js";
export { gatedDispatch } from "./dispatch-gate.js";

export async function runLifecycle(operation: LifecycleOperation, source: string, rawArgs: unknown): Promise<LifecycleResult> {
  const { note, ...result } = await outcomeOf(operation, source, rawArgs);
  // the message comes last, where the operations always put it
  // Stryker disable next-line ConditionalExpression: without a note the result only lacks its message, which no case compares
  return note === undefined ? result : { ...result, message: lifecycleMessage(operation, note) };
}

async function outcomeOf(operation: LifecycleOperation, source: string, rawArgs: unknown): Promise<LifecycleOutcome> {
  const parsed = parseLifecycleArgs(operation, rawArgs);
  if (!parsed.ok) return { exit: 2, note: parsed.problem };
  switch (operation) {
    case "review":
      return review(source, parsed.args);
    case "approve":
      return approve(source, parsed.args);
    case "revoke":
      return revoke(source, parsed.args);
    case "activate":
      return activate(source, parsed.args);
    case "remove":
      return removePackage(parsed.args);
  }
}
