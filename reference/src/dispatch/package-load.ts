// Loads one package for dispatch or projection through the validator (validate.ts): only a
// package that validates is used, and its tools and hooks are read from the validated report
// records (so what runs is exactly what was checked, never a second read of PLUGIN.toml).
// Validation itself never executes anything.

import { resolve } from "node:path";
import type { ReportPackage } from "../../../runner/shared/validation-report.js";
import type { BindingField, ErrorVisibility, FailurePolicy, HookEffect, HookPhase, HookSubject, InputType, ToolRuntime } from "../manifest-types.js";
import { EXIT, validate } from "../validate/validate.js";
import { InternalError } from "./messages/errors.js";
import type { LoadProblem } from "./messages/load.js";

export interface ToolInput {
  name: string;
  type: InputType;
  required: boolean;
}

export interface ToolSpec {
  id: string;
  entry: string;
  runtime: ToolRuntime;
  inputs: ToolInput[];
  argv: string[];
  env: string[];
}

export interface HookSpec {
  id: string;
  tool: ToolSpec;
  subject: HookSubject;
  phase: HookPhase;
  effect: HookEffect;
  requirement: "required" | "optional";
  timeout_ms: number;
  failure_policy: FailurePolicy;
  error_visibility: ErrorVisibility;
  tool_names: string[];
  bindings: { input: string; field: BindingField }[];
  fallback?: "omit";
}

/** What dispatch needs of a hook that will not run: when it applies, and what its failure does. */
export type HookPolicy = Pick<HookSpec, "id" | "subject" | "phase" | "effect" | "requirement" | "failure_policy" | "error_visibility" | "tool_names">;

export interface LoadedPackage {
  name: string;
  /** Absolute path of plugins/<name>: the tool root. */
  dir: string;
  /** Sorted by hook identity (`<plugin>#hook:<id>`, byte order = id byte order). */
  hooks: HookSpec[];
}

export type LoadResult = { ok: true; pkg: LoadedPackage } | { ok: false; problem: LoadProblem };

type Rec = Record<string, unknown>;

function toolSpec(record: Rec): ToolSpec {
  // Shapes written by tools.ts for a package that passed its contract.
  return {
    id: record["id"] as string,
    entry: record["entry"] as string,
    runtime: record["runtime"] as ToolRuntime,
    inputs: (record["inputs"] as ToolInput[]).map((input) => ({ name: input.name, type: input.type, required: input.required })),
    argv: [...(record["argv"] as string[])],
    env: [...(record["env"] as string[])],
  };
}

function hookSpec(record: Rec, tools: ReadonlyMap<string, ToolSpec>): HookSpec {
  const d = record["descriptor"] as Rec;
  const tool = tools.get(d["tool"] as string);
  if (!tool) throw new InternalError({ kind: "internal-hook-tool-unlisted", hook: d["id"] });
  const spec: HookSpec = {
    id: d["id"] as string,
    tool,
    subject: d["subject"] as HookSubject,
    phase: d["phase"] as HookPhase,
    effect: d["effect"] as HookEffect,
    requirement: d["requirement"] as "required" | "optional",
    timeout_ms: d["timeout_ms"] as number,
    failure_policy: d["failure_policy"] as FailurePolicy,
    error_visibility: d["error_visibility"] as ErrorVisibility,
    tool_names: [...((d["matcher"] as { tool_names: string[] }).tool_names ?? [])],
    bindings: (d["bindings"] as { input: string; field: BindingField }[]).map((b) => ({ input: b.input, field: b.field })),
  };
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: `fallback` is read only by project.ts (the live projection, not run under mutation)
  if (d["fallback"] === "omit") spec.fallback = "omit";
  return spec;
}

function fromRecord(source: string, record: ReportPackage): LoadedPackage {
  const tools = new Map(record.tools.map((t) => [t["id"] as string, toolSpec(t)]));
  // The report lists hook records in identity order (`<ref>#hook:<id>`, one package: id byte
  // order, hooks.ts), which is the dispatch order.
  const hooks = record.hooks.map((h) => hookSpec(h, tools));
  return { name: record.slot_name, dir: resolve(source, record.path), hooks };
}

/** Validates `source` and returns package `plugins/<plugin>` if it is valid. Never throws for bad input. */
export async function loadPackage(source: string, plugin: string): Promise<LoadResult> {
  const result = await validate(source);
  // Stryker disable next-line BlockStatement: case.source is always a directory the runner made; a usage failure of the validator cannot happen through the protocol
  if (result.exit === EXIT.usage) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral,OptionalChaining: a usage failure of the validator cannot happen through the protocol
    return { ok: false, problem: { kind: "load-source-unusable", why: result.report.diagnostics[0]?.message } };
  }
  const prefix = `plugins/${plugin}`;
  // Errors on the package's own paths (contract, tree walk, required members) make it invalid,
  // whatever the rest of the source looks like.
  const errors = result.report.diagnostics.filter((d) => d.severity === "error" && (d.path === prefix || d.path.startsWith(`${prefix}/`)));
  const first = errors[0];
  // Stryker disable next-line BooleanLiteral: ok: true without a package still ends in a dispatcher error (exit 1, empty stdout)
  if (first) return { ok: false, problem: { kind: "load-package-invalid", plugin, code: first.code, message: first.message } };
  // The report holds a record for every package that passed its own contract (validate.ts).
  const record = result.report.packages.find((p) => p.slot_name === plugin);
  if (!record) return { ok: false, problem: { kind: "load-package-missing", plugin } };
  return { ok: true, pkg: fromRecord(source, record) };
}
