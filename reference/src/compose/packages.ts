// Reading the packages of a `compose` request (issue 7 contract, "Request" and "Mapping"):
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
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function tables(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

/**
 * `plugin:<selector>` → selector. A source-qualified `plugin:<source>:<selector>` keeps both
 * parts, `<source>:<selector>`, which no plugin name or id can equal: a host has no source
 * identities, so such a dependency is missing (HOST-DEPENDENCY-MISSING). Another shape names no plugin.
 */
export function pluginSelector(ref: string): string | undefined {
  const [kind, ...rest] = ref.split(":");
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
    if (dependency["requirement"] !== "required" || typeof ref !== "string") continue;
    const selector = pluginSelector(ref);
    if (selector !== undefined) requires.push(selector);
  }
  const pkg: HostPackage = {
    path,
    name: plugin["name"],
    requires,
    tools: tables(manifest["tool"]).flatMap((tool) => (typeof tool["id"] === "string" ? [tool["id"]] : [])),
    hooks: tables(manifest["hook"]).map(hostHook),
  };
  if (typeof plugin["id"] === "string") pkg.id = plugin["id"];
  return pkg;
}

export async function readPackage(source: string, path: string): Promise<ReadPackage> {
  const read = await readManifestBytes(join(source, path, "PLUGIN.toml"));
  if (!read.ok) return { ok: false, path, problem: { kind: "compose-manifest-unusable", failure: read.failure } };
  const decoded = decodeManifest(read.bytes);
  if (!decoded.ok) return { ok: false, path, problem: { kind: "compose-manifest-unusable", failure: decoded.failure } };
  const pkg = toHostPackage(path, decoded.manifest);
  return pkg === undefined ? { ok: false, path, problem: { kind: "compose-plugin-name" } } : { ok: true, pkg };
}
