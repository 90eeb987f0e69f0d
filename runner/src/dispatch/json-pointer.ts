// JSON Pointer (RFC 6901) edits of a recorded event: set a value, delete a key or element.
// Both work on a copy; a pointer that cannot be applied is an error with the reason.

export class PointerError extends Error {}

export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new PointerError(`"${pointer}" is not a JSON Pointer (it must start with "/")`);
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === "object" && v !== null;
}

/** The parent container of the pointer's target and the last token. */
function parentOf(doc: unknown, pointer: string): { parent: Container; last: string } {
  const tokens = parsePointer(pointer);
  const last = tokens.pop();
  if (last === undefined) throw new PointerError("the whole event cannot be replaced or deleted; edit its keys");
  let node = doc;
  for (const [i, token] of tokens.entries()) {
    const next = isContainer(node) ? childOf(node, token) : undefined;
    if (next === undefined) throw new PointerError(`"${pointer}": "/${tokens.slice(0, i + 1).join("/")}" does not exist in the event`);
    node = next;
  }
  if (!isContainer(node)) throw new PointerError(`"${pointer}": the parent is not an object or array`);
  return { parent: node, last };
}

function childOf(node: Container, token: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined;
  return Object.hasOwn(node, token) ? node[token] : undefined;
}

function arrayIndex(arr: unknown[], token: string, pointer: string, allowAppend: boolean): number {
  if (allowAppend && token === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PointerError(`"${pointer}": "${token}" is not an array index`);
  const index = Number(token);
  if (index > arr.length || (!allowAppend && index >= arr.length)) throw new PointerError(`"${pointer}": index ${index} is out of range`);
  return index;
}

/** Sets the value at `pointer`: replaces an existing key or element, adds a last key, or appends (`-`). */
export function setAt(doc: unknown, pointer: string, value: unknown): void {
  const { parent, last } = parentOf(doc, pointer);
  if (Array.isArray(parent)) parent[arrayIndex(parent, last, pointer, true)] = value;
  else parent[last] = value;
}

/** Deletes the key or element at `pointer`, which must exist. */
export function deleteAt(doc: unknown, pointer: string): void {
  const { parent, last } = parentOf(doc, pointer);
  if (Array.isArray(parent)) {
    parent.splice(arrayIndex(parent, last, pointer, false), 1);
    return;
  }
  if (!Object.hasOwn(parent, last)) throw new PointerError(`"${pointer}" does not exist in the event`);
  delete parent[last];
}

/** The value at `pointer`, or undefined when the path does not exist. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const token of parsePointer(pointer)) {
    if (!isContainer(node)) return undefined;
    node = childOf(node, token);
    if (node === undefined) return undefined;
  }
  return node;
}
