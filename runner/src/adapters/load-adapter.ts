// Finds and reads adapter.yaml files (adapters-under-test/<name>/adapter.yaml).

import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { parseCommandString } from "execa";
import { LineCounter, parseDocument } from "yaml";
import { problem, type LintProblem } from "../common/problems.js";
import { adapterPlaceholders } from "../protocol/placeholders.js";
import { check, describeErrors } from "../schemas/registry.js";
import type { Adapter, AdapterConfig } from "../types/adapter.js";
import type { ImplementationInfo } from "../../shared/protocol.js";
import { errorPath, lineOf } from "../common/yaml-locate.js";

export const ADAPTERS_DIR = "adapters-under-test";

export class AdapterError extends Error {}

export interface AdapterLoad {
  adapter?: Adapter;
  problems: LintProblem[];
}

/** Reads one adapter.yaml; problems carry file:line. */
export async function readAdapter(file: string, kitRoot: string): Promise<AdapterLoad> {
  const rel = relative(kitRoot, file);
  const counter = new LineCounter();
  const doc = parseDocument(await readFile(file, "utf8"), { lineCounter: counter, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.map((e) => problem("adapter-schema", rel, e.linePos?.[0]?.line ?? 1, e.message.split("\n")[0] ?? "")),
    };
  }
  const data = doc.toJS() as unknown;
  const result = check("adapter.schema.json", data);
  if (!result.ok) {
    return {
      problems: result.errors.map((e) => problem("adapter-schema", rel, lineOf(doc, counter, errorPath(e)), describeErrors([e]))),
    };
  }
  const config = data as AdapterConfig;
  const unfillable = templateProblems(config);
  if (unfillable.length > 0) {
    return { problems: unfillable.map(([op, message]) => problem("adapter-schema", rel, lineOf(doc, counter, ["operations", op, "argv"]), message)) };
  }
  // `${NAME}` in `implementation`: filled from the environment, then checked again.
  const env = implementationFromEnvironment(config.implementation);
  const filled: AdapterConfig = env.implementation === config.implementation ? config : { ...config, implementation: env.implementation };
  let envProblems = env.problems;
  const recheck = envProblems.length === 0 && filled !== config ? check("adapter.schema.json", filled) : { ok: true as const };
  if (!recheck.ok) envProblems = recheck.errors.map((e) => [String(errorPath(e)[1] ?? ""), `with the environment filled in, ${describeErrors([e])}`]);
  if (envProblems.length > 0) {
    return { problems: envProblems.map(([field, message]) => problem("adapter-schema", rel, lineOf(doc, counter, ["implementation", field]), message)) };
  }
  return { adapter: { ...filled, dir: resolve(file, ".."), file: resolve(file) }, problems: [] };
}

const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * The `implementation` strings with `${NAME}` and `${NAME:-default}` filled from the
 * environment (an unset or empty NAME gives the default), so that one exec adapter can wrap
 * whichever CLI a variable names and still announce what it ran (a one-shot CLI has no hello).
 * `info` itself when it names no variable; problems as [field, message] for a NAME that is
 * unset and has no default.
 */
export function implementationFromEnvironment<T extends ImplementationInfo | null | undefined>(
  info: T,
  env: NodeJS.ProcessEnv = process.env,
): { implementation: T; problems: [string, string][] } {
  const problems: [string, string][] = [];
  let changed = false;
  const filled = Object.fromEntries(
    Object.entries(info ?? {}).map(([field, value]) => {
      if (typeof value !== "string") return [field, value];
      const text = value.replace(ENV_REFERENCE, (_, name: string, fallback: string | undefined) => {
        changed = true;
        const set = env[name];
        if (set !== undefined && set !== "") return set;
        if (fallback === undefined) problems.push([field, `implementation.${field} needs the environment variable ${name}, which is not set (or write \${${name}:-default})`]);
        return fallback ?? "";
      });
      return [field, text];
    }),
  ) as T;
  return { implementation: changed ? filled : info, problems };
}

/** The command placeholders (protocol/placeholders.ts), then what each case fills in. */
const KNOWN_PLACEHOLDERS = [...Object.keys(adapterPlaceholders({ dir: "" }, "")), "root", "source", "case_id"];

/**
 * Exec templates that no case could ever fill, as [operation, message]: a placeholder typo, or
 * a group repeating over two arrays (ambiguous). An adapter mistake, not an implementation failure.
 */
function templateProblems(config: AdapterConfig): [string, string][] {
  const found: [string, string][] = [];
  for (const [op, { argv }] of Object.entries(config.operations ?? {})) {
    for (const text of argv.flat()) {
      for (const m of text.matchAll(/\{([^}]*)\}/g)) {
        const name = m[1] ?? "";
        if (!KNOWN_PLACEHOLDERS.includes(name) && !/^args\.[A-Za-z0-9_-]+(?:\[\])?$/.test(name)) {
          found.push([op, `unknown placeholder {${name}} in operations.${op}.argv (known: ${KNOWN_PLACEHOLDERS.join(", ")}, args.NAME, args.NAME[])`]);
        }
      }
    }
    for (const element of argv) {
      const arrays = new Set((Array.isArray(element) ? element : [element]).flatMap((t) => [...t.matchAll(/\{(args\.[A-Za-z0-9_-]+)\[\]\}/g)].map((m) => m[1])));
      if (arrays.size > 1) found.push([op, `operations.${op}.argv repeats one group over two arrays (${[...arrays].join(", ")}); use one [] placeholder per group`]);
    }
  }
  return found;
}

/** `--adapter NAME` (a folder under adapters-under-test/) or `--adapter PATH` (folder or adapter.yaml). */
export async function resolveAdapter(nameOrPath: string, kitRoot: string): Promise<Adapter> {
  const { adapter, problems } = await readAdapter(await adapterFile(nameOrPath, kitRoot), kitRoot);
  if (adapter) return adapter;
  throw new AdapterError(problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join("\n"));
}

/** The adapter file an `--adapter` names: a kit adapter's name, a folder holding adapter.yaml, or the file. */
export async function adapterFile(nameOrPath: string, kitRoot: string): Promise<string> {
  const candidates = [join(kitRoot, ADAPTERS_DIR, nameOrPath, "adapter.yaml"), resolve(nameOrPath, "adapter.yaml"), resolve(nameOrPath)];
  for (const file of candidates) {
    if (existsSync(file) && (await stat(file)).isFile()) return file;
  }
  // a folder that exists but holds no adapter file: say which file is missing
  if (existsSync(nameOrPath) && (await stat(nameOrPath)).isDirectory()) {
    throw new AdapterError(`${resolve(nameOrPath, "adapter.yaml")} is missing: an adapter folder holds adapter.yaml (IMPLEMENTERS.md §6)`);
  }
  const known = await listAdapters(kitRoot);
  throw new AdapterError(`no adapter "${nameOrPath}"; known adapters: ${known.join(", ") || "(none)"}`);
}

export async function listAdapters(kitRoot: string): Promise<string[]> {
  const dir = join(kitRoot, ADAPTERS_DIR);
  if (!existsSync(dir)) return [];
  const names: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory() && existsSync(join(dir, e.name, "adapter.yaml"))) names.push(e.name);
  }
  return names.sort();
}

/** An ad-hoc persistent adapter from `--command "node my-impl.js"`. */
export function commandAdapter(command: string): Adapter {
  const argv = parseCommandString(command);
  if (argv.length === 0) throw new AdapterError("--command is empty");
  return {
    name: "command",
    description: `ad-hoc implementation: ${command}`,
    mode: "persistent",
    command: argv,
    baseline: {},
    dir: process.cwd(),
  };
}
