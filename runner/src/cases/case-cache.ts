// A cache of loaded case files, so that a run does not parse YAML it parsed before.
//
// One entry per case file (named by the file's absolute path), holding what loading that file
// produced (cases, broken cases, problems) under a key: sha256 of the kit's loader code, the
// registered operations, the file's place in the suite and its text. The recordings the file's
// cases read are listed with their digests and re-checked on every hit. An entry is used only
// when its key, its recordings and its own checksum all match; anything else (another kit build,
// an edited case or recording, a truncated or foreign file) is ignored and replaced. The folder
// is outside the repository and safe to delete: `PAPC_CACHE_DIR`, else $XDG_CACHE_HOME/papc,
// else ~/.cache/papc; `PAPC_CACHE=off` turns it off. `papc lint` never uses it.

import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { sha256 } from "../common/canonical.js";
import { registeredOperations } from "../registry/operations.js";
import type { CaseSet } from "./load-cases.js";

/** Bumped when an entry's layout changes. */
const ENTRY_FORMAT = "papc-case-cache-1";

/** What loading one case file produced. */
export type FileLoad = CaseSet;

/** A recording a file's cases read, and the digest of what was read (its text, or why it could not be). */
export type RecordingUse = [id: string, digest: string];

/** Where the recordings of a hit are looked up again: the digest each id has now. */
export type RecordingDigest = (id: string) => string;

interface Entry {
  format: string;
  key: string;
  recordings: RecordingUse[];
  /** sha256 of `load`, the JSON text of the FileLoad. */
  sum: string;
  load: string;
}

/** The cache folder this environment asks for, or undefined when caching is off. */
export function cacheDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PAPC_CACHE === "off") return undefined;
  if (env.PAPC_CACHE_DIR) return env.PAPC_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "papc");
}

export class CaseCache {
  private readonly folder: string;
  private readonly code: string;

  constructor(dir: string) {
    this.folder = join(dir, "cases");
    this.code = loaderIdentity();
  }

  /** The key of a file's entry: the loader, the file's place in the suite and its text. */
  keyOf(file: string, folder: string, text: string): string {
    return sha256([ENTRY_FORMAT, this.code, file, folder, text].join("\0"));
  }

  /** The entry's load when every check holds; undefined otherwise (never an error). */
  get(path: string, key: string, digestOf: RecordingDigest): FileLoad | undefined {
    let entry: Entry;
    try {
      entry = JSON.parse(readFileSync(this.entryFile(path), "utf8")) as Entry;
    } catch {
      return undefined;
    }
    if (entry?.format !== ENTRY_FORMAT || entry.key !== key || typeof entry.load !== "string" || !Array.isArray(entry.recordings)) return undefined;
    if (sha256(entry.load) !== entry.sum) return undefined;
    if (!entry.recordings.every((use) => Array.isArray(use) && digestOf(String(use[0])) === use[1])) return undefined;
    try {
      return JSON.parse(entry.load) as FileLoad;
    } catch {
      return undefined;
    }
  }

  /**
   * Stores a file's load; returns the load as a later hit would return it. A load that JSON does
   * not carry exactly (an undefined field, a non-finite number) is not stored and is returned as
   * it is, so a run never depends on whether the cache was warm.
   */
  put(path: string, key: string, load: FileLoad, recordings: RecordingUse[]): FileLoad {
    const text = JSON.stringify(load);
    const again = JSON.parse(text) as FileLoad;
    if (!isDeepStrictEqual(again, load)) return load;
    const entry: Entry = { format: ENTRY_FORMAT, key, recordings, sum: sha256(text), load: text };
    const file = this.entryFile(path);
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(partial, JSON.stringify(entry));
      // a reader sees the old entry or the new one, never half of one
      renameSync(partial, file);
    } catch {
      // a cache that cannot be written only costs speed
      rmSync(partial, { force: true });
    }
    return again;
  }

  private entryFile(path: string): string {
    return join(this.folder, `${sha256(path)}.json`);
  }
}

let identity: string | undefined;

/**
 * sha256 of the code that loads cases (runner/src and runner/shared, as built or as source), the
 * versions of the parser and schema libraries, and the operations registered in this process.
 */
function loaderIdentity(): string {
  const runner = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
  identity ??= sha256(
    [
      ...["src", "shared"].flatMap((folder) => codeFiles(join(runner, folder))).map((f) => `${f}\0${sha256(readFileSync(f))}`),
      ...["yaml", "ajv"].map((name) => `${name}@${libraryVersion(name)}`),
    ].join("\n"),
  );
  return sha256(
    `${identity}\n${registeredOperations()
      .map((d) => d.name)
      .join(",")}`,
  );
}

function codeFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && [".js", ".ts", ".mjs", ".json"].includes(extname(e.name)) && !e.name.endsWith(".d.ts"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function libraryVersion(name: string): string {
  try {
    const require = createRequire(import.meta.url);
    return String((JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version?: unknown }).version);
  } catch {
    return "unknown";
  }
}
