// The arguments of the four lifecycle operations (SPEC 1.11): `case.args` checked into a
// LifecycleArgs. Anything unusable is a message for an exit-2 result, never a throw.

import { isAbsolute } from "node:path";
import type { LifecycleOperation } from "../../../runner/shared/protocol.js";
import type { InstructionTarget, LifecycleArgs } from "../../../runner/shared/protocol.js";
import { isHarness } from "../dispatch/types.js";

export type { LifecycleOperation };

export const LIFECYCLE_OPERATIONS: readonly LifecycleOperation[] = ["review", "approve", "revoke", "activate", "remove"];

export function isLifecycleOperation(value: unknown): value is LifecycleOperation {
  return typeof value === "string" && (LIFECYCLE_OPERATIONS as readonly string[]).includes(value);
}

export type ArgsResult = { ok: true; args: LifecycleArgs } | { ok: false; message: string };

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

function target(value: unknown): InstructionTarget | string {
  if (!isRecord(value)) return "instructions must be {scope: project, file} or {scope: user}";
  if (value["scope"] === "user") return { scope: "user" };
  if (value["scope"] === "project") {
    const file = value["file"];
    if (typeof file !== "string" || !isAbsolute(file)) return "instructions.file must be an absolute path for the project scope";
    return { scope: "project", file };
  }
  return `instructions.scope must be project or user, not ${JSON.stringify(value["scope"])}`;
}

export function parseLifecycleArgs(operation: LifecycleOperation, raw: unknown): ArgsResult {
  const fail = (message: string): ArgsResult => ({ ok: false, message: `${operation}: ${message}` });
  if (!isRecord(raw)) return fail("case.args must be an object");
  const { provider, plugin, state_dir: stateDir, environment, tools, hooks, instructions, enable, dry_run: dryRun } = raw;
  if (typeof provider !== "string") return fail("case.args.provider must be a string (claude-code or codex)");
  // Only activation has a target; the other operations carry the provider along unused.
  if (operation === "activate" && !isHarness(provider)) return fail(`unknown provider ${JSON.stringify(provider)} (claude-code or codex)`);
  if (!isPackageName(plugin)) return fail("case.args.plugin must be a package directory name");
  if (typeof stateDir !== "string" || !isAbsolute(stateDir)) return fail("case.args.state_dir must be an absolute path");
  if (environment !== undefined && !(isRecord(environment) && Object.values(environment).every((v) => typeof v === "string"))) {
    return fail("case.args.environment must map names to strings");
  }
  for (const [name, value] of [
    ["tools", tools],
    ["hooks", hooks],
    ["enable", enable],
  ] as const) {
    if (value !== undefined && !isStringList(value)) return fail(`case.args.${name} must be an array of non-empty strings`);
  }
  if (dryRun !== undefined && typeof dryRun !== "boolean") return fail("case.args.dry_run must be a boolean");
  const args: LifecycleArgs = { provider, plugin, state_dir: stateDir, environment: (environment as Record<string, string> | undefined) ?? {} };
  if (tools !== undefined) args.tools = tools as string[];
  if (hooks !== undefined) args.hooks = hooks as string[];
  if (enable !== undefined) args.enable = enable as string[];
  if (dryRun !== undefined) args.dry_run = dryRun;
  if (instructions !== undefined) {
    const parsed = target(instructions);
    if (typeof parsed === "string") return fail(parsed);
    args.instructions = parsed;
  }
  return { ok: true, args };
}
