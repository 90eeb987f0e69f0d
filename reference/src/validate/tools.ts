// Local tool descriptors of one package (SPEC.md 3.9): unique ids, contained regular files,
// the executable bit, input names, whole-element argv interpolation and env names.
// Files are located with lstat only: validation never opens, runs or hashes a tool file.

import type { Stats } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import type { ManifestTool, ToolCapability, ToolPlatform } from "../manifest-types.js";
import { compareUtf8 } from "../manifest-types.js";
import type { ToolFileSlot, ToolPathFlaw, ToolProblem } from "./messages/tools.js";

export const MAX_NAME_BYTES = 128;
const INPUT_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;
const WHOLE_INPUT = /^\$\{input\.([^}]*)\}$/;

/** Canonical enumeration orders (chapter 2.6), used for the report's set-valued lists. */
const PLATFORM_ORDER: readonly ToolPlatform[] = ["macos", "linux"];
const CAPABILITY_ORDER: readonly ToolCapability[] = ["filesystem_read", "filesystem_write", "subprocess", "network"];

export function isInputName(name: string): boolean {
  // Stryker disable next-line StringLiteral: Buffer.byteLength counts UTF-8 without an encoding
  return INPUT_NAME.test(name) && Buffer.byteLength(name, "utf8") <= MAX_NAME_BYTES;
}

export function isEnvName(name: string): boolean {
  // Stryker disable next-line StringLiteral: Buffer.byteLength counts UTF-8 without an encoding
  return ENV_NAME.test(name) && Buffer.byteLength(name, "utf8") <= MAX_NAME_BYTES;
}

/** Why a tool path is not a contained relative path, or undefined when it is. */
export function toolPathProblem(path: string): ToolPathFlaw | undefined {
  // Stryker disable next-line ConditionalExpression: "" splits into one empty segment, refused below with the same code
  if (path.length === 0) return "empty";
  // Stryker disable next-line ConditionalExpression: a backslash path names no file a fixture can create (fixture paths refuse backslashes), so it is missing: the same code
  if (path.includes("\\")) return "backslash";
  if (path.includes("\u0000")) return "nul";
  // Stryker disable next-line ConditionalExpression,MethodExpression: an absolute path starts with an empty segment, refused below with the same code
  if (path.startsWith("/")) return "absolute";
  for (const segment of path.split("/")) {
    if (segment === "") return "empty-segment";
    if (segment === ".") return "dot-segment";
    if (segment === "..") return "dot-dot-segment";
  }
  return undefined;
}

export type ArgvVerdict =
  | { kind: "literal" }
  | { kind: "input"; name: string }
  | { kind: "embedded" } // `${` appears, but the element is not exactly ${input.<name>}
  | { kind: "undeclared"; name: string };

/** Classifies one argv element against the tool's declared input names. */
export function classifyArgvElement(element: string, declared: ReadonlySet<string>): ArgvVerdict {
  if (!element.includes("${")) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: callers act only on the embedded and undeclared verdicts
    return { kind: "literal" };
  }
  const whole = WHOLE_INPUT.exec(element);
  if (!whole) return { kind: "embedded" };
  const name = whole[1] as string;
  if (!declared.has(name)) return { kind: "undeclared", name };
  // Stryker disable next-line ObjectLiteral,StringLiteral: callers act only on the embedded and undeclared verdicts
  return { kind: "input", name };
}

export type FileState =
  | { kind: "file"; executable: boolean }
  | { kind: "missing" }
  | { kind: "directory" }
  | { kind: "not-directory" } // a segment before the last is a file
  | { kind: "symlink"; at: string }
  | { kind: "special" }
  | { kind: "unreadable"; message: string };

function errorCode(error: unknown): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: fs promises reject only with Error objects that carry a code
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

/**
 * Walks the segments of a contained relative path with lstat, refusing to pass through a
 * symlink. `path` must already satisfy toolPathProblem().
 */
export async function inspectPackageFile(packageDir: string, path: string): Promise<FileState> {
  const segments = path.split("/");
  let current = packageDir;
  for (const [index, segment] of segments.entries()) {
    current = join(current, segment);
    let stats: Stats;
    try {
      stats = await lstat(current);
    } catch (error) {
      const code = errorCode(error);
      // Stryker disable next-line ConditionalExpression: ENOTDIR cannot happen (a segment that is not a directory is caught before descending) and other errors need a path root cannot inspect
      if (code === "ENOENT") return { kind: "missing" };
      if (code === "ENOTDIR") return { kind: "not-directory" };
      return { kind: "unreadable", message: error instanceof Error ? error.message : String(error) };
    }
    const last = index === segments.length - 1;
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral,MethodExpression,ArithmeticOperator: the package tree walk already refuses every symlink in a package with the same code, and a consumer may stop there (PAP-SEM-PACKAGE-NO-SYMLINKS)
    if (stats.isSymbolicLink()) return { kind: "symlink", at: segments.slice(0, index + 1).join("/") };
    if (!last) {
      // Stryker disable next-line ConditionalExpression: descending through a regular file fails with ENOTDIR, which is "not-directory" as well
      if (stats.isDirectory()) continue;
      return stats.isFile() ? { kind: "not-directory" } : { kind: "special" };
    }
    if (stats.isFile()) return { kind: "file", executable: (stats.mode & 0o111) !== 0 };
    if (stats.isDirectory()) return { kind: "directory" };
    return { kind: "special" };
  }
  return { kind: "missing" };
}

export interface ToolsResult {
  findings: ToolProblem[];
  /** Tools by id (the first declaration of an id), for hooks.ts. */
  byId: Map<string, ManifestTool>;
  /** Report records, sorted by id (only meaningful when there are no findings). */
  records: Record<string, unknown>[];
}

/** The finding about a named tool file in `state`, or undefined when it is a regular file. */
function fileFinding(state: FileState, file: { tool: number; id: string; slot: ToolFileSlot; path: string }): ToolProblem | undefined {
  switch (state.kind) {
    // Stryker disable next-line StringLiteral: a kind no case matches also returns undefined
    case "file":
      return undefined;
    case "missing":
    case "not-directory":
      return { code: "invalid_plugin_package", kind: "tool-file-missing", ...file };
    case "directory":
      return { code: "invalid_plugin_package", kind: "tool-file-directory", ...file };
    // Stryker disable next-line ConditionalExpression,StringLiteral: the package tree walk already refuses every symlink in a package with the same code, and a consumer may stop there (PAP-SEM-PACKAGE-NO-SYMLINKS)
    case "symlink":
      return { code: "unsafe_plugin_package_entry", kind: "tool-file-symlink", ...file, symlink: state.at };
    case "special":
      return { code: "unsafe_plugin_package_entry", kind: "tool-file-special", ...file };
    case "unreadable":
      return { code: "unreadable_plugin_path", kind: "tool-file-unreadable", ...file, error: state.message };
  }
}

function ordered<T extends string>(values: readonly T[] | undefined, order: readonly T[]): T[] {
  const present = new Set(values ?? []);
  return order.filter((value) => present.has(value));
}

export async function checkTools(tools: readonly ManifestTool[], packageDir: string, packageRef: string): Promise<ToolsResult> {
  const findings: ToolProblem[] = [];
  const byId = new Map<string, ManifestTool>();
  const records: Record<string, unknown>[] = [];

  for (const [index, tool] of tools.entries()) {
    const id = tool.id;
    if (byId.has(id)) findings.push({ code: "invalid_plugin_package", kind: "tool-id-repeated", tool: index, id });
    else byId.set(id, tool);

    // Paths: form first, then the files themselves.
    const files: { path: string; executable: boolean }[] = [];
    const entryFlaw = toolPathProblem(tool.entry);
    if (entryFlaw) findings.push({ code: "invalid_plugin_package", kind: "tool-entry-path", tool: index, id, path: tool.entry, flaw: entryFlaw });
    const listed = new Set<string>();
    for (const [file, path] of (tool.files ?? []).entries()) {
      const flaw = toolPathProblem(path);
      if (flaw) {
        findings.push({ code: "invalid_plugin_package", kind: "tool-file-path", tool: index, id, file, path, flaw });
        continue;
      }
      if (path === tool.entry) findings.push({ code: "invalid_plugin_package", kind: "tool-entry-in-files", tool: index, id, file, path });
      else if (listed.has(path)) findings.push({ code: "invalid_plugin_package", kind: "tool-file-repeated", tool: index, id, file, path });
      listed.add(path);
    }
    const toInspect: { path: string; slot: ToolFileSlot }[] = [];
    if (!entryFlaw) toInspect.push({ path: tool.entry, slot: { entry: true } });
    for (const [file, path] of (tool.files ?? []).entries()) {
      if (!toolPathProblem(path) && path !== tool.entry && !toInspect.some((item) => item.path === path)) {
        toInspect.push({ path, slot: { entry: false, file } });
      }
    }
    for (const item of toInspect) {
      const state = await inspectPackageFile(packageDir, item.path);
      const finding = fileFinding(state, { tool: index, id, slot: item.slot, path: item.path });
      if (finding) {
        findings.push(finding);
        continue;
      }
      const executable = state.kind === "file" && state.executable;
      files.push({ path: item.path, executable });
      if (item.slot.entry && tool.runtime === "executable" && !executable) {
        findings.push({ code: "invalid_plugin_package", kind: "tool-entry-not-executable", tool: index, id, path: item.path });
      }
    }

    // Inputs: spelling and uniqueness.
    const declared = new Set<string>();
    for (const [input, { name }] of (tool.inputs ?? []).entries()) {
      if (!isInputName(name)) findings.push({ code: "invalid_plugin_package", kind: "tool-input-name", tool: index, id, input, name, maxBytes: MAX_NAME_BYTES });
      if (declared.has(name)) findings.push({ code: "invalid_plugin_package", kind: "tool-input-repeated", tool: index, id, input, name });
      declared.add(name);
    }

    // argv: only a whole element ${input.<declared>} interpolates.
    for (const [arg, element] of tool.argv.entries()) {
      const verdict = classifyArgvElement(element, declared);
      if (verdict.kind === "embedded") {
        findings.push({ code: "invalid_plugin_package", kind: "tool-argv-embedded", tool: index, id, arg, element });
      } else if (verdict.kind === "undeclared") {
        findings.push({ code: "invalid_plugin_package", kind: "tool-argv-undeclared", tool: index, id, arg, element, name: verdict.name });
      }
    }

    // env: portable names, each once.
    const env = new Set<string>();
    for (const [entry, name] of (tool.env ?? []).entries()) {
      if (!isEnvName(name)) findings.push({ code: "invalid_plugin_package", kind: "tool-env-name", tool: index, id, env: entry, name, maxBytes: MAX_NAME_BYTES });
      if (env.has(name)) findings.push({ code: "invalid_plugin_package", kind: "tool-env-repeated", tool: index, id, env: entry, name });
      env.add(name);
    }

    const record: Record<string, unknown> = {
      schema_version: tool.schema_version,
      id: tool.id,
      source_ref: `${packageRef}#tool:${tool.id}`,
      entry: tool.entry,
      runtime: tool.runtime,
    };
    if (tool.runtime_version !== undefined) record["runtime_version"] = tool.runtime_version;
    Object.assign(record, {
      platforms: ordered(tool.platforms, PLATFORM_ORDER),
      inputs: (tool.inputs ?? []).map((input) => ({ name: input.name, type: input.type, required: input.required ?? true })),
      argv: [...tool.argv],
      cwd: tool.cwd,
      env: [...env].sort(compareUtf8),
      capabilities: ordered(tool.capabilities, CAPABILITY_ORDER),
      availability: tool.availability,
      files: files.sort((left, right) => compareUtf8(left.path, right.path)),
    });
    records.push(record);
  }
  records.sort((left, right) => compareUtf8(String(left["id"]), String(right["id"])));
  return { findings, byId, records };
}
