// A difference between what a case expects and what came back, one line per field, each named
// by its JSON path (`report.packages[0].members[1].slot_name`). Objects compare the keys the case
// names; arrays compare exactly, but their records are paired by identity (a diagnostic by code
// and path, others by id, name, slot, ref or provider) so that a missing entry reads as missing
// and an extra one as extra, instead of every later entry looking changed.

import type { DiffLine } from "../types/run-report.js";
import { matchesSubset, projectOnto } from "./match.js";

/** Keys that identify a record in an array, most specific first; the first all expected records have wins. */
const IDENTITIES: readonly (readonly string[])[] = [["code", "path"], ["id"], ["source_ref"], ["slot_name"], ["name"], ["ref"], ["provider"], ["plugin"], ["code"], ["path"]];

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);

function show(value: unknown): string {
  return value === undefined ? "(absent)" : JSON.stringify(value);
}

function identityOf(expected: readonly unknown[]): readonly string[] | undefined {
  if (expected.length === 0 || !expected.every(isRecord)) return undefined;
  return IDENTITIES.find((keys) => expected.every((e) => keys.every((k) => ["string", "number"].includes(typeof (e as Rec)[k]))));
}

function key(record: unknown, keys: readonly string[]): string | undefined {
  return isRecord(record) && keys.every((k) => record[k] !== undefined) ? JSON.stringify(keys.map((k) => record[k])) : undefined;
}

function label(record: Rec, keys: readonly string[]): string {
  return keys.map((k) => `${k} ${JSON.stringify(record[k])}`).join(", ");
}

export function pathDiff(path: string, expected: unknown, actual: unknown): DiffLine[] {
  if (matchesSubset(expected, actual)) return [];
  if (Array.isArray(expected) && Array.isArray(actual)) return arrayDiff(path, expected, actual);
  if (isRecord(expected) && isRecord(actual)) {
    return Object.entries(expected).flatMap(([k, v]) => {
      const at = `${path}.${k}`;
      if (actual[k] === undefined && v !== undefined) return [{ type: "remove" as const, path: `${at} (missing)`, expected: show(v), actual: "(absent)" }];
      return pathDiff(at, v, actual[k]);
    });
  }
  return [{ type: "modify", path, expected: show(expected), actual: show(projectOnto(expected, actual)) }];
}

function arrayDiff(path: string, expected: readonly unknown[], actual: readonly unknown[]): DiffLine[] {
  const keys = identityOf(expected);
  if (!keys) {
    // no identity: position by position
    const lines: DiffLine[] = [];
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= actual.length) lines.push({ type: "remove", path: `${path}[${i}] (missing)`, expected: show(expected[i]), actual: "(absent)" });
      else if (i >= expected.length) lines.push({ type: "add", path: `${path}[${i}] (extra)`, expected: "(absent)", actual: show(actual[i]) });
      else lines.push(...pathDiff(`${path}[${i}]`, expected[i], actual[i]));
    }
    return lines;
  }
  const lines: DiffLine[] = [];
  const used = new Set<number>();
  const pairs: number[] = [];
  expected.forEach((e, i) => {
    const j = actual.findIndex((a, n) => !used.has(n) && key(a, keys) === key(e, keys));
    if (j < 0) {
      lines.push({ type: "remove", path: `${path}[${i}] (missing: ${label(e as Rec, keys)})`, expected: show(e), actual: "(absent)" });
      return;
    }
    used.add(j);
    pairs.push(j);
    lines.push(...pathDiff(`${path}[${i}]`, e, actual[j]));
  });
  actual.forEach((a, j) => {
    if (used.has(j)) return;
    const shown = isRecord(a) && isRecord(expected[0]) ? projectOnto(expected[0], a) : a;
    lines.push({ type: "add", path: `${path}[${j}] (extra${isRecord(a) && key(a, keys) ? `: ${label(a, keys)}` : ""})`, expected: "(absent)", actual: show(shown) });
  });
  // every record there and alike, but not in the expected order (arrays compare exactly)
  if (lines.length === 0 && pairs.some((j, i) => j !== i)) {
    const ids = (rs: readonly unknown[]): string => rs.map((r) => keys.map((k) => String((r as Rec)[k])).join(" ")).join(", ");
    lines.push({ type: "modify", path: `${path} (order)`, expected: ids(expected), actual: ids(actual) });
  }
  return lines;
}
