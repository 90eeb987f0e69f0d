// The arguments of the four lifecycle operations (SPEC 1.11): `case.args` checked into a
// LifecycleArgs. Anything unusable is a problem for an exit-2 result, never a throw.

import { isAbsolute } from "node:path";
import type { LifecycleOperation } from "../../../runner/shared/protocol.js";
import type { InstructionTarget, LifecycleArgs } from "../../../runner/shared/protocol.js";
import { isHarness } from "../dispatch/types.js";
import type { ArgumentProblem } from "./messages/index.js";

export type { LifecycleOperation };

export const LIFECYCLE_OPERATIONS: readonly LifecycleOperation[] = ["review", "approve", "revoke", "activate", "remove"];

export function isLifecycleOperation(value: unknown): value is LifecycleOperation {
  return (LIFECYCLE_OPERATIONS as readonly unknown[]).includes(value);
}

export type ArgsResult = { ok: true; args: LifecycleArgs } | { ok: false; problem: ArgumentProblem };

type Rec = Record<string, unknown>;

function isRecord(value: unknown): value is Rec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string" && item !== "");
}

/** A package directory name: one path segment, so it can never point outside plugins/. */
export function isPackageName(value: unknown): value is string {
  return typeof value === "string" && value !== "" && value !== "." && value !== ".." && !/[/\\\0]/.test(value);
}

function target(value: unknown): InstructionTarget | ArgumentProblem {
  if (!isRecord(value)) return { kind: "lifecycle-args-instructions-shape" };
  if (value["scope"] === "user") return { scope: "user" };
  if (value["scope"] === "project") {
    const file = value["file"];
    if (typeof file !== "string" || !isAbsolute(file)) return { kind: "lifecycle-args-instructions-file" };
    return { scope: "project", file };
  }
  return {
    kind: "lifecycle-args-instructions-scope",
    // Stryker disable next-line StringLiteral: the scope given is only worded in the message (never compared)
    scope: value["scope"],
  };
}

export function parseLifecycleArgs(operation: LifecycleOperation, raw: unknown): ArgsResult {
  // Stryker disable next-line ObjectLiteral: a result without `ok` is still refused with exit 2; only its message is lost (never compared)
  const fail = (problem: ArgumentProblem): ArgsResult => ({ ok: false, problem });
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: papc always sends case.args as an object (a step's own args are spread over the ones it builds)
  if (!isRecord(raw)) return fail({ kind: "lifecycle-args-not-object" });
  const { provider, plugin, state_dir: stateDir, environment, tools, hooks, instructions, enable, dry_run: dryRun } = raw;
  if (typeof provider !== "string") return fail({ kind: "lifecycle-args-provider-type" });
  // Only activation has a target; the other operations carry the provider along unused.
  // Stryker disable next-line ConditionalExpression: SPEC 1.11 makes provider the activation target only; whether another operation refuses a name that is no provider is not required
  const activation = operation === "activate";
  if (activation && !isHarness(provider)) return fail({ kind: "lifecycle-args-provider-unknown", provider });
  if (!isPackageName(plugin)) return fail({ kind: "lifecycle-args-plugin" });
  if (typeof stateDir !== "string" || !isAbsolute(stateDir)) return fail({ kind: "lifecycle-args-state-dir" });
  // Stryker disable next-line ConditionalExpression: papc always sends `environment` (SPEC 1.11), so it is never undefined here
  const hasEnvironment = environment !== undefined;
  if (hasEnvironment && !(isRecord(environment) && Object.values(environment).every((v) => typeof v === "string"))) {
    return fail({ kind: "lifecycle-args-environment" });
  }
  for (const [kind, value] of [
    ["lifecycle-args-tools", tools],
    ["lifecycle-args-hooks", hooks],
    ["lifecycle-args-enable", enable],
  ] as const) {
    if (value !== undefined && !isStringList(value)) return fail({ kind });
  }
  if (dryRun !== undefined && typeof dryRun !== "boolean") return fail({ kind: "lifecycle-args-dry-run" });
  // an argument not given stays undefined: every operation reads an undefined key as absent
  const args: LifecycleArgs = {
    provider,
    plugin,
    state_dir: stateDir,
    environment: (environment as Record<string, string> | undefined) ?? {},
    tools: tools as string[] | undefined,
    hooks: hooks as string[] | undefined,
    enable: enable as string[] | undefined,
    dry_run: dryRun as boolean | undefined,
  };
  if (instructions !== undefined) {
    const parsed = target(instructions);
    if ("kind" in parsed) return fail(parsed);
    args.instructions = parsed;
  }
  return { ok: true, args };
}
