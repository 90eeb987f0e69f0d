// Puts a case's plugin root into a local Codex marketplace:
//   <dir>/.agents/plugins/marketplace.json  {"name":"papc","plugins":[{"name":<entry>,"source":{"source":"local","path":"./plugins/plugin"}}]}
//   <dir>/plugins/plugin/                   a copy of the plugin root
// and decides whether that is faithful. Codex's `plugin add` copies a local plugin into
// $CODEX_HOME/plugins/cache/… and drops every symlink (observed: dir and file symlinks, inside
// or outside the root, all vanish), so a package holding a symlink would test the installer,
// not the loader: such a case is declined.

import { cp, lstat, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";

export const MARKETPLACE_NAME = "papc";

export type Representable = { ok: true; entryName: string } | { ok: false; reason: string };

/**
 * Whether the plugin root can be installed through a local marketplace unchanged, and the
 * marketplace entry name to use. Codex refuses an entry whose name differs from plugin.json's
 * `name` ("plugin.json name `x` does not match marketplace plugin name `y`"), so the entry takes
 * that name when plugin.json has a usable one; otherwise (absent, malformed, not a string) the
 * manifest is rejected by Codex anyway and any entry name shows that.
 */
export async function inspectPluginRoot(source: string): Promise<Representable> {
  let info;
  try {
    info = await lstat(source);
  } catch {
    return { ok: false, reason: `the plugin root ${source} does not exist; a local Codex marketplace entry needs a folder to install` };
  }
  if (info.isSymbolicLink()) return { ok: false, reason: "the plugin root itself is a symlink; Codex's local-marketplace installer copies the folder and drops symlinks, so this would test the installer, not the loader" };
  if (!info.isDirectory()) return { ok: false, reason: "the plugin root is not a directory; a local Codex marketplace entry needs a folder to install" };
  const odd = await firstUnrepresentable(source, source);
  if (odd) return { ok: false, reason: odd };
  return { ok: true, entryName: await entryName(source) };
}

/** The first entry under `dir` that Codex's installer would not copy as it is, described. */
async function firstUnrepresentable(root: string, dir: string): Promise<string | undefined> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    const rel = relative(root, path).split("\\").join("/");
    if (e.isSymbolicLink()) {
      return `the package holds a symlink (${rel}); Codex 0.147.0's local-marketplace installer drops every symlink when it copies a plugin into its cache, so Codex's loader never sees it and the case would test the installer, not the loader`;
    }
    if (e.isDirectory()) {
      const inner = await firstUnrepresentable(root, path);
      if (inner) return inner;
    } else if (!e.isFile()) {
      return `the package holds a special file (${rel}) that a local-marketplace install cannot carry`;
    }
  }
  return undefined;
}

async function entryName(source: string): Promise<string> {
  try {
    const manifest = JSON.parse(await readFile(join(source, "plugin.json"), "utf8")) as unknown;
    if (typeof manifest === "object" && manifest !== null && !Array.isArray(manifest)) {
      const name = (manifest as Record<string, unknown>)["name"];
      // `@` would split the `codex plugin add NAME@MARKETPLACE` selector; such a name is invalid anyway
      if (typeof name === "string" && /^[^\s@/\\]{1,200}$/.test(name)) return name;
    }
  } catch {
    // missing or malformed: Codex rejects it whatever the entry is called
  }
  return "plugin";
}

/** Writes the marketplace into `dir` (absolute) with a copy of the plugin root; returns the manifest path. */
export async function materializeMarketplace(dir: string, source: string, entry: string): Promise<string> {
  const plugins = join(dir, "plugins");
  await mkdir(join(dir, ".agents", "plugins"), { recursive: true });
  await mkdir(plugins, { recursive: true });
  // modes are kept (fs.cp copies with copyFile); there are no symlinks to decide about
  await cp(source, join(plugins, "plugin"), { recursive: true, verbatimSymlinks: true, errorOnExist: true });
  const manifest = join(dir, ".agents", "plugins", "marketplace.json");
  const marketplace = { name: MARKETPLACE_NAME, plugins: [{ name: entry, source: { source: "local", path: "./plugins/plugin" } }] };
  await writeFile(manifest, `${JSON.stringify(marketplace, null, 2)}\n`);
  return manifest;
}
