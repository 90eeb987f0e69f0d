// Package discovery: a source exposes packages only at plugins/<name>/PLUGIN.toml.
// Not recursive, never follows a symlink (lstat everywhere), sorted by name.
// Discovery only decides *where* manifests are; reading and decoding is manifest-decode.ts.

import type { Dirent, Stats } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

export const PLUGINS_DIR = "plugins";
export const MANIFEST_FILE = "PLUGIN.toml";

export interface DiscoveredPackage {
  /** Directory name under plugins/ (the package slot). */
  name: string;
  /** "/"-separated paths relative to the source root. */
  path: string;
  manifestPath: string;
  /** Absolute path of the manifest, for reading. */
  manifestFile: string;
}

export type DiscoveryFindingCode = "unsafe_plugin_package_entry" | "unreadable_plugin_path" | "invalid_plugin_package";

/** Something at a discovery location that is not a usable package (reported as an error). */
export interface DiscoveryFinding {
  code: DiscoveryFindingCode;
  path: string;
  message: string;
}

export interface Discovery {
  packages: DiscoveredPackage[];
  findings: DiscoveryFinding[];
}

function errorCode(error: unknown): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: fs promises reject only with Error objects that carry a code
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Byte order of the UTF-8 spelling, so the order does not depend on UTF-16 quirks. */
export function compareNames(left: string, right: string): number {
  // Stryker disable next-line StringLiteral: Buffer.from treats an empty encoding as UTF-8
  return Buffer.compare(Buffer.from(left, "utf8"), Buffer.from(right, "utf8"));
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
  const finding = (code: DiscoveryFindingCode, path: string, message: string): Discovery => {
    discovery.findings.push({ code, path, message });
    return discovery;
  };

  const pluginsDir = join(sourceRoot, PLUGINS_DIR);
  const root = await lstatOrError(pluginsDir);
  if ("error" in root) {
    if (errorCode(root.error) === "ENOENT") return discovery; // no plugins/ folder: nothing to expose
    return finding("unreadable_plugin_path", PLUGINS_DIR, `cannot inspect ${PLUGINS_DIR}: ${errorText(root.error)}`);
  }
  if (root.stats.isSymbolicLink()) {
    return finding("unsafe_plugin_package_entry", PLUGINS_DIR, `the source's ${PLUGINS_DIR} directory must not be a symlink`);
  }
  if (!root.stats.isDirectory()) {
    return finding("invalid_plugin_package", PLUGINS_DIR, `the source's ${PLUGINS_DIR} path must be a directory`);
  }

  let entries: Dirent[];
  try {
    entries = await readdir(pluginsDir, { withFileTypes: true });
  } catch (error) {
    return finding("unreadable_plugin_path", PLUGINS_DIR, `cannot list ${PLUGINS_DIR}: ${errorText(error)}`);
  }
  // Stryker disable next-line MethodExpression,ArrowFunction: Node's readdir (libuv scandir) already returns names in byte order; kept so the order does not rest on that
  entries.sort((left, right) => compareNames(left.name, right.name));

  for (const entry of entries) {
    const path = `${PLUGINS_DIR}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      finding("unsafe_plugin_package_entry", path, "plugin package directories must not be symlinks");
      continue;
    }
    if (!entry.isDirectory()) continue; // plain files next to packages are not packages

    const manifestPath = `${path}/${MANIFEST_FILE}`;
    const manifestFile = join(pluginsDir, entry.name, MANIFEST_FILE);
    const manifest = await lstatOrError(manifestFile);
    if ("error" in manifest) {
      if (errorCode(manifest.error) === "ENOENT") continue; // a directory without a manifest is no package
      finding("unreadable_plugin_path", manifestPath, `cannot inspect ${MANIFEST_FILE}: ${errorText(manifest.error)}`);
      continue;
    }
    if (manifest.stats.isSymbolicLink()) {
      finding("unsafe_plugin_package_entry", manifestPath, `${MANIFEST_FILE} must not be a symlink`);
      continue;
    }
    if (!manifest.stats.isFile()) {
      finding("invalid_plugin_package", manifestPath, `${MANIFEST_FILE} must be a regular file`);
      continue;
    }
    discovery.packages.push({ name: entry.name, path, manifestPath, manifestFile });
  }
  return discovery;
}
