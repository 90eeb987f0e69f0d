// Parsers for what Codex prints. Each takes a command's stdout and returns plain data; none of
// them knows the result shape of the protocol (map-result.ts does).

import { isRecord } from "../shared/values.js";

export interface InstallOutput {
  name: string;
  version: string | null;
  installedPath: string;
}

export interface ListedPlugin {
  name: string;
  /** What `plugin list` prints; "1.0.0" when plugin.json has no version (Codex's cache key), so not used for identity. */
  version: string | null;
  installed: boolean;
  enabled: boolean;
}

export interface McpListed {
  name: string;
  enabled: boolean;
  transport: Record<string, unknown>;
}

export interface PromptSkill {
  /** The name after the `<plugin>:` prefix. */
  name: string;
  description: string;
  /** The locator Codex gave (`file: …`), absolute. */
  file?: string;
}

export class ParseError extends Error {}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ParseError(`${what} did not print JSON: ${text.slice(0, 200)}`);
  }
}

/** `codex plugin add NAME@MKT --json` on success. */
export function parseInstall(stdout: string): InstallOutput {
  const v = parseJson(stdout, "codex plugin add --json");
  if (!isRecord(v) || typeof v["installedPath"] !== "string" || typeof v["name"] !== "string") {
    throw new ParseError(`codex plugin add --json printed an unexpected object: ${stdout.slice(0, 200)}`);
  }
  return { name: v["name"], version: typeof v["version"] === "string" ? v["version"] : null, installedPath: v["installedPath"] };
}

/** `codex plugin list --json --available`: the plugins of one marketplace (installed and available). */
export function parsePluginList(stdout: string, marketplace: string): ListedPlugin[] {
  const v = parseJson(stdout, "codex plugin list --json");
  if (!isRecord(v)) throw new ParseError("codex plugin list --json printed no object");
  const out: ListedPlugin[] = [];
  for (const key of ["installed", "available"]) {
    const list = v[key];
    if (!Array.isArray(list)) continue;
    for (const p of list) {
      if (!isRecord(p) || p["marketplaceName"] !== marketplace || typeof p["name"] !== "string") continue;
      out.push({
        name: p["name"],
        version: typeof p["version"] === "string" ? p["version"] : null,
        installed: p["installed"] === true,
        enabled: p["enabled"] === true,
      });
    }
  }
  return out;
}

/** `codex mcp list --json`: every configured server (in an isolated CODEX_HOME: the plugin's). */
export function parseMcpList(stdout: string): McpListed[] {
  const v = parseJson(stdout, "codex mcp list --json");
  if (!Array.isArray(v)) throw new ParseError("codex mcp list --json printed no array");
  return v.filter(isRecord).map((s) => ({
    name: String(s["name"]),
    enabled: s["enabled"] !== false,
    transport: isRecord(s["transport"]) ? s["transport"] : {},
  }));
}

/**
 * The plugin's skills from `codex debug prompt-input` (a JSON list of model input items). Its
 * `<skills_instructions>` block lists one skill per line:
 *   `- <plugin>:<skill>: <description> (file: <absolute SKILL.md>)`
 */
export function parsePromptSkills(stdout: string, plugin: string): PromptSkill[] {
  const items = parseJson(stdout, "codex debug prompt-input");
  const texts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === "string") texts.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (isRecord(v)) Object.values(v).forEach(collect);
  };
  collect(items);
  const skills: PromptSkill[] = [];
  const prefix = `- ${plugin}:`;
  for (const text of texts) {
    const block = /<skills_instructions>([\s\S]*?)<\/skills_instructions>/.exec(text)?.[1];
    if (block === undefined) continue;
    for (const line of block.split("\n")) {
      if (!line.startsWith(prefix)) continue;
      let rest = line.slice(prefix.length);
      let file: string | undefined;
      const at = rest.lastIndexOf(" (file: ");
      if (at >= 0 && rest.endsWith(")")) {
        file = rest.slice(at + " (file: ".length, -1);
        rest = rest.slice(0, at);
      }
      const colon = rest.indexOf(":");
      const name = colon >= 0 ? rest.slice(0, colon) : rest;
      const description = colon >= 0 ? rest.slice(colon + 1).trim() : "";
      skills.push(file === undefined ? { name, description } : { name, description, file });
    }
    break; // one skills block per prompt
  }
  return skills;
}
