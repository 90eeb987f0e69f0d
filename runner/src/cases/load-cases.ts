// Loads case files: YAML with source positions, table files merged with their defaults,
// each case checked against the case schema, hashed, and located (file:line).

import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { LineCounter, parseDocument, type Document } from "yaml";
import { describeErrors } from "../schemas/registry.js";
import { checkCase, checkCaseTable } from "./case-schemas.js";
import type { CaseGiven, CaseSpec, LoadedCase, ResolvedDispatch, ResolvedLive, ResolvedProject } from "../types/case.js";
import { problem, type LintProblem } from "../common/problems.js";
import { RecordingStore } from "../dispatch/recording-store.js";
import { resolveDispatch } from "../dispatch/resolve-dispatch.js";
import { proofFindings, resolveLive } from "../live/resolve-live.js";
import { resolveProject } from "../project/resolve-project.js";
import { canonicalJson, sha256 } from "../common/canonical.js";
import { CASE_FILE_BOUNDS, duplicateKeys } from "./case-file-bounds.js";
import { expandFileRanges } from "./file-ranges.js";
import { fixtureBoundProblems } from "../fixtures/fixture-bounds.js";
import { fixturePathProblems } from "../fixtures/fixture-paths.js";
import { nullAllowed, operationKeyFindings } from "./operation-keys.js";
import { nullPaths } from "../common/null-paths.js";
import { stepFindings } from "./step-findings.js";
import { operationNamed } from "../registry/operations.js";
import { errorPath, lineOf, type YamlPath } from "../common/yaml-locate.js";
import type { CaseCache } from "./case-cache.js";

export const EXCLUSIONS_FILE = "EXCLUSIONS.yaml";

/** A case that could not be loaded cleanly; the runner reports it as suite-bug. */
export interface BrokenCase {
  id: string;
  file: string;
  line: number;
  area: string;
  spec: string[];
  problems: LintProblem[];
}

export interface CaseSet {
  cases: LoadedCase[];
  broken: BrokenCase[];
  problems: LintProblem[];
}

/** Every *.yaml / *.yml below casesDir except EXCLUSIONS.yaml, sorted; symlinks listed apart. */
export async function listCaseFiles(casesDir: string): Promise<{ files: string[]; links: string[] }> {
  const entries = await readdir(casesDir, { recursive: true, withFileTypes: true });
  const yaml = entries.filter((e) => /\.ya?ml$/.test(e.name) && relative(casesDir, join(e.parentPath, e.name)) !== EXCLUSIONS_FILE);
  const paths = (list: typeof yaml): string[] => list.map((e) => join(e.parentPath, e.name)).sort();
  return { files: paths(yaml.filter((e) => e.isFile())), links: paths(yaml.filter((e) => e.isSymbolicLink())) };
}

/** How a run loads: only some files, and through the case cache. */
export interface LoadOptions {
  /** Loads only the files for which this answers true: `folder` under cases/, `file` relative to the kit root. */
  wanted?: (folder: string, file: string) => boolean;
  /** Files whose entry matches are not parsed again (cases/case-cache.ts). */
  cache?: CaseCache;
}

/**
 * Loads every case below casesDir (or those `options.wanted` asks for); paths in findings are
 * relative to kitRoot (the suite root). Dispatch cases read their events from recordingsDir
 * (default: <kitRoot>/recordings).
 */
export async function loadCases(casesDir: string, kitRoot: string, recordingsDir = join(kitRoot, "recordings"), options: LoadOptions = {}): Promise<CaseSet> {
  const set: CaseSet = { cases: [], broken: [], problems: [] };
  const recordings = new RecordingStore(recordingsDir);
  const { files, links } = await listCaseFiles(casesDir);
  const wanted = (file: string): boolean => options.wanted?.(folderOf(casesDir, file), relative(kitRoot, file)) ?? true;
  // A linked case file would make the suite depend on something outside it: refused, not skipped.
  for (const link of links.filter(wanted)) {
    const rel = relative(kitRoot, link);
    const p = problem("yaml-syntax", rel, 1, "case files must be regular files, not symlinks");
    set.problems.push(p);
    set.broken.push({ id: `${rel}#symlink`, file: rel, line: 1, area: folderOf(casesDir, link), spec: [], problems: [p] });
  }
  for (const file of files.filter(wanted)) {
    const rel = relative(kitRoot, file);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (err) {
      const p = problem("yaml-syntax", rel, 1, `cannot read the case file: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      set.problems.push(p);
      set.broken.push({ id: `${rel}#unreadable`, file: rel, line: 1, area: folderOf(casesDir, file), spec: [], problems: [p] });
      continue;
    }
    const load = loadThroughCache(text, file, rel, folderOf(casesDir, file), recordings, options.cache);
    set.cases.push(...load.cases);
    set.broken.push(...load.broken);
    set.problems.push(...load.problems);
  }
  flagDuplicates(set);
  return set;
}

/** One file's load: from the cache when its entry holds, else parsed (and stored). */
function loadThroughCache(text: string, file: string, rel: string, folder: string, recordings: RecordingStore, cache: CaseCache | undefined): CaseSet {
  const key = cache?.keyOf(rel, folder, text);
  const hit = key === undefined ? undefined : cache!.get(file, key, (id) => recordings.digest(id));
  if (hit) return hit;
  const load: CaseSet = { cases: [], broken: [], problems: [] };
  recordings.takeUsed();
  loadCaseFile(text, rel, folder, load, recordings);
  return key === undefined ? load : cache!.put(file, key, load, recordings.takeUsed());
}

/** The file's folder under cases/, "/"-separated: the prefix every id in it must carry. */
function folderOf(casesDir: string, file: string): string {
  return relative(casesDir, dirname(file)).split(sep).join("/");
}

interface Source {
  file: string;
  doc: Document;
  counter: LineCounter;
  recordings: RecordingStore;
}

/** Loads one case file's text; dispatch cases read recordings through `recordings` (none: every id is unknown). */
export function loadCaseFile(text: string, file: string, folder: string, set: CaseSet, recordings = new RecordingStore(undefined)): void {
  const refuse = (line: number, message: string, code: "yaml-syntax" | "case-file-bounds" = "case-file-bounds"): void => {
    const p = problem(code, file, line, message);
    set.problems.push(p);
    set.broken.push({ id: `${file}#yaml`, file, line, area: folder, spec: [], problems: [p] });
  };
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > CASE_FILE_BOUNDS.bytes) return refuse(1, `the case file has ${bytes} bytes, more than ${CASE_FILE_BOUNDS.bytes}: split it`);
  const counter = new LineCounter();
  let doc: Document;
  let data: unknown;
  try {
    // `<<` merge keys let a table entry reuse a default hook and change one field of it.
    doc = parseDocument(text, { lineCounter: counter, prettyErrors: true, uniqueKeys: false, merge: true });
    if (doc.errors.length > 0) {
      for (const err of doc.errors) refuse(err.linePos?.[0]?.line ?? 1, err.message.split("\n")[0] ?? err.message, "yaml-syntax");
      return;
    }
    const duplicates = duplicateKeys(doc, counter);
    if (duplicates.length > 0) {
      for (const d of duplicates) refuse(d.line, `Map keys must be unique: "${d.key}" is written twice`, "yaml-syntax");
      return;
    }
    data = doc.toJS({ maxAliasCount: CASE_FILE_BOUNDS.aliases }) as unknown;
  } catch (error) {
    // an alias bomb, or nesting deeper than the parser's recursion goes
    const why = error instanceof RangeError ? "nests too deeply to be read" : `cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    return refuse(1, `the case file ${why}`);
  }
  const src: Source = { file, doc, counter, recordings };
  if (isObject(data) && "cases" in data) loadTable(data, folder, src, set);
  else addCase(data, [], folder, src, set);
}

function loadTable(data: Record<string, unknown>, folder: string, src: Source, set: CaseSet): void {
  const shape = checkCaseTable(data);
  // Errors inside entries are reported once per merged case (addCase); the rest are fatal here.
  const fatal = shape.errors.filter((e) => !/^\/cases\/\d+/.test(e.instancePath));
  if (fatal.length > 0 || !Array.isArray(data.cases)) {
    const problems = fatal.map((e) => problem("case-schema", src.file, lineOf(src.doc, src.counter, errorPath(e)), describeErrors([e])));
    set.problems.push(...problems);
    set.broken.push({ id: `${src.file}#table`, file: src.file, line: lineOf(src.doc, src.counter, []), area: folder, spec: [], problems });
    return;
  }
  const { cases, ...defaults } = data as { cases: unknown[] } & Record<string, unknown>;
  cases.forEach((entry, index) => {
    const merged = isObject(entry) ? mergeCase(defaults, entry) : entry;
    addCase(merged, ["cases", index], folder, src, set);
  });
}

/** Table defaults merged into one entry: given.files, given.args and given.environment key by key, the rest replaced. */
export function mergeCase(defaults: Record<string, unknown>, entry: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults, ...entry };
  const dg = (defaults.given ?? {}) as CaseGiven;
  const eg = (entry.given ?? {}) as CaseGiven;
  if (defaults.given !== undefined || entry.given !== undefined) {
    const given: CaseGiven = { ...dg, ...eg };
    if (dg.files || eg.files) given.files = { ...dg.files, ...eg.files };
    if (dg.args || eg.args) given.args = { ...dg.args, ...eg.args };
    if (dg.environment || eg.environment) given.environment = { ...dg.environment, ...eg.environment };
    merged.given = given;
  }
  return merged;
}

function addCase(data: unknown, entryPath: YamlPath, folder: string, src: Source, set: CaseSet): void {
  const startLine = lineOf(src.doc, src.counter, entryPath);
  // Locate a finding in the entry first, then in the table defaults, then at the entry.
  const locate = (path: YamlPath, key = false): number => {
    const inEntry = [...entryPath, ...path];
    const here = lineOf(src.doc, src.counter, inEntry, key);
    if (entryPath.length === 0 || hasPath(src.doc, inEntry) || !hasPath(src.doc, path)) return here;
    return lineOf(src.doc, src.counter, path, key);
  };
  const rawId = isObject(data) && typeof data.id === "string" ? data.id : `${src.file}#${entryPath.join("/") || "case"}`;
  const spec = isObject(data) && Array.isArray(data.spec) ? data.spec.filter((s): s is string => typeof s === "string") : [];
  const problems: LintProblem[] = [];
  let dispatch: ResolvedDispatch | undefined;
  let live: ResolvedLive | undefined;
  let project: ResolvedProject | undefined;

  // `f{0001..4095}` keys become the keys they name before anything else sees the case
  if (isObject(data) && isObject(data.given) && isObject(data.given.files)) {
    const { files, problems: ranges } = expandFileRanges(data.given.files);
    for (const r of ranges) problems.push(problem("fixture-range", src.file, locate(["given", "files", r.key], true), `fixture key "${r.key}" ${r.message}`, rawId));
    data = { ...data, given: { ...data.given, files } };
  }

  const result = checkCase(data);
  // ajv lets `nullable` keys hold an explicit null (YAML `key:` with nothing after it);
  // in a case that is always a mistake, and an empty expectation would check nothing.
  const operation = isObject(data) ? data.operation : undefined;
  const steps = isObject(data) && Array.isArray(data.steps) ? data.steps : [];
  // inside a step, its own operation decides where a null may stand
  const allowed = (p: (string | number)[]): boolean =>
    p[0] === "steps" && typeof p[1] === "number" ? nullAllowed((steps[p[1]] as { operation?: unknown } | undefined)?.operation, p.slice(2)) : nullAllowed(operation, p);
  for (const path of nullPaths(data).filter((p) => !allowed(p))) {
    problems.push(problem("case-schema", src.file, locate(path), `/${path.join("/")} is null (an empty YAML value)`, rawId));
  }
  if (!result.ok) {
    for (const e of result.errors) {
      problems.push(problem("case-schema", src.file, locate(errorPath(e)), describeErrors([e]), rawId));
    }
  } else {
    const c = asLoadable(data as CaseSpec);
    for (const f of stepFindings(c)) problems.push(problem(f.code, src.file, locate(f.path, f.key), f.message, c.id));
    for (const f of operationKeyFindings(c)) problems.push(problem("operation-mismatch", src.file, locate(f.path, true), f.message, c.id));
    if (c.operation === "dispatch" || (c.operation === "steps" && c.given?.event !== undefined)) {
      const { dispatch: resolved, findings } = resolveDispatch(c, src.recordings);
      for (const f of findings) problems.push(problem(f.code, src.file, locate(f.path, f.key), f.message, c.id));
      dispatch = resolved;
    }
    if (c.operation === "project") {
      const { project: resolved, findings } = resolveProject(c, src.recordings);
      for (const f of findings) problems.push(problem(f.code, src.file, locate(f.path, f.key), f.message, c.id));
      project = resolved;
    }
    if (c.operation === "live") {
      const { live: resolved, findings } = resolveLive(c);
      for (const f of findings) problems.push(problem(f.code, src.file, locate(f.path, f.key), f.message, c.id));
      live = resolved;
    }
    if (c.operation === "steps" && c.steps?.some((s) => s.operation === "live") && c.given?.scenario !== undefined && c.given.provider !== undefined) {
      // the package and scenario once; each live step's expectation against its hooks
      const { live: resolved, findings } = resolveLive({ ...c, expect: {} });
      for (const f of findings) problems.push(problem(f.code, src.file, locate(f.path, f.key), f.message, c.id));
      c.steps.forEach((step, i) => {
        if (step.operation !== "live" || findings.length > 0) return;
        for (const f of resolveLive({ ...c, expect: step.expect ?? {} }).findings) {
          const path = ["steps", i, ...f.path];
          problems.push(problem(f.code, src.file, locate(path, f.key), `step ${i + 1}: ${f.message}`, c.id));
        }
      });
      live = resolved;
    }
    for (const f of proofFindings(c, live)) problems.push(problem("live-proves", src.file, locate(f.path, f.key), f.message, c.id));
    const argsCheck = operationNamed(c.operation)?.argsCheck;
    for (const f of argsCheck?.findings(c) ?? []) problems.push(problem(argsCheck!.code, src.file, locate(f.path, true), f.message, c.id));
    if (!c.id.startsWith(`${folder}/`)) {
      problems.push(problem("id-outside-folder", src.file, locate(["id"]), `case id "${c.id}" does not start with "${folder}/"`, c.id));
    }
    const source = c.given?.source;
    if (source !== undefined && source !== ".") {
      for (const p of fixturePathProblems({ [source]: "" })) {
        problems.push(problem("fixture-path-escapes", src.file, locate(["given", "source"]), `given.source "${p.path}" ${p.reason}`, c.id));
      }
    }
    const checked = Object.fromEntries([...(c.expect.fixture?.absent ?? []), ...(c.expect.fixture?.present ?? [])].map((p) => [p, ""]));
    for (const p of fixturePathProblems(checked)) {
      problems.push(problem("fixture-path-escapes", src.file, locate(["expect", "fixture"]), `expected fixture path "${p.path}" ${p.reason}`, c.id));
    }
    for (const p of fixturePathProblems(c.given?.files ?? {}, { rawNames: true })) {
      problems.push(problem("fixture-path-escapes", src.file, locate(["given", "files", p.path], true), `fixture path "${p.path}" ${p.reason}`, c.id));
    }
    for (const p of fixtureBoundProblems(c.given?.files ?? {})) {
      problems.push(problem("fixture-bounds", src.file, locate(["given", "files", p.path], true), `fixture path "${p.path}" ${p.reason}`, c.id));
    }
  }
  set.problems.push(...problems);
  if (problems.length > 0) {
    set.broken.push({ id: rawId, file: src.file, line: startLine, area: areaOf(rawId, folder), spec, problems });
    return;
  }
  const c = asLoadable(data as CaseSpec);
  // the payloads a case's requests or judging use are part of its hash
  const used = dispatch?.event ?? project?.payloads;
  const loaded: LoadedCase = { ...c, area: areaOf(c.id, folder), hash: caseHash(c, used), location: { file: src.file, line: startLine } };
  if (dispatch) loaded.dispatch = dispatch;
  if (live) loaded.live = live;
  if (project) loaded.project = project;
  set.cases.push(loaded);
}

/** A multi-step case as the runner holds it: operation "steps" and no case-level expectation (SPEC 1.11). */
function asLoadable(c: CaseSpec): CaseSpec {
  return c.steps === undefined ? c : { ...c, operation: "steps", expect: {} };
}

function hasPath(doc: Document, path: YamlPath): boolean {
  return path.length === 0 || doc.hasIn(path);
}

/** The area is the case id without its last segment. */
export function areaOf(id: string, fallback: string): string {
  const cut = id.lastIndexOf("/");
  return cut > 0 && !id.includes("#") ? id.slice(0, cut) : fallback;
}

/**
 * sha256 of what the case checks: id, requirements, operation, given and expect, and for a
 * dispatch case the event it sends (so a re-recorded payload changes the hash).
 * Title and notes are prose and do not change the hash. Inline fixtures are part of `given`.
 */
export function caseHash(c: CaseSpec, event?: unknown): string {
  const { id, spec, operation, given, expect, steps } = c;
  const hashed: Record<string, unknown> = { id, spec, operation, given: given ?? {}, expect };
  if (steps !== undefined) hashed.steps = steps;
  if (event !== undefined) hashed.event = event;
  return sha256(canonicalJson(hashed));
}

/** A broken case as the suite hash counts it: by id, with a fixed hash. */
export function brokenHashed(b: { id: string }): { id: string; hash: string } {
  return { id: b.id, hash: "broken" };
}

/** The `hash` of a run report's record of a case that did not load (a suite bug). */
export const UNLOADED_RECORD_HASH = "0".repeat(64);

/** One hash for a whole suite: over every case's id and hash, in id order. */
export function suiteHash(cases: readonly { id: string; hash: string }[]): string {
  const lines = [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((c) => `${c.id} ${c.hash}\n`);
  return sha256(lines.join(""));
}

function flagDuplicates(set: CaseSet): void {
  const seen = new Map<string, LoadedCase>();
  const keep: LoadedCase[] = [];
  for (const c of set.cases) {
    const first = seen.get(c.id);
    if (!first) {
      seen.set(c.id, c);
      keep.push(c);
      continue;
    }
    const p = problem("duplicate-id", c.location.file, c.location.line, `case id "${c.id}" is already used at ${first.location.file}:${first.location.line}`, c.id);
    set.problems.push(p);
    set.broken.push({ id: c.id, file: c.location.file, line: c.location.line, area: c.area, spec: c.spec, problems: [p] });
  }
  set.cases = keep;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
