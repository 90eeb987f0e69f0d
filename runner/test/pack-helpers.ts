// Shared by pack.test.ts and implementers-walkthrough.test.ts: pack the kit with npm, and install
// the tarball into a fresh folder from the npm cache alone (see pack.test.ts for why a lock is
// written first), with npm and npx isolated from an enclosing `npm test`.

import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { expect } from "vitest";
import { KIT_ROOT } from "./helpers.js";

export interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}
export interface PackageJson {
  name: string;
  version: string;
  license?: string;
  bin: Record<string, string>;
  engines?: Record<string, string>;
  dependencies: Record<string, string>;
}
export interface LockEntry {
  dev?: boolean;
  [key: string]: unknown;
}

export const kitPackage = JSON.parse(await readFile(join(KIT_ROOT, "package.json"), "utf8")) as PackageJson;

// npm and npx without the npm_* variables of an enclosing `npm test` (npm_config_local_prefix
// would point them back at the kit), never asking the registry.
export const env: Record<string, string> = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !/^npm_/i.test(e[0])));
Object.assign(env, { npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false", NO_COLOR: "1" });
export interface Ran {
  exitCode: number | undefined;
  stdout: string;
  /** stdout and stderr interleaved, for assertion messages. */
  all: string;
}
export async function run(command: string, args: string[], cwd: string): Promise<Ran> {
  const r = await execa(command, args, { cwd, env, extendEnv: false, reject: false, all: true, timeout: 90_000 });
  return { exitCode: r.exitCode, stdout: r.stdout, all: r.all };
}

/** Packs the kit into `dest` (the API's declarations first; tsc has already built dist/). */
export async function packKit(dest: string): Promise<{ pack: PackResult; tarball: string }> {
  const types = await run("npm", ["run", "--silent", "prepack"], KIT_ROOT);
  expect(types.exitCode, types.all).toBe(0);
  const packed = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dest], KIT_ROOT);
  expect(packed.exitCode, packed.all).toBe(0);
  const pack = (JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as PackResult[])[0]!;
  return { pack, tarball: join(dest, pack.filename) };
}

/**
 * package.json depending on the tarball, and a lock of it plus the kit's locked runtime
 * dependencies. `as` is how package.json names the tarball (a path inside the folder, as
 * IMPLEMENTERS.md §1 vendors it); default: its absolute path.
 */
export async function writeConsumerLock(folder: string, file: string, dev = false, as = file): Promise<void> {
  const pkg = JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as Record<string, unknown>;
  const spec = `file:${as}`;
  const key = dev ? "devDependencies" : "dependencies";
  pkg[key] = { papc: spec };
  await writeFile(join(folder, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  const kitLock = JSON.parse(await readFile(join(KIT_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const integrity = `sha512-${createHash("sha512")
    .update(await readFile(file))
    .digest("base64")}`;
  const { name, version, license, bin, engines, dependencies } = kitPackage;
  const packages: Record<string, unknown> = {
    "": { name: pkg.name, version: pkg.version, [key]: { papc: spec } },
    "node_modules/papc": { version, resolved: spec, integrity, license, dependencies, bin, engines, ...(dev ? { dev: true } : {}) },
  };
  for (const [path, entry] of Object.entries(kitLock.packages)) {
    if (path.startsWith("node_modules/") && entry.dev !== true) packages[path] = dev ? { ...entry, dev: true } : entry;
  }
  const lock = { name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true, packages };
  expect(name).toBe("papc");
  await writeFile(join(folder, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
}
