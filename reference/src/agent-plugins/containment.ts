// Containment (Agent Plugins 1.0.0 §4.1): a package path counts only by where the filesystem
// resolves it. realpath follows every symlink on the way; the result must be the plugin root
// or lie below it. Symlinks that stay inside are fine. Nothing here opens or reads a file.

import type { Stats } from "node:fs";
import { lstat, realpath, stat } from "node:fs/promises";
import { posix, sep } from "node:path";
import { errorText } from "../wording.js";

export type PackagePath =
  /** Nothing at that path (lstat: ENOENT or ENOTDIR). */
  | { kind: "absent" }
  /** Something is there (a symlink) but it resolves to nothing (dangling, a loop); `error` is the OS error's text. */
  | { kind: "unresolvable"; error: string }
  /** It resolves outside the plugin root. */
  | { kind: "outside"; real: string }
  /** It resolves inside; `stats` describe the target. */
  | { kind: "inside"; real: string; stats: Stats }
  /** It could not be inspected (permissions, I/O); `error` is the OS error's text. */
  | { kind: "error"; error: string };

export function errorCode(error: unknown): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: only the fs calls below throw here, and their errors are objects with a code
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

/** Is `real` the directory `rootReal` or below it? Both must be absolute, resolved paths. */
export function isWithin(rootReal: string, real: string): boolean {
  if (real === rootReal) return true;
  const prefix = rootReal.endsWith(sep) ? rootReal : rootReal + sep;
  return real.startsWith(prefix);
}

/**
 * A relative POSIX path inside the package: lexically normalized, and undefined when it
 * climbs out of the root ("..", "../x", "a/../../x") or is absolute.
 */
export function normalizeRelative(relative: string): string | undefined {
  if (relative.startsWith("/")) return undefined;
  const normalized = posix.normalize(relative);
  // Stryker disable next-line ConditionalExpression,StringLiteral: ".." is the root's parent, which exists and lies outside: the containment check reports that escape with the same code
  if (normalized === "..") return undefined;
  if (normalized.startsWith("../")) return undefined;
  return normalized === "." ? "" : normalized.replace(/\/$/, "");
}

/** Resolves `relative` (POSIX, already normalized) below the resolved plugin root. */
export async function resolvePackagePath(rootReal: string, relative: string): Promise<PackagePath> {
  const path = posix.join(rootReal, relative);
  try {
    await lstat(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    // Stryker disable next-line ObjectLiteral,StringLiteral: as root only a vendor path gets here (a symlink loop on the way); without a kind the vendor's read fails with the same code
    return { kind: "error", error: errorText(error) };
  }
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    const code = errorCode(error);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: every caller reports "unresolvable" and "error" alike (one finding, same code)
    const dangling = code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP";
    // Stryker disable next-line ConditionalExpression: as above
    if (dangling) return { kind: "unresolvable", error: errorText(error) };
    return { kind: "error", error: errorText(error) };
  }
  if (!isWithin(rootReal, real)) return { kind: "outside", real };
  try {
    return { kind: "inside", real, stats: await stat(real) };
  } catch (error) {
    return { kind: "error", error: errorText(error) };
  }
}

/**
 * The filesystem-resolved form of an absolute path that need not exist yet (a working
 * directory, PLUGIN_DATA, a command): the longest leading part that exists is resolved with
 * realpath (so symlinks and ".." after them mean what the kernel makes of them), and the
 * rest is applied lexically.
 */
export async function resolveLoosely(absolute: string): Promise<string> {
  const segments = absolute.split("/");
  // Stryker disable next-line EqualityOperator: at count 1 the head is "" (no such path), and the lexical fallback below gives the same result
  for (let count = segments.length; count > 1; count -= 1) {
    const head = segments.slice(0, count).join("/");
    let real: string;
    try {
      real = await realpath(head);
    } catch {
      continue;
    }
    return posix.resolve(real, ...segments.slice(count)); // resolve ignores empty segments
  }
  return posix.resolve(absolute);
}
