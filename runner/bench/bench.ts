// `npm run bench`: the figures of the kit's speed, side by side from one run on one machine.
//   offline suite   every case but the live ones, against the reference, --jobs auto (papc run, wall)
//   no-op floor     the same cases against an implementation that does no work but answers at once
//                   (runner/bench/null-persistent.mjs): fixtures, protocol and judging only
//   one case        papc run --case <one case>, wall, median of 5 (process start to exit)
//   live suite      the live cases in the real pinned harnesses (skipped, and so quick, when absent)
//   exec/persistent manifest/structural/** in both protocol modes, 1 job: time per case
// All through the built CLI, as a user runs it, with the case cache warm (a first run fills it).

import { execa } from "execa";
import { cpus } from "node:os";
import { join } from "node:path";
import { dir as tmpDir } from "tmp-promise";
import { kitRoot } from "../shared/kit-root.js";

const root = kitRoot();
const PAPC = join(root, "dist/runner/src/cli.js");
const OFFLINE = ["manifest/**", "hooks/**", "composition/**", "lifecycle/**", "agent-plugins/**", "cli/**"].flatMap((g) => ["--case", g]);
const ONE_CASE = "manifest/structural/hook/timeout-underscores";
const NULL = `node ${join(root, "runner/bench/null-persistent.mjs")}`;

interface Timed {
  seconds: number;
  cases: number;
  totals: Record<string, number>;
}

async function papc(args: string[]): Promise<Timed> {
  const out = await tmpDir({ unsafeCleanup: true });
  try {
    const started = performance.now();
    const r = await execa("node", [PAPC, "run", ...args, "--json", "--out", out.path], { reject: false, cwd: root });
    const seconds = (performance.now() - started) / 1000;
    if (r.exitCode === 2) throw new Error(`papc run ${args.join(" ")} did not run:\n${r.stderr}`);
    const summary = JSON.parse(r.stdout) as { totals: Record<string, number> };
    return { seconds, cases: Object.values(summary.totals).reduce((a, b) => a + b, 0), totals: summary.totals };
  } finally {
    await out.cleanup();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const shown = (t: Timed): string =>
  Object.entries(t.totals)
    .map(([o, n]) => `${o} ${n}`)
    .join(", ");

await papc(["--case", ONE_CASE]); // the build's first run fills the case cache
const oneCaseRuns: number[] = [];
for (let i = 0; i < 5; i++) oneCaseRuns.push((await papc(["--case", ONE_CASE])).seconds);
const oneCase = median(oneCaseRuns);
const offline = await papc([...OFFLINE, "--jobs", "auto"]);
const floor = await papc([...OFFLINE, "--jobs", "auto", "--command", NULL]);
const live = await papc(["--case", "live/**", "--jobs", "auto"]);
const persistent = await papc(["--case", "manifest/structural/**", "--jobs", "1"]);
const exec = await papc(["--case", "manifest/structural/**", "--jobs", "1", "--adapter", "reference-exec"]);

const row = (label: string, t: Timed): string =>
  `${label.padEnd(34)} ${String(t.cases).padStart(5)}  ${t.seconds.toFixed(2).padStart(8)} s  ${((t.seconds * 1000) / Math.max(1, t.cases)).toFixed(2).padStart(8)} ms/case   ${shown(t)}`;
console.log(`\npapc bench (${process.version}, ${process.platform}/${process.arch}, ${cpus().length} cores; --jobs auto = ${cpus().length})\n`);
console.log(`${"what".padEnd(34)} cases      wall      per case   outcomes`);
console.log(row("offline suite, reference", offline));
console.log(row("offline suite, no-op (the floor)", floor));
console.log(row("live suite, reference", live));
console.log(row("manifest/structural, persistent", persistent));
console.log(row("manifest/structural, exec", exec));
console.log(`${"one case (median of 5)".padEnd(34)} ${"1".padStart(5)}  ${oneCase.toFixed(2).padStart(8)} s`);
console.log(`\noffline suite / no-op floor: ${(offline.seconds / floor.seconds).toFixed(2)}x`);
console.log(`exec / persistent per case: ${(exec.seconds / exec.cases / (persistent.seconds / persistent.cases)).toFixed(1)}x`);
console.log(`whole suite (offline + live, run apart): ${(offline.seconds + live.seconds).toFixed(1)} s`);
