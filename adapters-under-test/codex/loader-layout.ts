// The loader profile: the package is written straight into the folder Codex's loader reads at
// session start, bypassing `codex plugin add` (which copies it and drops every symlink).
//
// `codex plugin add` writes two things (observed with 0.147.0): a copy of the plugin at
// $CODEX_HOME/plugins/cache/<marketplace>/<plugin>/<version>/ and `[plugins."<plugin>@<marketplace>"]
// enabled = true` in config.toml. The loader takes one version folder of cache/<marketplace>/<plugin>/:
// a real directory (symlinked entries are passed over) named `local` whenever there is one, else the
// highest version; folders whose name holds `~` are passed over too. So the layout is:
//
//   cache/papc/<plugin>/local            the plugin root, copied as it is (a symlink stays a symlink)
//   cache/papc/<plugin>/local~fixture/   everything the fixture has beside the root, copied as it is,
//                                        and <root name> → ../local
//   cache/papc/<plugin>/<sibling>        → local~fixture/<sibling>, for each of those entries
//   cache/papc/<plugin>/<root name>      → local
//
// Every relative symlink of the fixture then names the same thing as in the fixture: `../../outside/x`
// from inside the root reaches the copy of outside/, a link from outside/ back to `../demo/…` reaches
// the installed root, and every canonical path outside the root still starts with the root's path
// (…/local~fixture/…), which keeps a string-prefix containment check from passing by accident.
// After loading, the adapter checks that Codex really took `local` (load-plugin.ts).

import { lstat, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { parse, stringify } from "smol-toml";
import { copyAsIs } from "../shared/fixture-copy.js";
import { MARKETPLACE_NAME } from "./marketplace.js";

export const LOADER_VERSION_FOLDER = "local";
const SIBLINGS_FOLDER = `${LOADER_VERSION_FOLDER}~fixture`;

export class LayoutError extends Error {}

/** Places the plugin root `source` (and its siblings) in the cache; returns the installed root's path. */
export async function placeInCache(codexHome: string, entry: string, source: string): Promise<string> {
  const pluginDir = join(codexHome, "plugins", "cache", MARKETPLACE_NAME, entry);
  const rootName = basename(source);
  const siblings = (await readdir(dirname(source))).filter((name) => name !== rootName);
  const reserved = [LOADER_VERSION_FOLDER, SIBLINGS_FOLDER];
  const clash = [rootName, ...siblings].find((name) => reserved.includes(name));
  if (clash !== undefined) throw new LayoutError(`the fixture has an entry named "${clash}" beside the plugin root, which the loader layout needs for itself`);

  await mkdir(pluginDir, { recursive: true });
  const installed = join(pluginDir, LOADER_VERSION_FOLDER);
  // a fixture without its root leaves nothing to place: Codex then finds no version folder
  if (await exists(source)) await copyAsIs(source, installed);
  const fixture = join(pluginDir, SIBLINGS_FOLDER);
  await mkdir(fixture);
  for (const name of siblings) {
    await copyAsIs(join(dirname(source), name), join(fixture, name));
    await symlink(join(SIBLINGS_FOLDER, name), join(pluginDir, name));
  }
  await symlink(join("..", LOADER_VERSION_FOLDER), join(fixture, rootName));
  await symlink(LOADER_VERSION_FOLDER, join(pluginDir, rootName));
  return installed;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** What `codex plugin add` adds to config.toml: the plugin, enabled. */
export async function enablePlugin(codexHome: string, entry: string): Promise<void> {
  const file = join(codexHome, "config.toml");
  const config = parse(await readFile(file, "utf8").catch(() => "")) as Record<string, unknown>;
  const plugins = (config["plugins"] ?? {}) as Record<string, unknown>;
  plugins[`${entry}@${MARKETPLACE_NAME}`] = { enabled: true };
  config["plugins"] = plugins;
  await writeFile(file, `${stringify(config)}\n`);
}
