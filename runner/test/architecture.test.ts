// The folder layers of runner/src, as docs/ARCHITECTURE.md's table lists them: every import
// between two folders goes from a higher layer to a lower one, so no folder loop can form, and
// every folder is in the table. The table is read from the document, so the two cannot drift.
// Beside it: the reference and the kit share only runner/shared/ (the protocol's types, the serve
// loop, where the package is), which itself imports nothing of either.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { KIT_ROOT } from "./helpers.js";

const SRC = join(KIT_ROOT, "runner/src");
const SHARED = join(KIT_ROOT, "runner/shared");
const REFERENCE = join(KIT_ROOT, "reference/src");
const inside = (dir: string, file: string): boolean => !relative(dir, file).startsWith("..");

/** folder (or top-level file) → layer, from the "Folders of runner/src" table. */
function layerTable(): Map<string, number> {
  const doc = readFileSync(join(KIT_ROOT, "docs/ARCHITECTURE.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Folders of runner/src"));
  const layers = new Map<string, number>();
  for (const m of section.matchAll(/^\| (\d+) \| ([^|]+)\|/gm)) {
    for (const name of m[2]!.matchAll(/`([^`]+)`/g)) layers.set(name[1]!.replace(/\/$/, ""), Number(m[1]));
  }
  return layers;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** The room a file of runner/src is in: its first folder, or the file itself at the top. */
const roomOf = (file: string): string => relative(SRC, file).split(sep)[0]!;

/** Every relative import of the TypeScript below `dir` as [from file, to file]. */
function imports(dir = SRC): [string, string][] {
  const pairs: [string, string][] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^\s*(?:import|export)\b[^"'`;]*?\bfrom\s*["'](\.[^"']+)["']|\bimport\(\s*["'](\.[^"']+)["']\s*\)/gm)) {
      const spec = (m[1] ?? m[2])!;
      pairs.push([file, resolve(dirname(file), spec.replace(/\.js$/, ".ts"))]);
    }
  }
  return pairs;
}

describe("runner/src folder layers (docs/ARCHITECTURE.md)", () => {
  const layers = layerTable();

  it("the table lists every folder and top-level file of runner/src", () => {
    const rooms = [...new Set(sourceFiles(SRC).map(roomOf))].sort();
    expect(rooms.filter((r) => !layers.has(r))).toEqual([]);
    expect([...layers.keys()].filter((r) => !rooms.includes(r))).toEqual([]);
  });

  it("every import between folders goes to a lower layer", () => {
    const found = imports();
    expect(found.length).toBeGreaterThan(300);
    const upward = found
      .filter(([, to]) => !relative(SRC, to).startsWith(".."))
      .map(([from, to]) => [roomOf(from), roomOf(to), `${relative(SRC, from)} → ${relative(SRC, to)}`] as const)
      .filter(([a, b]) => a !== b && !(layers.get(a)! > layers.get(b)!))
      .map(([a, b, where]) => `${where} (layer ${layers.get(a)} → ${layers.get(b)})`);
    expect(upward).toEqual([]);
  });

  it("runner/src reaches outside itself only into runner/shared/", () => {
    const outside = imports()
      .filter(([, to]) => relative(SRC, to).startsWith("..") && !inside(SHARED, to))
      .map(([from, to]) => `${relative(SRC, from)} → ${relative(KIT_ROOT, to)}`);
    expect(outside).toEqual([]);
  });
});

describe("the reference and the shared protocol package", () => {
  it("runner/shared/ imports only itself (and Node built-ins)", () => {
    const found = imports(SHARED);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(([, to]) => !inside(SHARED, to)).map(([from, to]) => `${relative(KIT_ROOT, from)} → ${relative(KIT_ROOT, to)}`)).toEqual([]);
  });

  it("reference/src imports only reference/src/ and runner/shared/: it reaches the kit through the protocol alone", () => {
    const found = imports(REFERENCE);
    expect(found.length).toBeGreaterThan(100);
    const stray = found.filter(([, to]) => !inside(REFERENCE, to) && !inside(SHARED, to)).map(([from, to]) => `${relative(KIT_ROOT, from)} → ${relative(KIT_ROOT, to)}`);
    expect(stray).toEqual([]);
  });
});
