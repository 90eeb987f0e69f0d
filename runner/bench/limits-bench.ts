// Package-tree limits bench: builds, in a temp directory, the largest source the limits allow
// and the worst adversarial sources, and prints for each how long the reference's validate()
// takes, how long a plain walk of the same tree takes (readdir + lstat recursion over the whole
// source, no limits, never following links), how long walkPackage() takes over its packages,
// and the ratio validate / plain walk. A bounded validator stays near or below 1× on the
// adversarial sources (it stops early); one that reads or follows things does not.
//
//   npx tsc -p tsconfig.json && node dist/runner/bench/limits-bench.js [--quick] [--runs N]
//
// --quick shrinks the adversarial sources (for a smoke run); --runs is the number of timed runs
// per measurement (median reported, default 3). Imports the reference directly: a bench may.

import { execFileSync } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PACKAGE_LIMITS, walkPackage } from "../../reference/src/validate/package-tree.js";
import { validate } from "../../reference/src/validate/validate.js";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 3) : 3;
const MiB = 1024 * 1024;

function manifest(name: string): string {
  return `schema_version = 1\n\n[plugin]\nname = "${name}"\ndescription = "Bench package"\n`;
}

async function parallel(jobs: (() => Promise<unknown>)[], width = 256): Promise<void> {
  for (let start = 0; start < jobs.length; start += width) await Promise.all(jobs.slice(start, start + width).map((job) => job()));
}

async function sparse(file: string, size: number): Promise<void> {
  await writeFile(file, "");
  await truncate(file, size);
}

async function packageDir(source: string, name: string): Promise<string> {
  const dir = join(source, "plugins", name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "PLUGIN.toml"), manifest(name));
  return dir;
}

/**
 * A package at every limit at once: exactly 4096 entries (PLUGIN.toml, a 32-level directory
 * chain, 4063 files spread over the levels), a directory at level 32, and regular files summing
 * to 268435455 bytes (one byte under 256 MiB; three 64 MiB files, sparse).
 */
async function largestLegalPackage(source: string, name: string): Promise<void> {
  const dir = await packageDir(source, name);
  const levels = Array.from({ length: PACKAGE_LIMITS.directory_levels }, (_, i) => `d${String(i + 1).padStart(2, "0")}`);
  await mkdir(join(dir, ...levels), { recursive: true });
  const fileCount = PACKAGE_LIMITS.package_entries - 1 - levels.length; // 4063
  const jobs: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < fileCount; i++) {
    const where = join(dir, ...levels.slice(0, i % (levels.length + 1)));
    jobs.push(() => writeFile(join(where, `f${String(i).padStart(4, "0")}`), ""));
  }
  await parallel(jobs);
  const manifestBytes = Buffer.byteLength(manifest(name));
  const big = [PACKAGE_LIMITS.file_bytes, PACKAGE_LIMITS.file_bytes, PACKAGE_LIMITS.file_bytes];
  const last = PACKAGE_LIMITS.package_bytes - 1 - manifestBytes - big.reduce((a, b) => a + b, 0);
  await sparse(join(dir, "f0000"), big[0] as number);
  await sparse(join(dir, levels[0] as string, "f0001"), big[1] as number);
  await sparse(join(dir, ...levels, "f0032"), big[2] as number);
  await sparse(join(dir, levels[0] as string, levels[1] as string, "f0002"), last);
}

interface Scenario {
  name: string;
  what: string;
  build: (source: string) => Promise<void>;
}

const WIDE = quick ? 20_000 : 100_000;
const DEEP = quick ? 200 : 1000;
const HUGE_FILES = quick ? 8 : 64;
const MANY_PACKAGES = quick ? 200 : 1000;
const LEGAL_COPIES = quick ? 2 : 8;

const scenarios: Scenario[] = [
  {
    name: "largest-legal",
    what: "1 package at every limit: 4096 entries, depth 32, 256 MiB − 1 byte (sparse)",
    build: (source) => largestLegalPackage(source, "demo"),
  },
  {
    name: `largest-legal-x${LEGAL_COPIES}`,
    what: `${LEGAL_COPIES} packages, each at every limit`,
    build: async (source) => {
      for (let i = 0; i < LEGAL_COPIES; i++) await largestLegalPackage(source, `demo-${i}`);
    },
  },
  {
    name: "many-packages",
    what: `${MANY_PACKAGES} minimal valid packages`,
    build: async (source) => parallel(Array.from({ length: MANY_PACKAGES }, (_, i) => () => packageDir(source, `p${i}`))),
  },
  {
    name: "wide-directory",
    what: `1 package, ${WIDE} empty files in one directory`,
    build: async (source) => {
      const dir = await packageDir(source, "demo");
      await parallel(Array.from({ length: WIDE }, (_, i) => () => writeFile(join(dir, `f${i}`), "")));
    },
  },
  {
    name: "deep-chain",
    what: `1 package, a chain of ${DEEP} nested directories`,
    build: async (source) => {
      const dir = await packageDir(source, "demo");
      await mkdir(join(dir, ...Array.from({ length: DEEP }, () => "d")), { recursive: true });
    },
  },
  {
    name: "huge-sparse-files",
    what: `1 package, ${HUGE_FILES} sparse files of 1 GiB each`,
    build: async (source) => {
      const dir = await packageDir(source, "demo");
      for (let i = 0; i < HUGE_FILES; i++) await sparse(join(dir, `huge${i}.bin`), 1024 * MiB);
    },
  },
  {
    name: "links-and-specials",
    what: "1 package: symlinks to /, /dev/zero, itself, a 2-link loop, a parent loop; a FIFO",
    build: async (source) => {
      const dir = await packageDir(source, "demo");
      await symlink("/", join(dir, "root"));
      await symlink("/dev/zero", join(dir, "zero"));
      await symlink("self", join(dir, "self"));
      await symlink("b", join(dir, "a"));
      await symlink("a", join(dir, "b"));
      await mkdir(join(dir, "lib"));
      await symlink("..", join(dir, "lib", "up"));
      try {
        execFileSync("mkfifo", [join(dir, "pipe")]);
      } catch {
        // no mkfifo here: the scenario runs without the FIFO
      }
    },
  },
];

/** The baseline: a complete walk of the source, lstat on every entry, never following links. */
async function plainWalk(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const stats = await lstat(path);
    count += 1;
    if (stats.isDirectory()) count += await plainWalk(path);
  }
  return count;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value: T | undefined;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    value = await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, value: value as T };
}

async function walkAllPackages(source: string): Promise<{ findings: number; entries: number }> {
  let findings = 0;
  let entries = 0;
  const plugins = join(source, "plugins");
  for (const name of await readdir(plugins)) {
    const tree = await walkPackage(join(plugins, name), `plugins/${name}`);
    findings += tree.findings.length;
    entries += tree.entries;
  }
  return { findings, entries };
}

const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0)).padStart(9);

const root = await mkdtemp(join(tmpdir(), "papc-limits-bench-"));
console.log(`limits bench (${quick ? "quick" : "full"}, median of ${RUNS} runs), temp dir ${root}`);
console.log(`Node ${process.version}, ${process.platform}/${process.arch}\n`);
const rows: string[] = [];
try {
  for (const scenario of scenarios) {
    const source = join(root, scenario.name);
    await mkdir(source);
    const builtAt = performance.now();
    await scenario.build(source);
    const buildMs = performance.now() - builtAt;
    const v = await timed(() => validate(source));
    const w = await timed(() => plainWalk(source));
    const t = await timed(() => walkAllPackages(source));
    const codes = [...new Set(v.value.report.diagnostics.map((d) => d.code))].join(",") || "-";
    rows.push(
      `${scenario.name.padEnd(22)} ${fmt(buildMs)} ${fmt(v.ms)} ${fmt(w.ms)} ${fmt(t.ms)} ${(v.ms / w.ms).toFixed(2).padStart(7)}x ` +
        `${String(w.value).padStart(7)} ${String(t.value.entries).padStart(7)}  exit ${v.value.exit}, ${v.value.report.diagnostics.length} diag (${codes}); walker ${t.value.findings} findings`,
    );
    console.log(`${scenario.name}: ${scenario.what}`);
    await rm(source, { recursive: true, force: true });
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
console.log(
  `\n${"scenario".padEnd(22)} ${"build ms".padStart(9)} ${"validate".padStart(9)} ${"walk ms".padStart(9)} ${"walker ms".padStart(9)} ${"v/walk".padStart(8)} ${"entries".padStart(7)} ${"walker#".padStart(7)}  result`,
);
for (const row of rows) console.log(row);
console.log("\nvalidate = reference validate(); walk = plain readdir+lstat recursion over the whole source;");
console.log("walker = walkPackage() over every plugins/<name> (bounded: stops at 4097 entries and level 33);");
console.log("entries = names the plain walk saw; walker# = entries the walker counted.");
