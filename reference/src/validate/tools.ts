// Local tool descriptors of one package (SPEC.md 3.9): unique ids, contained regular files,
// the executable bit, input names, whole-element argv interpolation and env names.
// Files are located with lstat only: validation never opens, runs or hashes a tool file.

import type { Stats } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { pointerFrom } from "../json-pointer.js";
import type { ContractFinding, ManifestTool, ToolCapability, ToolPlatform } from "../manifest-types.js";
import { compareUtf8, invalid } from "../manifest-types.js";

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
export function toolPathProblem(path: string): string | undefined {
  // Stryker disable next-line ConditionalExpression: "" splits into one empty segment, refused below with the same code
  if (path.length === 0) return "is empty";
  // Stryker disable next-line ConditionalExpression,StringLiteral: a backslash path names no file a fixture can create (fixture paths refuse backslashes), so it is missing: the same code
  if (path.includes("\\")) return "contains a backslash";
  if (path.includes("\u0000")) return "contains NUL";
  // Stryker disable next-line ConditionalExpression,MethodExpression: an absolute path starts with an empty segment, refused below with the same code
  if (path.startsWith("/")) return "is absolute";
  for (const segment of path.split("/")) {
    if (segment === "") return "has an empty segment";
    if (segment === "." || segment === "..") return `has a ${JSON.stringify(segment)} segment`;
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
  // Stryker disable next-line ObjectLiteral,StringLiteral: callers act only on the embedded and undeclared verdicts
  if (!element.includes("${")) return { kind: "literal" };
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
  findings: ContractFinding[];
  /** Tools by id (the first declaration of an id), for hooks.ts. */
  byId: Map<string, ManifestTool>;
  /** Report records, sorted by id (only meaningful when there are no findings). */
  records: Record<string, unknown>[];
}

function fileFinding(state: FileState, toolId: string, path: string, pointer: string): ContractFinding | undefined {
  const what = `tool ${JSON.stringify(toolId)} names ${JSON.stringify(path)}`;
  switch (state.kind) {
    // Stryker disable next-line StringLiteral: a kind no case matches also returns undefined
    case "file":
      return undefined;
    case "missing":
    case "not-directory":
      return invalid(`${what}, which is not a file of the package`, pointer);
    case "directory":
      return invalid(`${what}, which is a directory, not a regular file`, pointer);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the package tree walk already refuses every symlink in a package with the same code, and a consumer may stop there (PAP-SEM-PACKAGE-NO-SYMLINKS)
    case "symlink":
      // Stryker disable next-line ObjectLiteral,StringLiteral: the package tree walk already refuses every symlink in a package with the same code, and a consumer may stop there (PAP-SEM-PACKAGE-NO-SYMLINKS)
      return { code: "unsafe_plugin_package_entry", message: `${what}, which relies on the symlink ${JSON.stringify(state.at)}; tool files must be regular files reached without symlinks`, pointer };
    case "special":
      return { code: "unsafe_plugin_package_entry", message: `${what}, which is a special file (FIFO, device or socket), not a regular file`, pointer };
    case "unreadable":
      return { code: "unreadable_plugin_path", message: `${what}, which cannot be inspected: ${state.message}`, pointer };
  }
}

function ordered<T extends string>(values: readonly T[] | undefined, order: readonly T[]): T[] {
  const present = new Set(values ?? []);
  return order.filter((value) => present.has(value));
}

export async function checkTools(
  tools: readonly ManifestTool[],
  packageDir: string,
  packageRef: string,
): Promise<ToolsResult> {
  const findings: ContractFinding[] = [];
  const byId = new Map<string, ManifestTool>();
  const records: Record<string, unknown>[] = [];

  for (const [index, tool] of tools.entries()) {
    const at = (...rest: (string | number)[]) => pointerFrom(["tool", index, ...rest]);
    const label = JSON.stringify(tool.id);
    if (byId.has(tool.id)) findings.push(invalid(`tool id ${label} is declared more than once in this package`, at("id")));
    else byId.set(tool.id, tool);

    // Paths: form first, then the files themselves.
    const files: { path: string; executable: boolean }[] = [];
    const entryProblem = toolPathProblem(tool.entry);
    if (entryProblem) findings.push(invalid(`tool ${label} entry ${JSON.stringify(tool.entry)} ${entryProblem}; it must be a relative path inside the package`, at("entry")));
    const listed = new Set<string>();
    for (const [fileIndex, path] of (tool.files ?? []).entries()) {
      const problem = toolPathProblem(path);
      if (problem) {
        findings.push(invalid(`tool ${label} file ${JSON.stringify(path)} ${problem}; it must be a relative path inside the package`, at("files", fileIndex)));
        continue;
      }
      if (path === tool.entry) findings.push(invalid(`tool ${label} lists its entry ${JSON.stringify(path)} in files; the entry is included automatically`, at("files", fileIndex)));
      else if (listed.has(path)) findings.push(invalid(`tool ${label} lists ${JSON.stringify(path)} in files more than once`, at("files", fileIndex)));
      listed.add(path);
    }
    const toInspect: { path: string; pointer: string; entry: boolean }[] = [];
    if (!entryProblem) toInspect.push({ path: tool.entry, pointer: at("entry"), entry: true });
    for (const [fileIndex, path] of (tool.files ?? []).entries()) {
      if (!toolPathProblem(path) && path !== tool.entry && !toInspect.some((item) => item.path === path)) {
        toInspect.push({ path, pointer: at("files", fileIndex), entry: false });
      }
    }
    for (const item of toInspect) {
      const state = await inspectPackageFile(packageDir, item.path);
      const finding = fileFinding(state, tool.id, item.path, item.pointer);
      if (finding) {
        findings.push(finding);
        continue;
      }
      const executable = state.kind === "file" && state.executable;
      files.push({ path: item.path, executable });
      if (item.entry && tool.runtime === "executable" && !executable) {
        findings.push(invalid(`tool ${label} has runtime "executable" but its entry ${JSON.stringify(item.path)} has no executable permission bit`, item.pointer));
      }
    }

    // Inputs: spelling and uniqueness.
    const declared = new Set<string>();
    for (const [inputIndex, input] of (tool.inputs ?? []).entries()) {
      if (!isInputName(input.name)) {
        findings.push(invalid(`tool ${label} input name ${JSON.stringify(input.name)} must be lower snake case (^[a-z][a-z0-9]*(_[a-z0-9]+)*$, at most ${MAX_NAME_BYTES} bytes)`, at("inputs", inputIndex, "name")));
      }
      if (declared.has(input.name)) findings.push(invalid(`tool ${label} declares input ${JSON.stringify(input.name)} more than once`, at("inputs", inputIndex, "name")));
      declared.add(input.name);
    }

    // argv: only a whole element ${input.<declared>} interpolates.
    for (const [argIndex, element] of tool.argv.entries()) {
      const verdict = classifyArgvElement(element, declared);
      if (verdict.kind === "embedded") {
        findings.push(invalid(`tool ${label} argv element ${JSON.stringify(element)} embeds a substitution; only a whole element \${input.<name>} may interpolate an input`, at("argv", argIndex)));
      } else if (verdict.kind === "undeclared") {
        findings.push(invalid(`tool ${label} argv element ${JSON.stringify(element)} interpolates ${JSON.stringify(verdict.name)}, which is not a declared input of the tool`, at("argv", argIndex)));
      }
    }

    // env: portable names, each once.
    const env = new Set<string>();
    for (const [envIndex, name] of (tool.env ?? []).entries()) {
      if (!isEnvName(name)) findings.push(invalid(`tool ${label} env entry ${JSON.stringify(name)} is not a portable environment variable name (^[A-Z_][A-Z0-9_]*$, at most ${MAX_NAME_BYTES} bytes)`, at("env", envIndex)));
      if (env.has(name)) findings.push(invalid(`tool ${label} lists env ${JSON.stringify(name)} more than once`, at("env", envIndex)));
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
