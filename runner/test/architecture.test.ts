// The folder layers of runner/src, as docs/ARCHITECTURE.md's table lists them: every import
// between two folders goes from a higher layer to a lower one, so no folder loop can form, and
// every folder is in the table. The table is read from the document, so the two cannot drift.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { KIT_ROOT } from "./helpers.js";

const SRC = join(KIT_ROOT, "runner/src");

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

/** Every relative import of runner/src as [from file, to file]. */
function imports(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const file of sourceFiles(SRC)) {
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

  it("runner/src imports nothing from the reference", () => {
    const outside = imports()
      .filter(([, to]) => relative(SRC, to).startsWith(".."))
      .map(([from, to]) => `${relative(SRC, from)} → ${relative(KIT_ROOT, to)}`);
    expect(outside).toEqual([]);
  });
});
