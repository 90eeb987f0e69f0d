// Package discovery: a source exposes packages only at plugins/<name>/PLUGIN.toml.
// Not recursive, never follows a symlink (lstat everywhere), sorted by name.
// Discovery only decides *where* manifests are; reading and decoding is manifest-decode.ts.

import type { Dir, Dirent, Stats } from "node:fs";
import { lstat, opendir } from "node:fs/promises";
import { join } from "node:path";
import { errorText } from "../wording.js";
import type { DiscoveryProblem } from "./messages/source.js";

export const PLUGINS_DIR = "plugins";
export const MANIFEST_FILE = "PLUGIN.toml";
/** Entries of a source's plugins/ directory (PAP-SEM-LIMIT-SOURCE-ENTRIES): keeps one source's validation within seconds. */
export const PLUGINS_DIR_ENTRIES = 1024;

export interface DiscoveredPackage {
  /** Directory name under plugins/ (the package slot). */
  name: string;
  /** "/"-separated paths relative to the source root. */
  path: string;
  manifestPath: string;
  /** Absolute path of the manifest, for reading. */
  manifestFile: string;
}

/** Something at a discovery location that is not a usable package (reported as an error). */
export interface DiscoveryFinding {
  /** "/"-separated path relative to the source root. */
  path: string;
  problem: DiscoveryProblem;
}

export interface Discovery {
  packages: DiscoveredPackage[];
  findings: DiscoveryFinding[];
}

function errorCode(error: unknown): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: fs promises reject only with Error objects that carry a code
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lossyUtf8 = new TextDecoder("utf-8");

function utf8Name(bytes: Buffer): string | undefined {
  try {
    // Stryker disable BlockStatement: the catch block below: an empty catch block returns undefined as well
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
// Stryker restore BlockStatement

/** The entries of a directory as bytes, or "over" as soon as there are more than the limit. */
async function listBounded(path: string): Promise<{ entries: Dirent<Buffer>[] | "over" } | { error: unknown }> {
  let dir: Dir;
  try {
    dir = await opendir(path, { encoding: "buffer" as BufferEncoding, bufferSize: 128 });
  } catch (error) {
    // no case reaches this (no coverage): a plugins/ directory lstat just saw cannot fail to open unless removed in between or unreadable, which permission bits do not make for a root user
    return { error };
  }
  const entries: Dirent<Buffer>[] = [];
  try {
    for (let entry = await dir.read(); entry !== null; entry = await dir.read()) {
      // encoding "buffer": the name arrives as raw bytes, whatever Node's typings say.
      entries.push(entry as unknown as Dirent<Buffer>);
      if (entries.length > PLUGINS_DIR_ENTRIES) return { entries: "over" };
    }
    return { entries };
  } catch (error) {
    // no case reaches this (no coverage): reading an open directory fails only on an I/O error or a file system going away; closing below releases a descriptor, which no case observes
    return { error };
  } finally {
    await dir.close().catch(() => undefined);
  }
}

async function lstatOrError(path: string): Promise<{ stats: Stats } | { error: unknown }> {
  try {
    return { stats: await lstat(path) };
  } catch (error) {
    return { error };
  }
}

export async function discoverPackages(sourceRoot: string): Promise<Discovery> {
  const discovery: Discovery = { packages: [], findings: [] };
  const finding = (path: string, problem: DiscoveryProblem): Discovery => {
    discovery.findings.push({ path, problem });
    return discovery;
  };

  const pluginsDir = join(sourceRoot, PLUGINS_DIR);
  const root = await lstatOrError(pluginsDir);
  if ("error" in root) {
    if (errorCode(root.error) === "ENOENT") return discovery; // no plugins/ folder: nothing to expose
    return finding(PLUGINS_DIR, { code: "unreadable_plugin_path", kind: "discovery-plugins-uninspectable", error: errorText(root.error) });
  }
  if (root.stats.isSymbolicLink()) {
    return finding(PLUGINS_DIR, { code: "unsafe_plugin_package_entry", kind: "discovery-plugins-symlink" });
  }
  if (!root.stats.isDirectory()) {
    return finding(PLUGINS_DIR, { code: "invalid_plugin_package", kind: "discovery-plugins-not-directory" });
  }

  // Names as bytes: a name that is not UTF-8 cannot be spelled in a report path, and decoding it
  // lossily would look up another name; such a directory is refused, not skipped.
  const listed = await listBounded(pluginsDir);
  // Stryker disable next-line ConditionalExpression,StringLiteral: listing fails only as listBounded says no case can make it
  if ("error" in listed) return finding(PLUGINS_DIR, { code: "unreadable_plugin_path", kind: "discovery-plugins-unlistable", error: errorText(listed.error) });
  if (listed.entries === "over") {
    return finding(PLUGINS_DIR, { code: "invalid_plugin_package", kind: "discovery-plugins-entries" });
  }
  const entries = listed.entries;
  entries.sort((left, right) => Buffer.compare(left.name, right.name));

  for (const entry of entries) {
    const name = utf8Name(entry.name);
    const path = `${PLUGINS_DIR}/${name ?? lossyUtf8.decode(entry.name)}`;
    if (entry.isSymbolicLink()) {
      finding(path, { code: "unsafe_plugin_package_entry", kind: "discovery-package-symlink" });
      continue;
    }
    if (name === undefined) {
      if (entry.isDirectory()) finding(path, { code: "invalid_plugin_package", kind: "discovery-package-name-encoding", hex: entry.name.toString("hex") });
      continue;
    }
    if (!entry.isDirectory()) continue; // plain files next to packages are not packages

    const manifestPath = `${path}/${MANIFEST_FILE}`;
    const manifestFile = join(pluginsDir, name, MANIFEST_FILE);
    const manifest = await lstatOrError(manifestFile);
    if ("error" in manifest) {
      if (errorCode(manifest.error) === "ENOENT") continue; // a directory without a manifest is no package
      finding(manifestPath, { code: "unreadable_plugin_path", kind: "discovery-manifest-uninspectable", error: errorText(manifest.error) });
      continue;
    }
    if (manifest.stats.isSymbolicLink()) {
      finding(manifestPath, { code: "unsafe_plugin_package_entry", kind: "discovery-manifest-symlink" });
      continue;
    }
    if (!manifest.stats.isFile()) {
      finding(manifestPath, { code: "invalid_plugin_package", kind: "discovery-manifest-not-file" });
      continue;
    }
    discovery.packages.push({ name, path, manifestPath, manifestFile });
  }
  return discovery;
}
