// Which recordings the cases use: a case's `given.event` is a recording id, or
// `{recording: <id>, …}` (a recording with changes the case states).

import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { parse } from "yaml";

/** Recording id → case files (relative to `relativeTo`) that use it. */
export async function recordingUses(casesDir: string, relativeTo: string): Promise<Map<string, string[]>> {
  const uses = new Map<string, string[]>();
  let entries;
  try {
    entries = await readdir(casesDir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return uses;
    throw err;
  }
  const files = entries
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const file of files) {
    let data: unknown;
    try {
      data = parse(await readFile(file, "utf8"));
    } catch {
      continue; // a broken case file is lint's finding, not verify's
    }
    const rel = relative(relativeTo, file).split(sep).join("/");
    for (const id of eventRefs(data)) {
      const list = uses.get(id) ?? [];
      if (!list.includes(rel)) list.push(rel);
      uses.set(id, list);
    }
  }
  return uses;
}

/** Every recording id a parsed case file refers to through `given.event` (cases and table defaults). */
export function eventRefs(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== "object") return;
    const o = v as Record<string, unknown>;
    const given = o.given;
    if (given !== null && typeof given === "object" && !Array.isArray(given)) {
      const event = (given as Record<string, unknown>).event;
      if (typeof event === "string") out.push(event);
      else if (event !== null && typeof event === "object" && typeof (event as Record<string, unknown>).recording === "string") {
        out.push((event as Record<string, unknown>).recording as string);
      }
    }
    for (const child of Object.values(o)) walk(child);
  };
  walk(value);
  return out;
}
