// Agents of the validated source (SPEC.md 3.6): the published reference's convention
// agents/<dir>/AGENT.md, checked at its core (schema_version 1, name = directory, a
// description, a non-empty prompt). Draft 0.1 standardizes no agent format, so a rejected
// agent yields no warning; the reason only shows in the detail of a member naming it.

import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { decodeUtf8, hasText, MAX_DOCUMENT_BYTES, parseYamlMapping, readHead, splitFrontmatter } from "../frontmatter.js";
import type { AgentRejection, AgentsUnavailable } from "./messages/sources.js";
import { errorText } from "../wording.js";
import { listConventionDirectory, MAX_CONVENTION_ENTRIES } from "./source-dirs.js";

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
  rejected: Map<string, AgentRejection>;
  /** Why agents/ as a whole yields nothing (symlink, unreadable) or not all (truncated), when it does. */
  unavailable?: AgentsUnavailable;
}

async function checkAgent(sourceRoot: string, dir: string): Promise<{ ok: true; id: string | undefined } | { ok: false; reason: AgentRejection } | { ok: "absent" }> {
  const file = join(sourceRoot, AGENTS_DIR, dir, AGENT_FILE);
  // Stryker disable next-line BlockStatement: without the lstat checks readHead (O_NOFOLLOW) refuses a symlink, a directory and a missing file, and reads a larger file incomplete: refused all the same (absent or rejected only changes a detail)
  try {
    const stats = await lstat(file);
    // Stryker disable next-line ConditionalExpression: a symlink is not a regular file either and is refused on the next line
    if (stats.isSymbolicLink()) return { ok: false, reason: { flaw: "file-symlink" } };
    // Stryker disable next-line ConditionalExpression: readHead cannot read a directory (EISDIR), and a special file (no fixture kind) reads empty or fails: refused all the same
    if (!stats.isFile()) return { ok: false, reason: { flaw: "not-file" } };
    // Stryker disable BlockStatement: (for the catch below) without its return readHead fails on the same file and the agent is refused all the same (absent or rejected only changes a detail)
    // Stryker disable next-line ConditionalExpression: readHead reads a larger file incomplete and it is refused below
    if (stats.size > MAX_DOCUMENT_BYTES) return { ok: false, reason: { flaw: "too-large", maxBytes: MAX_DOCUMENT_BYTES } };
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a directory without AGENT.md and one whose AGENT.md cannot be inspected are both not agents; "absent" only spares a detail
    if ((error as { code?: unknown }).code === "ENOENT") {
      return { ok: "absent" };
    }
    return { ok: false, reason: { flaw: "uninspectable", error: errorText(error) } };
  }
  // Stryker restore BlockStatement
  const head = await readHead(file, MAX_DOCUMENT_BYTES);
  // Stryker disable next-line ConditionalExpression: a failed read has no `complete` and is refused on the next line
  if (!head.ok) return { ok: false, reason: { flaw: "unreadable", failure: head.flaw } };
  // Stryker disable next-line ConditionalExpression: lstat above already refused a larger file
  if (!head.complete)
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: unreachable: lstat above already refused a larger file (only a file growing in between gets here)
    return { ok: false, reason: { flaw: "too-large", maxBytes: MAX_DOCUMENT_BYTES } };
  // Stryker disable next-line ConditionalExpression: bad UTF-8 in the frontmatter decodes to "" (not a mapping), in the body to "" (an empty prompt): refused below all the same
  if (decodeUtf8(head.bytes) === undefined) return { ok: false, reason: { flaw: "not-utf8" } };
  const split = splitFrontmatter(head.bytes);
  // Stryker disable next-line ConditionalExpression: without frontmatter the undefined slice decodes to "", which is not a mapping: refused on the next lines
  if (!split.ok) return { ok: false, reason: { flaw: "frontmatter", failure: split.flaw } };
  // Stryker disable next-line StringLiteral: unreachable: the whole file was checked to be UTF-8 above, and the frontmatter ends at an ASCII line
  const parsed = parseYamlMapping(decodeUtf8(split.frontmatter) ?? "");
  if (!parsed.ok) return { ok: false, reason: { flaw: "frontmatter", failure: parsed.flaw } };
  const frontmatter = parsed.value;
  if (frontmatter["schema_version"] !== 1) return { ok: false, reason: { flaw: "schema-version" } };
  const name = frontmatter["name"];
  if (
    name !== dir ||
    // Stryker disable next-line ConditionalExpression: a name that is not a string differs from the directory name already
    typeof name !== "string" ||
    !AGENT_NAME.test(name)
  ) {
    return { ok: false, reason: { flaw: "name", dir } };
  }
  if (!hasText(frontmatter["description"])) return { ok: false, reason: { flaw: "description" } };
  if ("id" in frontmatter && !hasText(frontmatter["id"])) return { ok: false, reason: { flaw: "id" } };
  // Stryker disable next-line StringLiteral: the fallback "" is unreachable (the whole file was checked to be UTF-8 above)
  const prompt = decodeUtf8(split.body) ?? "";
  if (!hasText(prompt)) return { ok: false, reason: { flaw: "empty-prompt" } };
  // Absent, or a non-empty string (checked above).
  const id = frontmatter["id"] as string | undefined;
  return { ok: true, id };
}

export async function scanAgents(sourceRoot: string): Promise<AgentScan> {
  // Stryker disable next-line ArrayDeclaration: an entry without a dir or an id matches no selector
  const scan: AgentScan = { agents: [], rejected: new Map() };
  const listing = await listConventionDirectory(sourceRoot, AGENTS_DIR);
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: whether agents/ counts as unavailable only changes the detail of a member naming a missing agent, not its status
  if (listing.kind === "symlink") {
    scan.unavailable = { flaw: "agents-symlink" };
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: whether agents/ counts as unavailable only changes the detail of a member naming a missing agent, not its status
  if (listing.kind === "unreadable") {
    scan.unavailable = { flaw: "agents-unreadable", error: listing.error };
  }
  if (listing.kind !== "listed") return scan;
  // Stryker disable next-line ConditionalExpression: whether agents/ counts as unavailable only changes the detail of a member naming a missing agent, not its status
  if (listing.truncated) scan.unavailable = { flaw: "agents-truncated", maxEntries: MAX_CONVENTION_ENTRIES };
  for (const entry of listing.entries) {
    // Stryker disable next-line ConditionalExpression,BlockStatement: a symlink entry is not a directory and is skipped below; rejected or skipped only changes the detail of a member naming it
    if (entry.isSymbolicLink()) {
      scan.rejected.set(entry.name, { flaw: "entry-symlink" });
      continue;
    }
    // Stryker disable next-line ConditionalExpression: a file entry fails the lstat of <entry>/AGENT.md (ENOTDIR) and is rejected: not an agent either
    if (!entry.isDirectory()) continue;
    const result = await checkAgent(sourceRoot, entry.name);
    if (result.ok === "absent") continue;
    if (result.ok === false) {
      scan.rejected.set(entry.name, result.reason);
      continue;
    }
    // An id of undefined matches no selector, and resolution copies only a defined id.
    const agent: AgentComponent = { dir: entry.name, path: `${AGENTS_DIR}/${entry.name}/${AGENT_FILE}`, id: result.id };
    scan.agents.push(agent);
  }
  return scan;
}
