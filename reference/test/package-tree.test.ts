// walkPackage: every package-tree limit exactly at the edge and one over, and the adversarial
// entries a case fixture cannot express (FIFO, socket, devices, unreadable directories), each
// walked without hanging (a FIFO opened for reading would block forever). How long a walk takes
// is measured by runner/bench/limits-bench.ts, not here. Requirement IDs (SPEC.md chapter 3) appear in the test names:
// PAP-SEM-LIMIT-PACKAGE-ENTRIES, PAP-SEM-LIMIT-DIRECTORY-DEPTH, PAP-SEM-LIMIT-FILE-SIZE,
// PAP-SEM-LIMIT-PACKAGE-SIZE, PAP-SEM-PACKAGE-NO-SYMLINKS, PAP-SEM-PACKAGE-SPECIAL-FILES.

import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, symlink, truncate, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { render } from "../src/validate/messages/index.js";
import { PACKAGE_LIMITS, walkPackage, type PackageTree } from "../src/validate/package-tree.js";
import { callAsNobody } from "./fixtures.js";

const run = promisify(execFile);
const PKG = "plugins/demo";
const MANIFEST = 'schema_version = 1\n[plugin]\nname = "demo"\ndescription = "Demo package"\n';
/** A hang detector, far above any walk, also on a loaded machine: not a performance bound. */
const BOUND_MS = 30_000;
const MiB = 1024 * 1024;

const roots: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  // rm -rf, not fs.rm: it copes with paths longer than PATH_MAX (the ENAMETOOLONG test) and 0000 modes.
  await Promise.all(roots.splice(0).map((root) => run("rm", ["-rf", root])));
});

/** A fresh source root with plugins/demo/PLUGIN.toml; returns the package directory. */
async function makePackage(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "papc-tree-"));
  roots.push(root);
  const dir = join(root, PKG);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "PLUGIN.toml"), MANIFEST);
  return dir;
}

/** Empty files `prefix00001` … in `dir`, written in parallel batches. */
async function emptyFiles(dir: string, count: number, prefix = "f"): Promise<void> {
  for (let start = 0; start < count; start += 256) {
    const batch: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + 256); i++) batch.push(writeFile(join(dir, `${prefix}${String(i + 1).padStart(5, "0")}`), ""));
    await Promise.all(batch);
  }
}

async function sparse(file: string, size: number): Promise<void> {
  await writeFile(file, "");
  await truncate(file, size);
}

/** `levels` nested directories d01/d02/… under `dir`; returns the relative path of the deepest. */
async function chain(dir: string, levels: number): Promise<string> {
  const rel = Array.from({ length: levels }, (_, i) => `d${String(i + 1).padStart(2, "0")}`).join("/");
  await mkdir(join(dir, rel), { recursive: true });
  return rel;
}

async function walk(dir: string): Promise<PackageTree & { ms: number }> {
  const started = performance.now();
  const tree = await walkPackage(dir, PKG);
  const ms = performance.now() - started;
  expect(ms).toBeLessThan(BOUND_MS);
  return { ...tree, ms };
}

const codes = (tree: PackageTree): string[] => tree.findings.map((f) => `${f.problem.code} ${f.path}`);
const messages = (tree: PackageTree): string[] => tree.findings.map((f) => render(f.problem).message);

describe("walkPackage: a clean package", () => {
  it("lists regular files (relative path, size, mode) and directories, sorted, without findings", async () => {
    const dir = await makePackage();
    await mkdir(join(dir, "bin"));
    await writeFile(join(dir, "bin", "run.sh"), "#!/bin/sh\n");
    await chmod(join(dir, "bin", "run.sh"), 0o755);
    await writeFile(join(dir, "README.md"), "hello");
    await mkdir(join(dir, "empty"));
    const tree = await walk(dir);
    expect(tree.findings).toEqual([]);
    expect(tree.complete).toBe(true);
    expect(tree.files).toEqual([
      { path: "PLUGIN.toml", size: MANIFEST.length, mode: 0o644, executable: false },
      { path: "README.md", size: 5, mode: 0o644, executable: false },
      { path: "bin/run.sh", size: 10, mode: 0o755, executable: true },
    ]);
    expect(tree.directories).toEqual(["bin", "empty"]);
    expect(tree.entries).toBe(5); // PLUGIN.toml, README.md, bin, bin/run.sh, empty; the root is no entry
    expect(tree.bytes).toBe(MANIFEST.length + 15);
  });

  it("refuses a package directory that is a symlink or not a directory", async () => {
    const dir = await makePackage();
    const link = join(dir, "..", "linked");
    await symlink(dir, link);
    const linked = await walkPackage(link, "plugins/linked");
    expect(codes(linked)).toEqual(["unsafe_plugin_package_entry plugins/linked"]);
    expect(messages(linked)).toEqual(["the package directory must not be a symlink; it was not followed"]);
    const file = await walkPackage(join(dir, "PLUGIN.toml"), "plugins/x");
    expect(codes(file)).toEqual(["invalid_plugin_package plugins/x"]);
    expect(messages(file)).toEqual(["the package path must be a directory"]);
    const missing = await walkPackage(join(dir, "missing"), "plugins/y");
    expect(codes(missing)).toEqual(["unreadable_plugin_path plugins/y"]);
    expect(messages(missing)[0]).toMatch(/^cannot inspect the package directory: ENOENT/);
  });
});

describe("walkPackage: PAP-SEM-LIMIT-PACKAGE-ENTRIES (4096 entries)", () => {
  it("accepts exactly 4096 entries (PLUGIN.toml + 4095 files; the root is not counted)", async () => {
    const dir = await makePackage();
    await emptyFiles(dir, 4095);
    const tree = await walk(dir);
    expect(tree.findings).toEqual([]);
    expect(tree.entries).toBe(4096);
    expect(tree.files).toHaveLength(4096);
    expect(tree.complete).toBe(true);
  });

  it("refuses 4097 entries with one finding on the package path and stops", async () => {
    const dir = await makePackage();
    await emptyFiles(dir, 4096);
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}`]);
    expect(tree.findings[0]?.problem.kind).toBe("tree-package-entries");
    expect(messages(tree)).toEqual(["package exceeds limit package_entries = 4096 (actual: more than 4096 entries); walk stopped"]);
    expect(tree.complete).toBe(false);
  });

  it("counts directories as entries: 4094 files + PLUGIN.toml + one empty directory is 4096, a second directory 4097", async () => {
    const dir = await makePackage();
    await emptyFiles(dir, 4094);
    await mkdir(join(dir, "sub"));
    expect((await walk(dir)).findings).toEqual([]);
    await mkdir(join(dir, "sub", "inner"));
    expect(codes(await walk(dir))).toEqual([`invalid_plugin_package ${PKG}`]);
  });

  it("counts symlinks and entries of subdirectories too", async () => {
    const dir = await makePackage();
    await mkdir(join(dir, "lib"));
    await emptyFiles(join(dir, "lib"), 4093); // PLUGIN.toml + lib + 4093 + link = 4096
    await symlink("PLUGIN.toml", join(dir, "link"));
    const at = await walk(dir);
    expect(codes(at)).toEqual([`unsafe_plugin_package_entry ${PKG}/link`]);
    expect(at.entries).toBe(4096);
    await writeFile(join(dir, "lib", "one-more"), "");
    expect(codes(await walk(dir))).toContain(`invalid_plugin_package ${PKG}`);
  });

  it("reads no more than 4097 names of a directory with 10000 entries", async () => {
    const dir = await makePackage();
    await emptyFiles(dir, 10000);
    const tree = await walk(dir);
    expect(tree.entries).toBe(4097);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}`]);
  });
});

describe("walkPackage: PAP-SEM-LIMIT-DIRECTORY-DEPTH (32 directory levels)", () => {
  it("accepts a directory at level 32 with a file in it (a 33-segment file path)", async () => {
    const dir = await makePackage();
    const deepest = await chain(dir, 32);
    await writeFile(join(dir, deepest, "leaf.txt"), "x");
    const tree = await walk(dir);
    expect(tree.findings).toEqual([]);
    expect(tree.files.map((f) => f.path)).toContain(`${deepest}/leaf.txt`);
    expect(tree.directories).toHaveLength(32);
  });

  it("refuses a directory at level 33 on its own path and does not list it", async () => {
    const dir = await makePackage();
    const deepest = await chain(dir, 33);
    await writeFile(join(dir, deepest, "hidden.txt"), "x");
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}/${deepest}`]);
    expect(tree.findings[0]?.problem).toEqual({ code: "invalid_plugin_package", kind: "tree-directory-levels", level: 33 });
    expect(tree.files.map((f) => f.path)).toEqual(["PLUGIN.toml"]);
    expect(tree.entries).toBe(34); // PLUGIN.toml + 33 directories; hidden.txt is never read
  });

  it("an empty directory at level 33 is refused too", async () => {
    const dir = await makePackage();
    const deepest = await chain(dir, 33);
    expect(codes(await walk(dir))).toEqual([`invalid_plugin_package ${PKG}/${deepest}`]);
  });

  it("stops at level 33 of a 300-level chain (one finding, 34 entries)", async () => {
    const dir = await makePackage();
    const rel = Array.from({ length: 300 }, () => "d").join("/");
    await mkdir(join(dir, rel), { recursive: true });
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}/${Array.from({ length: 33 }, () => "d").join("/")}`]);
    expect(tree.entries).toBe(34);
  });
});

describe("walkPackage: PAP-SEM-LIMIT-FILE-SIZE (64 MiB per file)", () => {
  it("accepts a sparse file of exactly 67108864 bytes", async () => {
    const dir = await makePackage();
    await sparse(join(dir, "big.bin"), 64 * MiB);
    const tree = await walk(dir);
    expect(tree.findings).toEqual([]);
    expect(tree.files.find((f) => f.path === "big.bin")?.size).toBe(PACKAGE_LIMITS.file_bytes);
  });

  it("refuses a file of 67108865 bytes on its own path, without reading it", async () => {
    const dir = await makePackage();
    await sparse(join(dir, "big.bin"), 64 * MiB + 1);
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}/big.bin`]);
    expect(tree.findings[0]?.problem).toEqual({ code: "invalid_plugin_package", kind: "tree-file-bytes", bytes: 64 * MiB + 1 });
    expect(messages(tree)).toEqual(["file exceeds limit file_bytes = 67108864 (actual: 67108865 bytes); not read"]);
  });

  it("refuses a 16 GiB sparse file in bounded time (file and package limits both reported)", async () => {
    const dir = await makePackage();
    await sparse(join(dir, "huge.bin"), 16 * 1024 * MiB);
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}/huge.bin`, `invalid_plugin_package ${PKG}`]);
  });
});

describe("walkPackage: PAP-SEM-LIMIT-PACKAGE-SIZE (256 MiB per package)", () => {
  async function atLimit(): Promise<string> {
    const dir = await makePackage();
    // PLUGIN.toml counts: 3 × 64 MiB + (64 MiB − manifest) + manifest = 256 MiB exactly.
    for (const name of ["a.bin", "b.bin", "c.bin"]) await sparse(join(dir, name), 64 * MiB);
    await sparse(join(dir, "d.bin"), 64 * MiB - MANIFEST.length);
    return dir;
  }

  it("accepts regular files (PLUGIN.toml included) summing to exactly 268435456 bytes", async () => {
    const dir = await atLimit();
    const tree = await walk(dir);
    expect(tree.findings).toEqual([]);
    expect(tree.bytes).toBe(PACKAGE_LIMITS.package_bytes);
  });

  it("refuses 268435457 bytes with one finding on the package path", async () => {
    const dir = await atLimit();
    await mkdir(join(dir, "more"));
    await writeFile(join(dir, "more", "one.txt"), "x");
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}`]);
    expect(tree.findings[0]?.problem).toEqual({ code: "invalid_plugin_package", kind: "tree-package-bytes", bytes: 268435457, complete: true });
    expect(messages(tree)).toEqual(["package exceeds limit package_bytes = 268435456 (actual: 268435457 bytes in regular files)"]);
  });
});

describe("walkPackage: PAP-SEM-PACKAGE-NO-SYMLINKS", () => {
  it.each([
    ["to a file inside the package", "PLUGIN.toml"],
    ["escaping the package", "../../../outside.txt"],
    ["absolute, to the filesystem root (never traversed)", "/"],
    ["to /dev/zero (never opened)", "/dev/zero"],
    ["dangling", "does-not-exist"],
    ["to itself (a loop)", "self"],
  ])("refuses a symlink %s on its own path", async (_label, target) => {
    const dir = await makePackage();
    await symlink(target, join(dir, "self"));
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`unsafe_plugin_package_entry ${PKG}/self`]);
    expect(messages(tree)).toEqual(["package entry is a symlink; packages must not contain symlinks (it was not followed)"]);
    expect(tree.entries).toBe(2);
    expect(tree.files.map((f) => f.path)).toEqual(["PLUGIN.toml"]);
  });

  it("refuses both links of a two-link loop and a symlinked directory deeper down, without following", async () => {
    const dir = await makePackage();
    await symlink("b", join(dir, "a"));
    await symlink("a", join(dir, "b"));
    await mkdir(join(dir, "lib"));
    await symlink("..", join(dir, "lib", "up"));
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`unsafe_plugin_package_entry ${PKG}/a`, `unsafe_plugin_package_entry ${PKG}/b`, `unsafe_plugin_package_entry ${PKG}/lib/up`]);
    expect(tree.entries).toBe(5);
  });
});

/** Runs `command`, or returns why it cannot run here (for a skip). */
async function tryRun(command: string, args: string[]): Promise<string | undefined> {
  try {
    await run(command, args);
    return undefined;
  } catch (error) {
    return `${command} ${args.join(" ")} failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
}

describe("walkPackage: PAP-SEM-PACKAGE-SPECIAL-FILES (never opened)", () => {
  it("refuses a FIFO without opening it (opening one would block)", async () => {
    const dir = await makePackage();
    const problem = await tryRun("mkfifo", [join(dir, "pipe")]);
    expect(problem).toBeUndefined();
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`unsafe_plugin_package_entry ${PKG}/pipe`]);
    expect(tree.findings[0]?.problem).toEqual({ code: "unsafe_plugin_package_entry", kind: "tree-special", special: "fifo" });
    expect(messages(tree)).toEqual(["package entry is a named pipe (FIFO); only regular files and directories are allowed (it was not opened)"]);
  });

  it("refuses a Unix socket", async () => {
    const dir = await makePackage();
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(join(dir, "sock"), () => resolve());
    });
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`unsafe_plugin_package_entry ${PKG}/sock`]);
    expect(tree.findings[0]?.problem).toEqual({ code: "unsafe_plugin_package_entry", kind: "tree-special", special: "socket" });
  });

  it("refuses character and block devices (needs mknod permission, e.g. root with CAP_MKNOD)", async (context) => {
    const dir = await makePackage();
    const problem = (await tryRun("mknod", [join(dir, "null"), "c", "1", "3"])) ?? (await tryRun("mknod", [join(dir, "loop"), "b", "7", "0"]));
    if (problem) context.skip(`cannot create device nodes here: ${problem}`);
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`unsafe_plugin_package_entry ${PKG}/loop`, `unsafe_plugin_package_entry ${PKG}/null`]);
    expect(messages(tree).join(" ")).toMatch(/block device.*character device/);
  });

  it("reports every unsafe entry and every limit it meets in one walk", async () => {
    const dir = await makePackage();
    expect(await tryRun("mkfifo", [join(dir, "pipe")])).toBeUndefined();
    await symlink("/", join(dir, "root"));
    await sparse(join(dir, "big.bin"), 64 * MiB + 1);
    const tree = await walk(dir);
    expect(codes(tree)).toEqual([`invalid_plugin_package ${PKG}/big.bin`, `unsafe_plugin_package_entry ${PKG}/pipe`, `unsafe_plugin_package_entry ${PKG}/root`]);
  });
});

describe("walkPackage: unreadable entries and odd names", () => {
  it("reports a directory it cannot list as unreadable_plugin_path and goes on", async (context) => {
    const dir = await makePackage();
    await mkdir(join(dir, "locked"));
    await writeFile(join(dir, "locked", "secret"), "x");
    await writeFile(join(dir, "z-after.txt"), "x");
    await chmod(join(dir, "locked"), 0o000);
    let tree: PackageTree;
    if (process.getuid?.() !== 0) {
      tree = await walk(dir);
    } else {
      // Root ignores permission bits: walk as an unprivileged user in a child (the built module).
      // The child must reach the package: open up <root>/plugins/demo, <root>/plugins and <root> (mkdtemp made it 0700).
      for (const up of [dir, join(dir, ".."), join(dir, "..", "..")]) await chmod(up, 0o755);
      tree = await callAsNobody<PackageTree>("package-tree", `m.walkPackage(${JSON.stringify(dir)}, ${JSON.stringify(PKG)})`, context);
    }
    expect(codes(tree)).toEqual([`unreadable_plugin_path ${PKG}/locked`]);
    expect(tree.files.map((f) => f.path)).toEqual(["PLUGIN.toml", "z-after.txt"]);
  });

  it("reports entries beyond PATH_MAX as unreadable_plugin_path (16 levels of 255-byte names), as root too", async () => {
    const dir = await makePackage();
    const name = "n".repeat(255);
    // Created relative to a child's cwd: no single absolute path may exceed PATH_MAX.
    const script = "const fs = require('node:fs'); process.chdir(process.argv[1]); for (let i = 0; i < 17; i++) { fs.mkdirSync(process.argv[2]); process.chdir(process.argv[2]); }";
    await run(process.execPath, ["-e", script, dir, name]);
    const tree = await walk(dir);
    // The 16th directory's absolute path is longer than PATH_MAX: lstat fails there, once.
    expect(tree.findings.map((f) => f.problem.kind)).toEqual(["tree-entry-uninspectable"]);
    expect(tree.findings[0]?.path).toBe(`${PKG}/${Array.from({ length: 16 }, () => name).join("/")}`);
  });

  it("refuses an entry name that is not valid UTF-8 without inspecting it", async () => {
    const dir = await makePackage();
    await writeFile(Buffer.concat([Buffer.from(`${dir}/bad-`), Buffer.from([0xff])]), "x");
    const tree = await walk(dir);
    expect(tree.findings.map((f) => f.problem)).toEqual([{ code: "invalid_plugin_package", kind: "tree-name-encoding", hex: "6261642dff" }]);
    expect(messages(tree)).toEqual(["package entry name is not valid UTF-8 (bytes 6261642dff); not inspected"]);
    expect(tree.entries).toBe(2);
  });
});
