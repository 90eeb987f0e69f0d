// Reading the packages of a `compose` request (SPEC 1.9 and 10.1):
// each PLUGIN.toml is read and parsed as TOML (smol-toml, under the reference's decoding
// limits), and only what the host mapping needs is kept. A package whose manifest is missing,
// unreadable or not TOML, or has no string plugin.name, is invalid (host_invalid_package).
// Everything else is trusted: cases only give structurally valid packages.

import { join } from "node:path";
import { decodeManifest, readManifestBytes, type JsonObject, type JsonValue } from "../validate/manifest-decode.js";
import type { FailurePolicy, HookEffect, HookPhase, HookSubject } from "../manifest-types.js";
import type { ComposePackageProblem } from "./messages/index.js";

export interface HostHook {
  /** The hook's `id` within its package. */
  id: string;
  subject: HookSubject;
  phase: HookPhase;
  effect: HookEffect;
  failure_policy: FailurePolicy;
  /** matcher.tool_names; empty = every tool. */
  toolNames: string[];
}

/** One package as the host sees it. */
export interface HostPackage {
  /** As given in args.packages. */
  path: string;
  name: string;
  id?: string;
  /** Selectors of the `required` dependencies `plugin:<selector>`, in manifest order. */
  requires: string[];
  /** Tool ids in manifest order (the host tool names). */
  tools: string[];
  hooks: HostHook[];
}

/** A package as read, or why it is invalid (host_invalid_package; messages/ words the problem). */
export type ReadPackage = { ok: true; pkg: HostPackage } | { ok: false; path: string; problem: ComposePackageProblem };

function isObject(value: JsonValue | undefined): value is JsonObject {
  if (typeof value !== "object" || Array.isArray(value)) return false;
  // Stryker disable next-line ConditionalExpression: TOML has no null, so a decoded manifest holds none
  return value !== null;
}

function tables(value: JsonValue | undefined): JsonObject[] {
  // Stryker disable next-line ArrayDeclaration: an entry that is no table has no requirement, tool id or subject: it adds no dependency, no tool and no hook that fires
  if (!Array.isArray(value)) return [];
  // Stryker disable next-line MethodExpression: in a valid package plugin.requires, [[tool]] and [[hook]] hold only tables (chapter 2), and cases give valid packages (HOST-INVALID-PACKAGE)
  return value.filter(isObject);
}

function strings(value: JsonValue | undefined): string[] {
  if (!Array.isArray(value)) return [];
  // Stryker disable next-line MethodExpression,ConditionalExpression: in a valid package matcher.tool_names holds only strings (PAP-STRUCT-MATCHER-TOOL-NAMES-TYPE), and cases give valid packages (HOST-INVALID-PACKAGE)
  return value.filter((entry): entry is string => typeof entry === "string");
}

/**
 * `plugin:<selector>` → selector. A source-qualified `plugin:<source>:<selector>` keeps both
 * parts, `<source>:<selector>`, which no plugin name or id can equal: a host has no source
 * identities, so such a dependency is missing (HOST-DEPENDENCY-MISSING). Another shape names no plugin.
 */
export function pluginSelector(ref: string): string | undefined {
  const [kind, ...rest] = ref.split(":");
  // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,ArrowFunction,StringLiteral: a valid package's dependency refs are plugin:<selector> or plugin:<source>:<selector> with non-empty atoms (PAP-STRUCT-DEPENDENCY-REF, PAP-SEM-REF-GRAMMAR, PAP-SEM-REF-ATOMS), and cases give valid packages (HOST-INVALID-PACKAGE)
  if (kind !== "plugin" || rest.length < 1 || rest.length > 2 || rest.some((part) => part === "")) return undefined;
  return rest.join(":");
}

function hostHook(table: JsonObject): HostHook {
  const matcher = table["matcher"];
  return {
    id: String(table["id"]),
    subject: table["subject"] as HookSubject,
    phase: table["phase"] as HookPhase,
    effect: table["effect"] as HookEffect,
    failure_policy: table["failure_policy"] as FailurePolicy,
    toolNames: isObject(matcher) ? strings(matcher["tool_names"]) : [],
  };
}

/** The host view of a decoded manifest, or undefined when it has no string plugin.name. */
export function toHostPackage(path: string, manifest: JsonObject): HostPackage | undefined {
  const plugin = manifest["plugin"];
  if (!isObject(plugin) || typeof plugin["name"] !== "string") return undefined;
  const requires: string[] = [];
  for (const dependency of tables(plugin["requires"])) {
    const ref = dependency["ref"];
    if (dependency["requirement"] !== "required") continue;
    // Stryker disable next-line ConditionalExpression: a valid package's dependency ref is a string (PAP-STRUCT-DEPENDENCY-REF), and cases give valid packages (HOST-INVALID-PACKAGE)
    if (typeof ref !== "string") continue;
    const selector = pluginSelector(ref);
    // Stryker disable next-line ConditionalExpression: every dependency ref of a valid package has a selector (as in pluginSelector)
    if (selector !== undefined) requires.push(selector);
  }
  const pkg: HostPackage = {
    path,
    name: plugin["name"],
    requires,
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: a valid package's tool id is a string (chapter 2), and cases give valid packages (HOST-INVALID-PACKAGE)
    tools: tables(manifest["tool"]).flatMap((tool) => (typeof tool["id"] === "string" ? [tool["id"]] : [])),
    hooks: tables(manifest["hook"]).map(hostHook),
  };
  // Stryker disable next-line ConditionalExpression: an id set to undefined equals no selector, as an absent one (dependencies.ts compares it with selectors)
  if (typeof plugin["id"] === "string") pkg.id = plugin["id"];
  return pkg;
}

export async function readPackage(source: string, path: string): Promise<ReadPackage> {
  const invalid = (problem: ComposePackageProblem): ReadPackage => ({ ok: false, path, problem });
  const read = await readManifestBytes(join(source, path, "PLUGIN.toml"));
  // Stryker disable next-line ObjectLiteral,StringLiteral: the problem is never reported: a compose result lists a rejection as {package, code} only (SPEC 1.9)
  if (!read.ok) return invalid({ kind: "compose-manifest-unusable", failure: read.failure });
  const decoded = decodeManifest(read.bytes);
  // Stryker disable next-line ObjectLiteral,StringLiteral: the problem is never reported: a compose result lists a rejection as {package, code} only (SPEC 1.9)
  if (!decoded.ok) return invalid({ kind: "compose-manifest-unusable", failure: decoded.failure });
  const pkg = toHostPackage(path, decoded.manifest);
  if (pkg !== undefined) return { ok: true, pkg };
  // Stryker disable next-line ObjectLiteral,StringLiteral: the problem is never reported: a compose result lists a rejection as {package, code} only (SPEC 1.9)
  return invalid({ kind: "compose-plugin-name" });
}
