// Agents of the validated source (SPEC.md 3.6): the published reference's convention
// agents/<dir>/AGENT.md, checked at its core (schema_version 1, name = directory, a
// description, a non-empty prompt). Draft 0.1 standardizes no agent format, so a rejected
// agent yields no warning; the reason only shows in the detail of a member naming it.

import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { decodeUtf8, hasText, MAX_DOCUMENT_BYTES, parseYamlMapping, readHead, splitFrontmatter } from "./frontmatter.js";
import { errorText, listConventionDirectory, MAX_CONVENTION_ENTRIES } from "./source-dirs.js";

export const AGENTS_DIR = "agents";
export const AGENT_FILE = "AGENT.md";
const AGENT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface AgentComponent {
  dir: string;
  id?: string;
  path: string;
}

export interface AgentScan {
  agents: AgentComponent[];
  /** Why an entry of agents/ is not a usable agent, by directory name. */
  rejected: Map<string, string>;
  /** Why agents/ as a whole yields nothing (symlink, unreadable), when it does. */
  unavailable?: string;
}

async function checkAgent(sourceRoot: string, dir: string): Promise<{ ok: true; id?: string } | { ok: false; reason: string } | { ok: "absent" }> {
  const file = join(sourceRoot, AGENTS_DIR, dir, AGENT_FILE);
  try {
    const stats = await lstat(file);
    if (stats.isSymbolicLink()) return { ok: false, reason: `${AGENT_FILE} is a symlink` };
    if (!stats.isFile()) return { ok: false, reason: `${AGENT_FILE} is not a regular file` };
    if (stats.size > MAX_DOCUMENT_BYTES) return { ok: false, reason: `${AGENT_FILE} is larger than ${MAX_DOCUMENT_BYTES} bytes` };
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return { ok: "absent" };
    return { ok: false, reason: `cannot inspect ${AGENT_FILE}: ${errorText(error)}` };
  }
  const head = await readHead(file, MAX_DOCUMENT_BYTES);
  if (!head.ok) return { ok: false, reason: head.message };
  if (!head.complete) return { ok: false, reason: `${AGENT_FILE} is larger than ${MAX_DOCUMENT_BYTES} bytes` };
  if (decodeUtf8(head.bytes) === undefined) return { ok: false, reason: `${AGENT_FILE} is not valid UTF-8` };
  const split = splitFrontmatter(head.bytes);
  if (!split.ok) return { ok: false, reason: split.message };
  const parsed = parseYamlMapping(decodeUtf8(split.frontmatter) ?? "");
  if (!parsed.ok) return { ok: false, reason: parsed.message };
  const frontmatter = parsed.value;
  if (frontmatter["schema_version"] !== 1) return { ok: false, reason: "schema_version must be 1" };
  const name = frontmatter["name"];
  if (typeof name !== "string" || name !== dir || !AGENT_NAME.test(name)) {
    return { ok: false, reason: `name must equal the directory name ${JSON.stringify(dir)} (lower kebab case)` };
  }
  if (!hasText(frontmatter["description"])) return { ok: false, reason: "description must be a string with non-whitespace text" };
  if ("id" in frontmatter && !hasText(frontmatter["id"])) return { ok: false, reason: "id must be a non-empty string" };
  if (!hasText(decodeUtf8(split.body) ?? "")) return { ok: false, reason: "the Markdown prompt after the frontmatter is empty" };
  const id = frontmatter["id"];
  return typeof id === "string" ? { ok: true, id } : { ok: true };
}

export async function scanAgents(sourceRoot: string): Promise<AgentScan> {
  const scan: AgentScan = { agents: [], rejected: new Map() };
  const listing = await listConventionDirectory(sourceRoot, AGENTS_DIR);
  if (listing.kind === "symlink") scan.unavailable = "the source's agents directory is a symlink";
  if (listing.kind === "unreadable") scan.unavailable = `cannot list agents: ${listing.message}`;
  if (listing.kind !== "listed") return scan;
  if (listing.truncated) scan.unavailable = `agents holds more than ${MAX_CONVENTION_ENTRIES} entries; only the first were examined`;
  for (const entry of listing.entries) {
    if (entry.isSymbolicLink()) {
      scan.rejected.set(entry.name, "the agent directory is a symlink");
      continue;
    }
    if (!entry.isDirectory()) continue;
    const result = await checkAgent(sourceRoot, entry.name);
    if (result.ok === "absent") continue;
    if (result.ok === false) {
      scan.rejected.set(entry.name, result.reason);
      continue;
    }
    const agent: AgentComponent = { dir: entry.name, path: `${AGENTS_DIR}/${entry.name}/${AGENT_FILE}` };
    if (result.id !== undefined) agent.id = result.id;
    scan.agents.push(agent);
  }
  return scan;
}
