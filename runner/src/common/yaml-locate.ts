// Maps a path inside a parsed YAML document to the line it was written on, so every
// finding about a case can name file:line.

import { isMap, isNode, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from "yaml";

export type YamlPath = readonly (string | number)[];

/**
 * The 1-based line of the deepest node along `path` that exists in the document.
 * When `key` is true and the last segment is a map key, the key's line is returned.
 */
export function lineOf(doc: Document, counter: LineCounter, path: YamlPath, key = false): number {
  let node: unknown = doc.contents;
  let line = rangeLine(node, counter) ?? 1;
  for (const [i, segment] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === segment);
      if (!pair) break;
      const last = i === path.length - 1;
      const keyLine = rangeLine(pair.key, counter);
      if (last && key && keyLine) return keyLine;
      node = pair.value;
      line = rangeLine(node, counter) ?? keyLine ?? line;
    } else if (isSeq(node) && typeof segment === "number") {
      const item = node.items[segment];
      if (item === undefined) break;
      node = item;
      line = rangeLine(node, counter) ?? line;
    } else {
      break;
    }
  }
  return line;
}

function rangeLine(node: unknown, counter: LineCounter): number | undefined {
  if (!isNode(node)) return undefined;
  const range = (node as Node).range;
  return range ? counter.linePos(range[0]).line : undefined;
}

/** ajv's instancePath ("/given/files/a~1b") as path segments. */
export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Where an ajv error points: for an unknown property, the property itself, not its object. */
export function errorPath(e: { instancePath: string; keyword: string; params: Record<string, unknown> }): (string | number)[] {
  const path = pointerToPath(e.instancePath);
  if (e.keyword === "additionalProperties" && typeof e.params.additionalProperty === "string") path.push(e.params.additionalProperty);
  return path;
}
