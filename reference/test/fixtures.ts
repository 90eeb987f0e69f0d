// Small helpers for the reference's unit tests: temp source trees and manifest texts.

import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { TestContext } from "vitest";
import { runCli } from "../src/cli.js";
import { kitRoot } from "../../runner/shared/kit-root.js";

export function manifest(name = "demo", extra = ""): string {
  return `schema_version = 1\n[plugin]\nname = "${name}"\ndescription = "Demo package"\n${extra}`;
}

export type TreeEntry = string | Buffer | { symlink: string } | { text: string; mode: number } | { dir: true };

/** Creates a temp directory holding `files` (relative path → content) and returns its path. */
export async function makeTree(files: Record<string, TreeEntry>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "papc-ref-"));
  for (const [relative, entry] of Object.entries(files)) {
    const target = join(root, relative);
    await mkdir(dirname(target), { recursive: true });
    if (typeof entry === "string" || Buffer.isBuffer(entry)) await writeFile(target, entry);
    else if ("symlink" in entry) await symlink(entry.symlink, target);
    else if ("dir" in entry) await mkdir(target, { recursive: true });
    else {
      await writeFile(target, entry.text);
      await chmod(target, entry.mode);
    }
  }
  return root;
}

export async function removeTree(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** A valid SKILL.md for skills/<name>/. */
export function skill(name: string, extra = ""): string {
  return `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\nBody of ${name}.\n`;
}

/** A valid AGENT.md for agents/<name>/. */
export function agent(name: string, extra = ""): string {
  return `---\nschema_version: 1\nname: ${name}\ndescription: Agent ${name}.\n${extra}---\nYou are ${name}.\n`;
}

/** A tool `check` with one required input `value` (string), entry run.sh (executable). */
export const CHECK_TOOL = `
[[tool]]
schema_version = 1
id = "check"
entry = "run.sh"
runtime = "executable"
inputs = [{ name = "value", type = "string" }]
argv = ["\${input.value}"]
cwd = "tool_root"
availability = "required"
`;

export const RUN_SH = { text: '#!/bin/sh\necho \'{"kind":"abstain"}\'\n', mode: 0o755 };

/** A hook on tool `check`; override any key with `fields` (TOML value text). */
export function hook(fields: Record<string, string> = {}): string {
  const defaults: Record<string, string> = {
    schema_version: "1",
    id: '"gate"',
    tool: '"check"',
    subject: '"tool_call"',
    phase: '"before"',
    effect: '"allow_deny"',
    requirement: '"required"',
    timeout_ms: "5000",
    failure_policy: '"fail_closed"',
    retry: '"never"',
    error_visibility: '"user"',
    blocking_scope: '"matched_event"',
    bindings: '[{ input = "value", field = "session.id" }]',
  };
  const merged = { ...defaults, ...fields };
  const lines = Object.entries(merged)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key} = ${value}`);
  return `\n[[hook]]\n${lines.join("\n")}\n`;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs pap-reference in-process, capturing what it writes. */
export async function cli(...argv: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

/**
 * Root ignores permission bits, so unreadable-path tests call a function of the built module
 * (dist/reference/src/<module>.js) in a child running as uid/gid 65534 and parse its JSON
 * result. `call` is an expression over `m`, the imported module. Skips when that is impossible.
 */
export async function callAsNobody<T>(module: string, call: string, context: TestContext): Promise<T> {
  const built = join(kitRoot(), "dist", "reference", "src", `${module}.js`);
  if (!existsSync(built)) context.skip("running as root and dist/ is not built (npm test builds it first)");
  const script = `import(${JSON.stringify(pathToFileURL(built).href)}).then(async (m) => process.stdout.write(JSON.stringify(await ${call})))`;
  const child = spawn(process.execPath, ["-e", script], { uid: 65534, gid: 65534, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) context.skip(`cannot run as an unprivileged user here (exit ${code}): ${err.split("\n")[0]}`);
  return JSON.parse(out) as T;
}
