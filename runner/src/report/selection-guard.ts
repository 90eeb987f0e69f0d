// A run never silently replaces the report of another selection (KIT-REPORT-SELECTION): a
// `--case` run into the folder holding the full run's `<adapter>.jsonl` would overwrite it with a
// few cases. The existing report's header says which selection it holds (`suite.filter`); a run
// of another selection is refused unless `--force`.

import { open } from "node:fs/promises";

/** A run's selection as the guard compares it: its filter, and its shard (`--shard i/n`); undefined for the whole suite. */
export function selectionName(suite: { filter?: string; shard?: { index?: unknown; count?: unknown } }): string | undefined {
  const shard = suite.shard ? `shard ${String(suite.shard.index)}/${String(suite.shard.count)}` : undefined;
  return [suite.filter, shard].filter((p) => p !== undefined).join(", ") || undefined;
}

/** The header's selection of the report at `file`: its filter, "" for the whole suite, undefined when there is no readable report. */
export async function reportSelection(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch {
    return undefined;
  }
  try {
    // the header is the first line; 1 MiB bounds what a stranger's file can make us read
    const buffer = Buffer.alloc(1 << 20);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const first = buffer.subarray(0, bytesRead).toString("utf8").split("\n")[0] ?? "";
    const header = JSON.parse(first) as { type?: unknown; suite?: unknown };
    if (header.type !== "header") return undefined;
    const suite = header.suite as { filter?: unknown; shard?: { index?: unknown; count?: unknown } } | undefined;
    return selectionName({ ...(typeof suite?.filter === "string" ? { filter: suite.filter } : {}), ...(suite?.shard ? { shard: suite.shard } : {}) }) ?? "";
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/** Why this run may not write over `file`, or undefined when it may. */
export async function selectionConflict(file: string, filter: string | undefined): Promise<string | undefined> {
  const existing = await reportSelection(file);
  // the same globs and requirements in another order are the same selection
  const parts = (f: string): string => f.split(", ").sort().join(", ");
  if (existing === undefined || parts(existing) === parts(filter ?? "")) return undefined;
  const name = (f: string): string => (f === "" ? "the whole suite" : `the selection ${f}`);
  return `${file} holds a run of ${name(existing)}; this run selects ${name(filter ?? "")}: give it another --out, or --force to replace that report`;
}
