// Puts a case's plugin root into a local Codex marketplace:
//   <dir>/.agents/plugins/marketplace.json  {"name":"papc","plugins":[{"name":<entry>,"source":{"source":"local","path":"./plugins/<root>"}}]}
//   <dir>/plugins/                          a copy of the folder holding the plugin root: the root and
//                                           everything beside it, symlinks copied as they are
// The siblings come along so that a relative symlink of the package (`../../outside/x`) names the
// same thing in the marketplace as in the fixture: what Codex's installer then makes of the
// package is the installer's doing, never the copy's.

import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { declaredName } from "../shared/declared-name.js";
import { copyEntries } from "../shared/fixture-copy.js";

export const MARKETPLACE_NAME = "papc";

export interface Marketplace {
  /** Absolute path of .agents/plugins/marketplace.json. */
  manifestFile: string;
  /** The marketplace entry's (and so the plugin's) name. */
  entry: string;
  /** The marketplace's copy of the plugin root. */
  pluginDir: string;
}

/**
 * The marketplace entry name: plugin.json's `name` (Codex refuses an entry whose name differs from
 * the manifest's: "plugin.json name `x` does not match marketplace plugin name `y`"), else the
 * name in Codex's own legacy manifest, which Codex falls back to when the root manifest is missing
 * or not JSON, else the root folder's name.
 */
export function entryName(source: string): Promise<string> {
  return declaredName(source, ["plugin.json", ".codex-plugin/plugin.json"]);
}

/** Writes the marketplace into `dir` (absolute) for the plugin root `source`. */
export async function materializeMarketplace(dir: string, source: string): Promise<Marketplace> {
  const plugins = join(dir, "plugins");
  await mkdir(join(dir, ".agents", "plugins"), { recursive: true });
  await copyEntries(dirname(source), plugins);
  const entry = await entryName(source);
  const manifestFile = join(dir, ".agents", "plugins", "marketplace.json");
  const root = basename(source);
  const marketplace = { name: MARKETPLACE_NAME, plugins: [{ name: entry, source: { source: "local", path: `./plugins/${root}` } }] };
  await writeFile(manifestFile, `${JSON.stringify(marketplace, null, 2)}\n`);
  return { manifestFile, entry, pluginDir: join(plugins, root) };
}
