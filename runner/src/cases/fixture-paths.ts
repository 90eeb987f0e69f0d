// The one check of fixture paths, shared by lint and the materializer: every path stays
// inside the fixture root, lexically and without passing through a symlink of the fixture.

import { posix } from "node:path";
import type { FixtureEntry } from "../types/case.js";

export interface FixturePathProblem {
  path: string;
  reason: string;
}

function isSymlink(entry: FixtureEntry | undefined): boolean {
  return typeof entry === "object" && entry !== null && "symlink" in entry;
}

export function fixturePathProblems(files: Record<string, FixtureEntry>): FixturePathProblem[] {
  const problems: FixturePathProblem[] = [];
  for (const path of Object.keys(files)) {
    const reason = lexicalProblem(path);
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

/** Why a fixture path is not one (absolute, `..`, empty or `.` segments, backslash, NUL), or undefined. */
export function lexicalProblem(path: string): string | undefined {
  if (path.length === 0) return "is empty";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "is absolute";
  if (path.includes("\\")) return "contains a backslash";
  if (path.includes("\0")) return "contains NUL";
  const segments = path.split("/");
  if (segments.includes("..")) return 'contains a ".." segment';
  if (segments.some((s) => s === "" || s === ".")) return 'has an empty or "." segment';
  return undefined;
}

/** A symlink entry at `path` whose target leads outside the fixture root (absolute, or `..` past it). */
export function symlinkLeavesRoot(path: string, target: string): boolean {
  if (posix.isAbsolute(target)) return true;
  const resolved = posix.normalize(posix.join(posix.dirname(path), target));
  return resolved === ".." || resolved.startsWith("../");
}
