// The bounded, safe walk of one package directory (plugins/<name>/): which regular files it
// holds, and whether the tree stays within the package limits of draft 0.1 ("4096 package
// entries, 32 directory levels, 64 MiB per file, and 256 MiB per package"; "Consumers must
// bound untrusted parsing and file traversal"; "Paths cannot escape the package or rely on
// symlinks"). It never reads a file's contents and never opens anything but a directory that
// lstat called a directory; the caller reads PLUGIN.toml and tool entries itself, within limits.
//
// Definitions (SPEC.md records them; they match the published reference's collect_package_files):
//
// - Entry: every name listed in a directory of the package that the walk lists — regular files,
//   directories, symlinks and special files alike, PLUGIN.toml included. The package root itself
//   is not an entry, and neither is anything inside a directory that is not listed (a directory
//   past the depth limit, an unreadable one). At most 4096 entries: the 4097th listed name is a
//   finding (invalid_plugin_package, on the package path) and the walk stops there, so the
//   result is then incomplete. Names are counted while they are read from the directory, before
//   they are sorted, so a directory with a million names costs 4097 reads, not a million.
// - Directory level: the package root is level 0; a directory has the level of its parent plus
//   one, i.e. the number of "/"-separated segments of its path relative to the package root.
//   Directories up to level 32 are listed; a directory at level 33 is an entry (counted) and a
//   finding (invalid_plugin_package, on that directory's path), and it is not listed. Files may
//   sit in a level-32 directory (a relative file path then has 33 segments).
// - File size: st_size from lstat (the apparent size: a sparse file counts its full length).
//   A regular file larger than 64 MiB (67108864 bytes) is a finding on that file's path.
// - Package size: the sum of st_size of every regular file seen, PLUGIN.toml included (an
//   oversized file included; directories, symlinks and special files add nothing; a file with
//   several hard links inside the package counts once per name). Above 256 MiB (268435456
//   bytes) it is one finding on the package path.
// - Unsafe entry: any entry that lstat does not call a regular file or a directory — a
//   symlink (whatever it points to: inside, outside, nowhere, itself), a FIFO, a socket, a
//   block or character device — is a finding (unsafe_plugin_package_entry) on its own path. It
//   is never followed, opened or read; a symlink loop is just one symlink.
// - Unreadable: an entry lstat cannot inspect, or a directory that cannot be listed, is a
//   finding (unreadable_plugin_path) on its path; the walk goes on with the rest.
// - Entry names must be valid UTF-8 (report paths are UTF-8 strings): a name that is not is a
//   finding (invalid_plugin_package) and is neither inspected nor descended.
//
// Findings are reported for every violation the walk meets (not only the first), in walk
// order: depth first, names in UTF-8 byte order, a directory's contents right after its name;
// the package-size finding comes last. The only early stop is the entry limit.
//
// The walk is iterative (an explicit stack; depth is bounded by the level limit anyway), reads
// each directory through opendir (names arrive in small batches and are counted as they come),
// lstats a listed directory's names 64 at a time, and holds at most 4097 names in total.
// Not defended: a tree that an attacker changes while it is being walked (a directory swapped
// for a symlink between lstat and opendir); validation assumes the source is not being
// modified concurrently.

import type { Dir, Stats } from "node:fs";
import { lstat, opendir } from "node:fs/promises";
import { join } from "node:path";
import { errorText } from "../wording.js";
import type { SpecialEntry, TreeProblem } from "./messages/tree.js";

/** The package-tree limits of the reference consumer; names are quoted in messages (messages/tree.ts). */
export const PACKAGE_LIMITS = {
  /** Entries below the package root (files, directories, symlinks, special files). */
  package_entries: 4096,
  /** Directory levels below the package root (the root is level 0). */
  directory_levels: 32,
  /** Bytes per regular file (st_size). */
  file_bytes: 64 * 1024 * 1024,
  /** Bytes of all regular files of one package together (st_size). */
  package_bytes: 256 * 1024 * 1024,
} as const;

export interface PackageTreeFinding {
  /** "/"-separated path relative to the source root (e.g. "plugins/demo/bin/run"). */
  path: string;
  /** What is wrong there (a limit finding's kind names its limit: tree-package-entries, …). */
  problem: TreeProblem;
}

export interface PackageFile {
  /** "/"-separated path relative to the package root (e.g. "PLUGIN.toml", "bin/run.sh"). */
  path: string;
  /** st_size from lstat; the file was never opened. */
  size: number;
  /** Permission bits (st_mode & 0o7777). */
  mode: number;
  /** Any execute bit set (as the published reference decides "executable"). */
  executable: boolean;
}

export interface PackageTree {
  /** Regular files, sorted by path in UTF-8 byte order (oversized ones included). */
  files: PackageFile[];
  /** Directories below the root (listed or not), relative to the package root, sorted. */
  directories: string[];
  /** Entries counted (at most package_entries + 1). */
  entries: number;
  /** Sum of st_size over `files`. */
  bytes: number;
  /** False when the walk stopped at the entry limit: files and directories are then partial. */
  complete: boolean;
  findings: PackageTreeFinding[];
}

/** lstat calls per batch: enough parallelism to hide latency, bounded memory and file handles. */
const LSTAT_BATCH = 64;

type Inspected = { stats: Stats } | { error: unknown };

interface Frame {
  /** Relative path of this directory inside the package ("" for the root). */
  rel: string;
  level: number;
  /** The directory's names, sorted, with their lstat results (taken right after listing). */
  names: string[];
  inspected: Inspected[];
  next: number;
}

type Listing = { ok: true; names: string[] } | { ok: false; error: unknown } | { ok: "limit" };

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lossyUtf8 = new TextDecoder("utf-8");

// Stryker disable next-line BlockStatement: only the order of findings, which the report sorts (PAP-REPORT-SORTED)
function byteOrder(left: string, right: string): number {
  // Stryker disable next-line StringLiteral: Buffer.from treats an empty encoding as UTF-8
  return Buffer.compare(Buffer.from(left, "utf8"), Buffer.from(right, "utf8"));
}

function specialKind(stats: Stats): SpecialEntry {
  if (stats.isFIFO()) return "fifo";
  if (stats.isSocket()) return "socket";
  if (stats.isCharacterDevice()) return "character-device";
  if (stats.isBlockDevice()) return "block-device";
  return "other";
}

/** One walk of one package: the tree found so far and the steps that extend it. */
class PackageWalk {
  readonly tree: PackageTree = {
    files: [],
    // Stryker disable next-line ArrayDeclaration: the validator reads only the findings, whose codes and paths are all cases see; the directories are for other callers of the walker (unit-tested)
    directories: [],
    entries: 0,
    bytes: 0,
    // Stryker disable next-line BooleanLiteral: the validator reads only the findings, whose codes and paths are all cases see; completeness is for other callers of the walker (unit-tested)
    complete: true,
    findings: [],
  };

  constructor(
    private readonly packageDir: string,
    private readonly packagePath: string,
  ) {}

  finding(rel: string, problem: TreeProblem): void {
    this.tree.findings.push({ path: rel === "" ? this.packagePath : `${this.packagePath}/${rel}`, problem });
  }

  /**
   * The root, with lstat: a package directory that is a symlink (or not a directory) is refused
   * here too, whoever calls the walker. False when there is nothing to walk.
   */
  async rootIsDirectory(): Promise<boolean> {
    let rootStats: Stats;
    try {
      rootStats = await lstat(this.packageDir);
    } catch (error) {
      this.finding("", { code: "unreadable_plugin_path", kind: "tree-root-uninspectable", error: errorText(error) });
      return false;
    }
    // Stryker disable next-line ConditionalExpression: unreachable from the validator: discovery refuses a symlinked package directory before the walk
    if (rootStats.isSymbolicLink()) {
      this.finding("", { code: "unsafe_plugin_package_entry", kind: "tree-root-symlink" });
      return false;
    }
    // Stryker disable next-line ConditionalExpression: unreachable from the validator: discovery only walks directories
    if (!rootStats.isDirectory()) {
      this.finding("", { code: "invalid_plugin_package", kind: "tree-root-not-directory" });
      return false;
    }
    return true;
  }

  /**
   * Lists one directory, counting every name against the entry limit as it is read. Names that
   * are not UTF-8 are counted, reported and dropped.
   */
  async list(rel: string): Promise<Listing> {
    let dir: Dir;
    try {
      dir = await opendir(join(this.packageDir, rel), { encoding: "buffer" as BufferEncoding, bufferSize: 128 });
    } catch (error) {
      return { ok: false, error };
    }
    const names: string[] = [];
    try {
      for (;;) {
        const dirent = await dir.read();
        if (dirent === null) break;
        this.tree.entries += 1;
        if (this.tree.entries > PACKAGE_LIMITS.package_entries) return { ok: "limit" };
        // encoding "buffer": the name arrives as raw bytes, whatever Node's typings say.
        const raw = dirent.name as unknown as Buffer | string;
        const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8");
        let name: string;
        try {
          name = strictUtf8.decode(bytes);
        } catch {
          const shown = lossyUtf8.decode(bytes);
          this.finding(rel === "" ? shown : `${rel}/${shown}`, { code: "invalid_plugin_package", kind: "tree-name-encoding", hex: bytes.toString("hex") });
          continue;
        }
        names.push(name);
      }
    } catch (error) {
      return { ok: false, error };
    } finally {
      await dir.close().catch(() => undefined);
    }
    // Stryker disable next-line MethodExpression: only the order of findings, which the report sorts (PAP-REPORT-SORTED)
    names.sort(byteOrder);
    return { ok: true, names };
  }

  /** lstat every name of a listed directory, LSTAT_BATCH at a time (at most 4096 in all). */
  async inspect(rel: string, names: string[]): Promise<Inspected[]> {
    const dirAbs = join(this.packageDir, rel);
    const out: Inspected[] = [];
    // Stryker disable next-line EqualityOperator: one more, empty batch changes nothing
    for (let start = 0; start < names.length; start += LSTAT_BATCH) {
      const batch = names.slice(start, start + LSTAT_BATCH);
      out.push(
        ...(await Promise.all(
          batch.map((name) =>
            lstat(join(dirAbs, name)).then(
              (stats) => ({ stats }),
              (error: unknown) => ({ error }),
            ),
          ),
        )),
      );
    }
    return out;
  }

  /**
   * One entry of a listed directory: a finding, a file counted, or a directory listed, returned
   * as the frame to descend into. "limit" when the package has too many entries.
   */
  async visit(parent: Frame, rel: string, result: Inspected): Promise<Frame | "limit" | undefined> {
    if ("error" in result) {
      this.finding(rel, { code: "unreadable_plugin_path", kind: "tree-entry-uninspectable", error: errorText(result.error) });
      return undefined;
    }
    const entry = result.stats;
    // Stryker disable next-line ConditionalExpression: a symlink not caught here is neither file nor directory and gets the same code on the same path below
    if (entry.isSymbolicLink()) {
      this.finding(rel, { code: "unsafe_plugin_package_entry", kind: "tree-symlink" });
    } else if (entry.isFile()) {
      const size = entry.size;
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: the validator reads only the findings, whose codes and paths are all cases see; files, directories, modes and completeness are for other callers of the walker (unit-tested)
      this.tree.files.push({ path: rel, size, mode: entry.mode & 0o7777, executable: (entry.mode & 0o111) !== 0 });
      this.tree.bytes += size;
      if (size > PACKAGE_LIMITS.file_bytes) {
        this.finding(rel, { code: "invalid_plugin_package", kind: "tree-file-bytes", bytes: size });
      }
    } else if (entry.isDirectory()) {
      this.tree.directories.push(rel);
      const level = parent.level + 1;
      if (level > PACKAGE_LIMITS.directory_levels) {
        this.finding(rel, { code: "invalid_plugin_package", kind: "tree-directory-levels", level });
        return undefined;
      }
      const listing = await this.list(rel);
      if (listing.ok === "limit") return "limit";
      if (listing.ok === false) {
        this.finding(rel, { code: "unreadable_plugin_path", kind: "tree-directory-unlistable", error: errorText(listing.error) });
        return undefined;
      }
      return { rel, level, names: listing.names, inspected: await this.inspect(rel, listing.names), next: 0 };
    } else {
      this.finding(rel, { code: "unsafe_plugin_package_entry", kind: "tree-special", special: specialKind(entry) });
    }
    return undefined;
  }

  stopAtEntryLimit(): PackageTree {
    // Stryker disable next-line BooleanLiteral: the validator reads only the findings, whose codes and paths are all cases see; files, directories, modes and completeness are for other callers of the walker (unit-tested)
    this.tree.complete = false;
    this.finding("", { code: "invalid_plugin_package", kind: "tree-package-entries" });
    return this.finish();
  }

  finish(): PackageTree {
    const tree = this.tree;
    if (tree.bytes > PACKAGE_LIMITS.package_bytes) {
      this.finding("", { code: "invalid_plugin_package", kind: "tree-package-bytes", bytes: tree.bytes, complete: tree.complete });
    }
    // Stryker disable next-line MethodExpression,ArrowFunction: the validator reads only the findings, whose codes and paths are all cases see; files, directories, modes and completeness are for other callers of the walker (unit-tested)
    tree.files.sort((left, right) => byteOrder(left.path, right.path));
    // Stryker disable next-line MethodExpression: the validator reads only the findings, whose codes and paths are all cases see; files, directories, modes and completeness are for other callers of the walker (unit-tested)
    tree.directories.sort(byteOrder);
    return tree;
  }
}

/** Walks a package depth first, names in byte order, and returns what it holds and what is wrong with it. */
export async function walkPackage(packageDir: string, packagePath: string): Promise<PackageTree> {
  const walk = new PackageWalk(packageDir, packagePath);
  if (!(await walk.rootIsDirectory())) return walk.tree;
  const rootListing = await walk.list("");
  if (rootListing.ok === "limit") return walk.stopAtEntryLimit();
  if (rootListing.ok === false) {
    walk.finding("", { code: "unreadable_plugin_path", kind: "tree-root-unlistable", error: errorText(rootListing.error) });
    return walk.finish();
  }
  const stack: Frame[] = [{ rel: "", level: 0, names: rootListing.names, inspected: await walk.inspect("", rootListing.names), next: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    // Names strictly in order; at a directory, descend at once (depth first) and resume here after.
    let child: Frame | undefined;
    while (frame.next < frame.names.length && child === undefined) {
      const name = frame.names[frame.next] as string;
      const result = frame.inspected[frame.next] as Inspected;
      frame.next += 1;
      const visited = await walk.visit(frame, frame.rel === "" ? name : `${frame.rel}/${name}`, result);
      if (visited === "limit") return walk.stopAtEntryLimit();
      child = visited;
    }
    if (child === undefined) stack.pop();
    else stack.push(child);
  }
  return walk.finish();
}
