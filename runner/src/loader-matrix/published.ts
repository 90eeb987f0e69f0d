// The committed run reports of the Agent Plugins consumers (reports/published/agent-plugins/):
// one `<adapter>-<version>-<date>.jsonl` per consumer with its Markdown rendering beside it, and
// sources.json, the fingerprint of the adapter code each harness report was made with. Those
// reports are what docs/agent-plugins-compatibility.md is generated from; a test checks that they
// still hold for the current cases, baselines and adapter code (runner/test/harness-loaders.test.ts).

import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";

export const PUBLISHED_DIR = "reports/published/agent-plugins";
export const SOURCES_FILE = "sources.json";
export const MATRIX_FILE = "docs/agent-plugins-compatibility.md";
export const AGENT_PLUGINS_GLOB = "agent-plugins/**";

/**
 * The files of runner/shared/ the harness adapters run (what they import, and what that imports):
 * not the whole folder, which also holds the kit's own containment code.
 * runner/test/harness-loaders.test.ts checks the list against the adapters' imports.
 */
export const ADAPTER_SHARED_FILES = ["runner/shared/protocol.ts", "runner/shared/serve-protocol.ts", "runner/shared/validation-report.ts"];

/** The consumers the matrix shows, in its column order, and the folders (or files) of the code that produced each one's verdicts. */
export const LOADER_ADAPTERS: Record<string, string[]> = {
  reference: [],
  "codex-loader": ["adapters-under-test/codex", "adapters-under-test/codex-loader", "adapters-under-test/shared", ...ADAPTER_SHARED_FILES],
  "codex-install": ["adapters-under-test/codex", "adapters-under-test/codex-install", "adapters-under-test/shared", ...ADAPTER_SHARED_FILES],
  "claude-code-loader": ["adapters-under-test/claude-code", "adapters-under-test/claude-code-loader", "adapters-under-test/shared", ...ADAPTER_SHARED_FILES],
  "claude-code-install": ["adapters-under-test/claude-code", "adapters-under-test/claude-code-install", "adapters-under-test/shared", ...ADAPTER_SHARED_FILES],
};

/** `codex-loader-0.147.0-2026-12-04` (the implementation's version, the run's date). */
export function publishedName(adapter: string, version: string, date: string): string {
  return `${adapter}-${version}-${date}`;
}

/** sha256 over every file below `folders` (kit-relative; a file stands for itself), by path and content; "" for none. */
export async function sourcesFingerprint(root: string, folders: string[]): Promise<string> {
  if (folders.length === 0) return "";
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.isFile()) files.push(path);
    }
  };
  for (const folder of folders) {
    if ((await stat(join(root, folder))).isFile()) files.push(join(root, folder));
    else await walk(join(root, folder));
  }
  const hash = createHash("sha256");
  for (const file of files.map((f) => relative(root, f)).sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export interface PublishedReport {
  adapter: string;
  /** Kit-relative paths. */
  jsonl: string;
  markdown: string;
}

/** The newest published report of each adapter (by the date in its name), in LOADER_ADAPTERS order. */
export async function publishedReports(root: string): Promise<PublishedReport[]> {
  const dir = join(root, PUBLISHED_DIR);
  const names = existsSync(dir) ? (await readdir(dir)).filter((n) => n.endsWith(".jsonl")).sort() : [];
  const out: PublishedReport[] = [];
  for (const adapter of Object.keys(LOADER_ADAPTERS)) {
    const own = names.filter((n) => new RegExp(`^${adapter}-\\d[^-]*(?:-[^-]+)*-\\d{4}-\\d{2}-\\d{2}\\.jsonl$`).test(n) && !isOtherAdapters(n, adapter));
    const newest = own.sort((a, b) => dateOf(a).localeCompare(dateOf(b)) || a.localeCompare(b)).pop();
    if (newest === undefined) continue;
    const jsonl = join(PUBLISHED_DIR, newest);
    out.push({ adapter, jsonl, markdown: jsonl.replace(/\.jsonl$/, ".md") });
  }
  return out;
}

/** `codex-loader-…` is not one of `codex`'s (a longer adapter name sharing the prefix). */
function isOtherAdapters(file: string, adapter: string): boolean {
  return Object.keys(LOADER_ADAPTERS).some((other) => other !== adapter && other.startsWith(`${adapter}-`) && file.startsWith(`${other}-`));
}

function dateOf(file: string): string {
  return /(\d{4}-\d{2}-\d{2})\.jsonl$/.exec(file)?.[1] ?? "";
}

export async function readSources(root: string): Promise<Record<string, string>> {
  const file = join(root, PUBLISHED_DIR, SOURCES_FILE);
  return existsSync(file) ? (JSON.parse(await readFile(file, "utf8")) as Record<string, string>) : {};
}
