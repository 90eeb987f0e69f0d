// Puts a case's plugin root into a local Claude Code marketplace:
//   <dir>/.claude-plugin/marketplace.json  {"name":"papc","owner":{"name":"papc"},"plugins":[{"name":<entry>,"source":"./plugins/<root>"}]}
//   <dir>/plugins/                         the folder holding the plugin root, copied as it is
// (siblings included, so a relative symlink names the same thing as in the fixture). Claude Code
// loads a plugin of a local folder marketplace in place, from this copy, after `plugin install`
// has validated it and copied it into its cache (FINDINGS.md, "Installer").

import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { declaredName } from "../shared/declared-name.js";
import { copyEntries } from "../shared/fixture-copy.js";

export const MARKETPLACE_NAME = "papc";

/** Writes the marketplace into `dir` (absolute); returns the entry's (the plugin's) name. */
export async function materializeMarketplace(dir: string, source: string): Promise<string> {
  await mkdir(join(dir, ".claude-plugin"), { recursive: true });
  await copyEntries(dirname(source), join(dir, "plugins"));
  // Claude Code does not compare the entry's name with the manifest's; a user names it as the package does
  const entry = await declaredName(source, ["plugin.json", ".claude-plugin/plugin.json"]);
  const marketplace = { name: MARKETPLACE_NAME, owner: { name: "papc" }, plugins: [{ name: entry, source: `./plugins/${basename(source)}` }] };
  await writeFile(join(dir, ".claude-plugin", "marketplace.json"), `${JSON.stringify(marketplace, null, 2)}\n`);
  return entry;
}
