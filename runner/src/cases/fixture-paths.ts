// The one check of fixture paths, shared by lint and the materializer: every path stays
// inside the fixture root, lexically and without passing through a symlink of the fixture.

import { posix } from "node:path";
import type { FixtureEntry } from "../types/case.js";
import { hasRawBytes, rawBytesProblem } from "./fixture-path-bytes.js";

export interface FixturePathProblem {
  path: string;
  reason: string;
}

function isSymlink(entry: FixtureEntry | undefined): boolean {
  return typeof entry === "object" && entry !== null && "symlink" in entry;
}

export interface FixturePathRules {
  /** `{hex:…}` raw-byte names are allowed: only where papc writes entries (given.files, an edit's files). */
  rawNames?: boolean;
}

export function fixturePathProblems(files: Record<string, FixtureEntry>, rules: FixturePathRules = {}): FixturePathProblem[] {
  const problems: FixturePathProblem[] = [];
  for (const path of Object.keys(files)) {
    const reason = lexicalProblem(path, rules);
    if (reason) {
      problems.push({ path, reason });
      continue;
    }
    // A parent that the fixture itself makes a symlink would redirect the write.
    const segments = path.split("/");
    for (let i = 1; i < segments.length; i++) {
      const parent = segments.slice(0, i).join("/");
      if (isSymlink(files[parent])) {
        problems.push({ path, reason: `passes through the symlink "${parent}"` });
        break;
      }
    }
  }
  return problems;
}

/** Why a fixture path is not one (absolute, `..`, empty or `.` segments, backslash, NUL, bad raw bytes), or undefined. */
export function lexicalProblem(path: string, rules: FixturePathRules = {}): string | undefined {
  if (path.length === 0) return "is empty";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "is absolute";
  if (path.includes("\\")) return "contains a backslash";
  if (path.includes("\0")) return "contains NUL";
  const segments = path.split("/");
  if (segments.includes("..")) return 'contains a ".." segment';
  if (segments.some((s) => s === "" || s === ".")) return 'has an empty or "." segment';
  if (hasRawBytes(path)) {
    if (!rules.rawNames) return "has a raw-byte name ({hex:…}), which only a fixture entry (given.files, an edit's files) may have";
    return rawBytesProblem(path);
  }
  return undefined;
}

/** A symlink entry at `path` whose target leads outside the fixture root (absolute, or `..` past it). */
export function symlinkLeavesRoot(path: string, target: string): boolean {
  if (posix.isAbsolute(target)) return true;
  const resolved = posix.normalize(posix.join(posix.dirname(path), target));
  return resolved === ".." || resolved.startsWith("../");
}
