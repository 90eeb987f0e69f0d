// Reading one Portable Agent Package (PLUGIN.toml schema 1, SPEC.md chapter 2) for the host:
// only what composition needs. A package whose PLUGIN.toml is missing, unreadable or not TOML,
// or has no string plugin.name, is invalid (host_invalid_package); anything else is taken as
// structurally valid (the compose contract gives only such packages), and entries of an
// unexpected shape are skipped rather than trusted.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "smol-toml";

export interface PortableDependency {
  /** The text after `plugin:` (SPEC 3.3 selector; a `plugin:<source>:<selector>` ref keeps its colon and matches nothing). */
  selector: string;
  requirement: string;
}

export interface PortableTool {
  id: string;
  descriptor: Record<string, unknown>;
}

export interface PortableHook {
  id: string;
  tool: string;
  subject: string;
  phase: string;
  effect: string;
  failurePolicy: string;
  /** matcher.tool_names; empty when absent. */
  toolNames: string[];
}

export interface PortablePackage {
  /** The package directory as the request gave it. */
  dir: string;
  name: string;
  id?: string;
  version?: string;
  description?: string;
  requires: PortableDependency[];
  tools: PortableTool[];
  hooks: PortableHook[];
}

export type ReadOutcome = { ok: true; pkg: PortablePackage } | { ok: false; dir: string; reason: string };

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function tables(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter(isTable) : [];
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

export async function readPortablePackage(source: string, dir: string): Promise<ReadOutcome> {
  let text: string;
  try {
    text = await readFile(join(source, dir, "PLUGIN.toml"), "utf8");
  } catch (error) {
    return { ok: false, dir, reason: `PLUGIN.toml cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    return { ok: false, dir, reason: `PLUGIN.toml is not TOML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
  const plugin = isTable(doc) ? doc["plugin"] : undefined;
  const name = isTable(plugin) ? str(plugin["name"]) : undefined;
  if (!isTable(doc) || !isTable(plugin) || name === undefined) return { ok: false, dir, reason: "PLUGIN.toml has no string plugin.name" };

  const requires: PortableDependency[] = [];
  for (const dep of tables(plugin["requires"])) {
    const ref = str(dep["ref"]);
    const requirement = str(dep["requirement"]);
    if (ref === undefined || requirement === undefined || !ref.startsWith("plugin:")) continue;
    requires.push({ selector: ref.slice("plugin:".length), requirement });
  }
  const tools: PortableTool[] = [];
  for (const tool of tables(doc["tool"])) {
    const id = str(tool["id"]);
    if (id !== undefined) tools.push({ id, descriptor: tool });
  }
  const hooks: PortableHook[] = [];
  for (const hook of tables(doc["hook"])) {
    const id = str(hook["id"]);
    if (id === undefined) continue;
    const matcher = hook["matcher"];
    const names = isTable(matcher) && Array.isArray(matcher["tool_names"]) ? matcher["tool_names"].filter((n): n is string => typeof n === "string") : [];
    hooks.push({
      id,
      tool: str(hook["tool"]) ?? "",
      subject: str(hook["subject"]) ?? "",
      phase: str(hook["phase"]) ?? "",
      effect: str(hook["effect"]) ?? "",
      failurePolicy: str(hook["failure_policy"]) ?? "report",
      toolNames: names,
    });
  }
  const pkg: PortablePackage = { dir, name, requires, tools, hooks };
  const id = str(plugin["id"]);
  if (id !== undefined) pkg.id = id;
  const version = str(plugin["version"]);
  if (version !== undefined) pkg.version = version;
  const description = str(plugin["description"]);
  if (description !== undefined) pkg.description = description;
  return { ok: true, pkg };
}

/** Whether a `plugin:` selector names the package (SPEC 3.6: by plugin.name or plugin.id). */
export function selectorMatches(selector: string, pkg: PortablePackage): boolean {
  return pkg.name === selector || (pkg.id !== undefined && pkg.id === selector);
}

/** The selectors of the package's required plugin dependencies (optional ones neither order nor reject). */
export function requiredSelectors(pkg: PortablePackage): string[] {
  return pkg.requires.filter((d) => d.requirement === "required").map((d) => d.selector);
}
